import { Divider, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import {
  GENERAL_SETTINGS_DEFAULTS,
  generalSettingIssue,
  readGeneralSetting,
  type TGeneralSettingKey,
  type TGeneralSettings,
} from '../../../../../shared/schemas/general-settings';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useTRPC } from '../../../lib/trpc';
import { SettingsHistoryButton } from '../components/settings-history-button';
import { CornerDocsEditor } from './general-settings/corner-docs-editor';
import { RcaBotsEditor } from './general-settings/rca-bots-editor';
import { SettingsFormActions } from './sector-settings/settings-form-actions';
import { useSettingsDraft } from './sector-settings/use-settings-draft';

const KEYS = ['profileDocs', 'otherDocs', 'aniaState', 'aniaConfig', 'rcaBots'] as const satisfies readonly TGeneralSettingKey[];

const HISTORY_KEYS = [
  { key: 'profileDocs', label: 'Documenti del profilo' },
  { key: 'otherDocs', label: 'Altri documenti' },
  { key: 'aniaState', label: 'Verifica dell’iscrizione al RUI' },
  { key: 'aniaConfig', label: 'Consultazione ANIA' },
  { key: 'rcaBots', label: 'Fonti automatiche di preventivo' },
] as const satisfies readonly { key: TGeneralSettingKey; label: string }[];

/** '' (a cleared optional field) leaves the value out. */
const optionalNumber = (value: number | string): number | undefined => (value === '' ? undefined : Number(value));

/** /admin/impostazioni: the corner's documents, the RUI check, the ANIA lookup and the automated RC Auto quote sources. */
export const GeneralSettingsCard = () => {
  const trpc = useTRPC();
  // `aniaState` belongs to the broker block, the rest to the admin block.
  const admin = useQuery(trpc.settings.admin.queryOptions());
  const block = useQuery(trpc.settings.get.queryOptions());
  const isLoaded = admin.data !== undefined && block.data !== undefined;
  const stored = { ...block.data, ...admin.data };
  const saved = isLoaded
    ? (Object.fromEntries(KEYS.map((key) => [key, readGeneralSetting(key, stored[key])])) as TGeneralSettings)
    : GENERAL_SETTINGS_DEFAULTS;
  const { draft, edit, changed, hasIssues, errorAt, failure, isSaving, save, reset } = useSettingsDraft<TGeneralSettings>({
    keys: KEYS,
    saved,
    issueOf: (key, value) => generalSettingIssue(key, value),
    successMessage: 'Impostazioni salvate',
  });
  const failed = admin.isError ? admin : block.isError ? block : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save();
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="general-settings-title">
      <Stack gap="lg">
        <div>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={2} fz={{ base: 18, sm: 20 }} id="general-settings-title">
              Documenti del corner e servizi esterni
            </Title>
            <SettingsHistoryButton title="Documenti del corner e servizi esterni" keys={HISTORY_KEYS} />
          </Group>
          <Text size="sm" c="dimmed">
            I documenti che il corner carica nel proprio profilo, la verifica dell’iscrizione al RUI, la consultazione della banca dati ANIA e le fonti automatiche di
            preventivo.
          </Text>
        </div>
        {!isLoaded && !failed && <PageLoader />}
        {failed && <QueryError title="Impossibile caricare le impostazioni" error={failed.error} onRetry={() => void failed.refetch()} isRetrying={failed.isFetching} />}
        {isLoaded && (
          <form noValidate onSubmit={handleSubmit}>
            <Stack gap="lg">
              <FormAlert error={failure} />
              <CornerDocsEditor
                title="Documenti del profilo"
                description="I documenti che il corner deve (o può) tenere nel proprio profilo; il codice è il tipo con cui il file si carica."
                docs={draft.profileDocs}
                onChange={(docs) => edit('profileDocs', docs)}
                errorAt={(path) => errorAt('profileDocs', path)}
                disabled={isSaving}
              />
              <Divider />
              <CornerDocsEditor
                title="Altri documenti"
                description="Ulteriori documenti che il corner può caricare (per esempio una visura camerale)."
                docs={draft.otherDocs}
                onChange={(docs) => edit('otherDocs', docs)}
                errorAt={(path) => errorAt('otherDocs', path)}
                disabled={isSaving}
              />
              <Divider />
              <Stack gap="xs">
                <Title order={3} fz={16}>
                  Registro degli intermediari e ANIA
                </Title>
                <Switch
                  label="Verifica l’iscrizione al RUI prima del lavoro assicurativo"
                  checked={draft.aniaState}
                  onChange={(event) => edit('aniaState', event.currentTarget.checked)}
                  disabled={isSaving}
                />
                <Switch
                  label="Consulta la banca dati ANIA sulla copertura del veicolo"
                  checked={draft.aniaConfig.enabled}
                  onChange={(event) => edit('aniaConfig', { ...draft.aniaConfig, enabled: event.currentTarget.checked })}
                  disabled={isSaving}
                />
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <TextInput
                    label="Indirizzo del servizio (https)"
                    value={draft.aniaConfig.endpoint ?? ''}
                    onChange={(event) => edit('aniaConfig', { ...draft.aniaConfig, endpoint: event.currentTarget.value })}
                    error={errorAt('aniaConfig', 'endpoint')}
                    disabled={isSaving}
                  />
                  <NumberInput
                    label="Attesa massima (secondi)"
                    min={1}
                    max={120}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    value={draft.aniaConfig.timeoutSeconds ?? ''}
                    onChange={(value) => edit('aniaConfig', { ...draft.aniaConfig, timeoutSeconds: optionalNumber(value) })}
                    error={errorAt('aniaConfig', 'timeoutSeconds')}
                    disabled={isSaving}
                  />
                  <NumberInput
                    label="Riuso della risposta (ore)"
                    min={0}
                    max={720}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    value={draft.aniaConfig.cacheHours ?? ''}
                    onChange={(value) => edit('aniaConfig', { ...draft.aniaConfig, cacheHours: optionalNumber(value) })}
                    error={errorAt('aniaConfig', 'cacheHours')}
                    disabled={isSaving}
                  />
                </SimpleGrid>
              </Stack>
              <Divider />
              <RcaBotsEditor bots={draft.rcaBots} onChange={(bots) => edit('rcaBots', bots)} errorAt={(path) => errorAt('rcaBots', path)} disabled={isSaving} />
              <SettingsFormActions
                resetLabel="Annulla modifiche"
                resetAriaLabel="Annulla modifiche ai documenti del corner e ai servizi esterni"
                saveLabel="Salva"
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
