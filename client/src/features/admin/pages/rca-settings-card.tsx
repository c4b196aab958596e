import { Divider, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { RCA_SETTING_KEYS, RCA_SETTINGS_DEFAULTS, rcaSettingIssue, type TRcaSettingKey, type TRcaSettings } from '../../../../../shared/practices/rca-settings';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useTRPC } from '../../../lib/trpc';
import { SettingsHistoryButton } from '../components/settings-history-button';
import { CommissionEditor } from './sector-settings/commission-editor';
import { DocsEditor } from './sector-settings/docs-editor';
import { PracticeRulesFields } from './sector-settings/practice-rules-fields';
import { SettingsFormActions } from './sector-settings/settings-form-actions';
import { asNumber, shown } from './sector-settings/settings-draft';
import { useSettingsDraft } from './sector-settings/use-settings-draft';

const HISTORY_KEYS = [
  { key: 'rcaDocs', label: 'Documenti richiesti' },
  { key: 'rcaRevenue', label: 'Provvigione' },
  { key: 'rcaRange', label: 'Scadenza e promemoria' },
  { key: 'rcaReproposal', label: 'Riproposta al rinnovo' },
  { key: 'rcaConfig', label: 'Regole delle pratiche' },
  { key: 'rcaPrecontrattuale', label: 'Documentazione precontrattuale' },
] as const satisfies readonly { key: TRcaSettingKey; label: string }[];

/** /admin/impostazioni: the RC Auto blocks (documents, commission, renewal, pre-contract pack, practice rules). */
export const RcaSettingsCard = () => {
  const trpc = useTRPC();
  const settings = useQuery(trpc.settings.rca.queryOptions());
  const { draft, edit, changed, hasIssues, errorAt, failure, isSaving, save, reset } = useSettingsDraft<TRcaSettings>({
    keys: RCA_SETTING_KEYS,
    saved: settings.data ?? RCA_SETTINGS_DEFAULTS,
    issueOf: (key, value) => rcaSettingIssue(key as TRcaSettingKey, value),
    successMessage: 'Impostazioni RC Auto salvate',
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save();
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="rca-settings-title">
      <Stack gap="lg">
        <div>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={2} fz={{ base: 18, sm: 20 }} id="rca-settings-title">
              RC Auto
            </Title>
            <SettingsHistoryButton title="RC Auto" keys={HISTORY_KEYS} />
          </Group>
          <Text size="sm" c="dimmed">
            Documenti richiesti con la domanda, provvigione sulle polizze emesse, promemoria di scadenza e rinnovo, documentazione precontrattuale. I corner
            ricevono le nuove impostazioni subito.
          </Text>
        </div>
        {settings.isPending && <PageLoader />}
        {settings.isError && (
          <QueryError title="Impossibile caricare le impostazioni RC Auto" error={settings.error} onRetry={() => void settings.refetch()} isRetrying={settings.isFetching} />
        )}
        {settings.data && (
          <form noValidate onSubmit={handleSubmit}>
            <Stack gap="lg">
              <FormAlert error={failure} />

              <DocsEditor docs={draft.rcaDocs} onChange={(docs) => edit('rcaDocs', docs)} errorAt={(path) => errorAt('rcaDocs', path)} disabled={isSaving} />

              <Divider />
              <CommissionEditor revenue={draft.rcaRevenue} onChange={(revenue) => edit('rcaRevenue', revenue)} errorAt={(path) => errorAt('rcaRevenue', path)} disabled={isSaving} />

              <Divider />
              <Stack gap="xs">
                <Title order={3} fz={16}>
                  Scadenza e rinnovo
                </Title>
                <Text size="sm" c="dimmed">
                  La polizza RC Auto non si rinnova da sola: la compagnia avvisa 30 giorni prima e la copertura dura ancora 15 giorni dopo la scadenza.
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                  <NumberInput
                    label="Promemoria al corner (giorni prima della scadenza)"
                    min={1}
                    max={120}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    value={shown(draft.rcaRange.daysBefore)}
                    onChange={(value) => edit('rcaRange', { daysBefore: asNumber(value) })}
                    error={errorAt('rcaRange', 'daysBefore')}
                    disabled={isSaving}
                  />
                  <NumberInput
                    label="Nuova pratica di rinnovo (giorni prima della scadenza)"
                    min={1}
                    max={120}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    value={shown(draft.rcaReproposal.daysBefore)}
                    onChange={(value) => edit('rcaReproposal', { ...draft.rcaReproposal, daysBefore: asNumber(value) })}
                    error={errorAt('rcaReproposal', 'daysBefore')}
                    disabled={isSaving || !draft.rcaReproposal.enabled}
                  />
                </SimpleGrid>
                <Switch
                  label="Apri automaticamente una nuova pratica, già compilata, per il rinnovo"
                  checked={draft.rcaReproposal.enabled}
                  onChange={(event) => edit('rcaReproposal', { ...draft.rcaReproposal, enabled: event.currentTarget.checked })}
                  disabled={isSaving}
                />
              </Stack>

              <Divider />
              <PracticeRulesFields config={draft.rcaConfig} onChange={(config) => edit('rcaConfig', config)} errorAt={(path) => errorAt('rcaConfig', path)} disabled={isSaving}>
                <Switch
                  label="Richiedi la documentazione precontrattuale firmata dal cliente prima della richiesta di emissione"
                  description="Modulo unico precontrattuale IVASS e questionario sulle richieste ed esigenze (Reg. IVASS 40/2018)."
                  checked={draft.rcaPrecontrattuale}
                  onChange={(event) => edit('rcaPrecontrattuale', event.currentTarget.checked)}
                  disabled={isSaving}
                />
              </PracticeRulesFields>

              <SettingsFormActions
                resetLabel="Annulla modifiche"
                resetAriaLabel="Annulla modifiche RC Auto"
                saveLabel="Salva impostazioni RC Auto"
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
