import { Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DEFAULT_RETENTION_YEARS } from '../../../../../shared/constants';
import {
  RETENTION_SETTING_KEYS,
  RETENTION_YEARS_MAX,
  RETENTION_YEARS_MIN,
  zRetentionYears,
  type TRetentionSettingKey,
} from '../../../../../shared/schemas/retention-settings';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { SettingsHistoryButton } from '../components/settings-history-button';
import { SettingsFormActions } from './sector-settings/settings-form-actions';

type TDraft = Record<TRetentionSettingKey, number | string>;

const DEFAULTS: Record<TRetentionSettingKey, number> = {
  clientRetentionYears: DEFAULT_RETENTION_YEARS.practice,
  accountingRetentionYears: DEFAULT_RETENTION_YEARS.accounting,
};

const FIELDS: Record<TRetentionSettingKey, { label: string; description: string }> = {
  clientRetentionYears: {
    label: 'Pratiche e dati dei clienti (anni)',
    description: `Per quanti anni dopo una pratica si conservano i dati del cliente: almeno ${RETENTION_YEARS_MIN.clientRetentionYears} anni per il Reg. IVASS 40/2018, art. 67.`,
  },
  accountingRetentionYears: {
    label: 'Pagamenti e scritture contabili (anni)',
    description: `Per quanti anni dopo un pagamento si conservano i dati del cliente: almeno ${RETENTION_YEARS_MIN.accountingRetentionYears} anni per l’art. 2220 del codice civile.`,
  },
};

/** A stored value the server would accept, else the default (as the server reads it). */
const storedYears = (settings: Record<string, unknown> | undefined, key: TRetentionSettingKey): number => {
  const checked = zRetentionYears(key).safeParse(settings?.[key]);
  return checked.success ? checked.data : DEFAULTS[key];
};

const fieldError = (key: TRetentionSettingKey, value: number | string): string | undefined => {
  const checked = zRetentionYears(key).safeParse(value === '' ? undefined : value);
  return checked.success ? undefined : checked.error.issues[0]?.message;
};

/** /admin/impostazioni: how long a client's data is held after a practice or a payment (GDPR erasure). */
export const RetentionSettingsCard = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.settings.admin.queryOptions());
  const update = useMutation(trpc.settings.update.mutationOptions());
  // What the admin typed, over what the server holds.
  const [edits, setEdits] = useState<Partial<TDraft>>({});
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const saved: TDraft = {
    clientRetentionYears: storedYears(settings.data, 'clientRetentionYears'),
    accountingRetentionYears: storedYears(settings.data, 'accountingRetentionYears'),
  };
  const draft: TDraft = { ...saved, ...edits };
  const changed = RETENTION_SETTING_KEYS.filter((key) => draft[key] !== saved[key]);
  const errors = Object.fromEntries(RETENTION_SETTING_KEYS.map((key) => [key, fieldError(key, draft[key])])) as Record<TRetentionSettingKey, string | undefined>;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changed.length === 0 || changed.some((key) => errors[key])) return;
    setIsSaving(true);
    setFailure(null);
    try {
      for (const key of changed) await update.mutateAsync({ key, value: draft[key] as number });
      await queryClient.invalidateQueries(trpc.settings.admin.pathFilter());
      setEdits({});
      toast('success', 'Impostazioni salvate');
    } catch (error) {
      setFailure(describeError(error));
      await queryClient.invalidateQueries(trpc.settings.admin.pathFilter());
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="retention-settings-title">
      <Stack gap="lg">
        <div>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={2} fz={{ base: 18, sm: 20 }} id="retention-settings-title">
              Conservazione dei dati (GDPR)
            </Title>
            <SettingsHistoryButton title="Conservazione dei dati" keys={RETENTION_SETTING_KEYS.map((key) => ({ key, label: FIELDS[key].label }))} />
          </Group>
          <Text size="sm" c="dimmed">
            Finché una pratica o un pagamento obbliga a conservarli, la richiesta di cancellazione dei dati di un cliente viene rifiutata indicando la data fino
            alla quale sono conservati; la richiesta resta registrata. Il periodo si conta dalla data della pratica o del pagamento.
          </Text>
        </div>
        {settings.isPending && <PageLoader />}
        {settings.isError && (
          <QueryError title="Impossibile caricare le impostazioni" error={settings.error} onRetry={() => void settings.refetch()} isRetrying={settings.isFetching} />
        )}
        {settings.data && (
          <form noValidate onSubmit={(event) => void handleSubmit(event)}>
            <Stack gap="lg">
              <FormAlert error={failure} />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                {RETENTION_SETTING_KEYS.map((key) => (
                  <NumberInput
                    key={key}
                    name={key}
                    label={FIELDS[key].label}
                    description={FIELDS[key].description}
                    value={draft[key]}
                    onChange={(value) => setEdits((current) => ({ ...current, [key]: value }))}
                    min={RETENTION_YEARS_MIN[key]}
                    max={RETENTION_YEARS_MAX}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    error={errors[key]}
                    disabled={isSaving}
                    required
                  />
                ))}
              </SimpleGrid>
              <SettingsFormActions
                resetLabel="Annulla modifiche"
                resetAriaLabel="Annulla modifiche alla conservazione dei dati"
                saveLabel="Salva"
                onReset={() => {
                  setEdits({});
                  setFailure(null);
                }}
                hasChanges={changed.length > 0}
                hasIssues={changed.some((key) => errors[key] !== undefined)}
                isSaving={isSaving}
              />
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
};
