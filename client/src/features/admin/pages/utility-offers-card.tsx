import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { readSectorSetting, SECTOR_SETTINGS_DEFAULTS, sectorSettingIssue } from '../../../../../shared/practices/sector-settings';
import type { TUtilityOfferEntry } from '../../../../../shared/practices/utility-offers';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useTRPC } from '../../../lib/trpc';
import type { TOffersCatalogue } from './sector-settings/offers-draft';
import { OffersEditor } from './sector-settings/offers-editor';
import { SettingsFormActions } from './sector-settings/settings-form-actions';
import { useSettingsDraft } from './sector-settings/use-settings-draft';
import { SettingsHistoryButton } from '../components/settings-history-button';

type TOffersKey = 'luceGasConfig' | 'gplConfig';
type TOffersConfig = { offers: TUtilityOfferEntry[] };

const CARDS: Record<TOffersKey, { catalogue: TOffersCatalogue; title: string; description: string; noun: string; successMessage: string }> = {
  luceGasConfig: {
    catalogue: 'luceGas',
    title: 'Offerte luce e gas',
    description: 'Le offerte di luce, gas e luce e gas tra cui il corner sceglie quando apre una pratica: fornitore, clienti a cui si rivolgono, validità, documenti e provvigione.',
    noun: 'luce e gas',
    successMessage: 'Offerte luce e gas salvate',
  },
  gplConfig: {
    catalogue: 'gpl',
    title: 'Offerte GPL',
    description: 'Le offerte di GPL tra cui il corner sceglie, con le condizioni del contratto che il D.Lgs. 32/1998 (art. 10) limita: fornitura, serbatoio, riscatto e rimozione.',
    noun: 'GPL',
    successMessage: 'Offerte GPL salvate',
  },
};

/** /admin/impostazioni: one offers catalogue kept by the admin (`luceGasConfig` or `gplConfig`), saved on its own. */
export const UtilityOffersCard = ({ settingKey }: { settingKey: TOffersKey }) => {
  const card = CARDS[settingKey];
  const trpc = useTRPC();
  const settings = useQuery(trpc.settings.admin.queryOptions({ key: settingKey }));
  const saved: Record<string, TOffersConfig> = {
    [settingKey]: settings.data ? readSectorSetting(settingKey, settings.data[settingKey]) : SECTOR_SETTINGS_DEFAULTS[settingKey],
  };
  const { draft, edit, changed, hasIssues, errorAt, failure, isSaving, save, reset } = useSettingsDraft<Record<string, TOffersConfig>>({
    keys: [settingKey],
    saved,
    issueOf: (_key, value) => sectorSettingIssue(settingKey, value),
    successMessage: card.successMessage,
  });
  const offers = draft[settingKey]?.offers ?? [];
  const titleId = `${settingKey}-title`;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save();
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={titleId}>
      <Stack gap="lg">
        <div>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={2} fz={{ base: 18, sm: 20 }} id={titleId}>
              {card.title}
            </Title>
            <SettingsHistoryButton title={card.title} keys={[{ key: settingKey, label: card.title }]} />
          </Group>
          <Text size="sm" c="dimmed">
            {card.description}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            Le modifiche valgono per le nuove richieste: le attivazioni già inviate mantengono l’offerta, i documenti e la provvigione con cui sono state inviate.
          </Text>
        </div>
        {settings.isPending && <PageLoader />}
        {settings.isError && (
          <QueryError title={`Impossibile caricare le offerte ${card.noun}`} error={settings.error} onRetry={() => void settings.refetch()} isRetrying={settings.isFetching} />
        )}
        {settings.data && (
          <form noValidate onSubmit={handleSubmit}>
            <Stack gap="lg">
              <FormAlert error={failure} />
              <OffersEditor
                catalogue={card.catalogue}
                offers={offers}
                savedIds={saved[settingKey]?.offers.map((offer) => offer.id) ?? []}
                onChange={(next) => edit(settingKey, { offers: next })}
                errorAt={(path) => errorAt(settingKey, path)}
                disabled={isSaving}
              />
              <SettingsFormActions
                resetLabel="Annulla modifiche"
                resetAriaLabel={`Annulla modifiche alle offerte ${card.noun}`}
                saveLabel={`Salva offerte ${card.noun}`}
                onReset={reset}
                hasChanges={changed.length > 0}
                hasIssues={hasIssues}
                isSaving={isSaving}
              />
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
};
