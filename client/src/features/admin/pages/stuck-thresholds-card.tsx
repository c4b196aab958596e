import { Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { openStatesOf, STUCK_MSG, ZStuckThresholds, type TStuckThresholds } from '../../../../../shared/schemas/stuck';
import { SECTOR_LIST, type TSectorSlug } from '../../../../../shared/sectors';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { SettingsHistoryButton } from '../components/settings-history-button';
import { SettingsFormActions } from './sector-settings/settings-form-actions';

type THours = number | string;
type TDraft = { sectors: Record<string, Record<string, THours | null>>; unassignedHours: THours; paymentPendingHours: THours };

const toDraft = (value: TStuckThresholds): TDraft => ({
  sectors: Object.fromEntries(SECTOR_LIST.map((sector) => [sector.slug, Object.fromEntries(openStatesOf(sector.slug).map((state) => [state, value.sectors[sector.slug]?.[state] ?? null]))])),
  unassignedHours: value.unassignedHours,
  paymentPendingHours: value.paymentPendingHours,
});

/** The draft as the server takes it: a state switched off is left out (not watched). */
const fromDraft = (draft: TDraft): unknown => ({
  sectors: Object.fromEntries(
    Object.entries(draft.sectors).map(([sector, states]) => [
      sector,
      Object.fromEntries(Object.entries(states).flatMap(([state, hours]) => (hours === null ? [] : [[state, hours === '' ? Number.NaN : hours]]))),
    ]),
  ),
  unassignedHours: draft.unassignedHours === '' ? Number.NaN : draft.unassignedHours,
  paymentPendingHours: draft.paymentPendingHours === '' ? Number.NaN : draft.paymentPendingHours,
});

/** The first message of each field the schema refuses, by its path (`sectors.rca.quotating`, `unassignedHours`). */
const errorsOf = (draft: TDraft): Map<string, string> => {
  const checked = ZStuckThresholds.safeParse(fromDraft(draft));
  const errors = new Map<string, string>();
  if (!checked.success) for (const issue of checked.error.issues) if (!errors.has(issue.path.join('.'))) errors.set(issue.path.join('.'), issue.message);
  return errors;
};

/** /admin/impostazioni: how long work may wait in each state before the stuck-work board and the daily digest show it. */
export const StuckThresholdsCard = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const thresholds = useQuery(trpc.stuck.thresholds.queryOptions());
  const save = useMutation(trpc.stuck.setThresholds.mutationOptions());
  const [draft, setDraft] = useState<TDraft | null>(null);
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const saved = thresholds.data ? toDraft(thresholds.data) : null;
  const current = draft ?? saved;
  const changed = draft !== null && JSON.stringify(draft) !== JSON.stringify(saved);
  const errors = current ? errorsOf(current) : new Map<string, string>();

  const setState = (sector: TSectorSlug, state: string, hours: THours | null) =>
    current && setDraft({ ...current, sectors: { ...current.sectors, [sector]: { ...current.sectors[sector], [state]: hours } } });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!current || !changed || errors.size > 0) return;
    setFailure(null);
    save.mutate(fromDraft(current) as TStuckThresholds, {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.stuck.pathKey() });
        setDraft(null);
        toast('success', STUCK_MSG.saved);
      },
      onError: (error) => setFailure(describeError(error)),
    });
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="stuck-thresholds-title">
      <Stack gap="lg">
        <div>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={2} fz={{ base: 18, sm: 20 }} id="stuck-thresholds-title">
              Soglie del lavoro fermo
            </Title>
            <SettingsHistoryButton title="Soglie del lavoro fermo" keys={[{ key: 'stuckThresholds', label: 'Soglie del lavoro fermo' }]} />
          </Group>
          <Text size="sm" c="dimmed">
            Dopo quante ore nello stesso stato una pratica compare nel pannello «Lavoro fermo» della dashboard e dei broker, e nel riepilogo quotidiano inviato per
            e-mail agli amministratori. L’attesa si conta dall’ultimo cambio di stato; per «In lavorazione» delle utenze, dalle ore dopo la data di attivazione prevista.
          </Text>
        </div>
        {thresholds.isPending && <PageLoader />}
        {thresholds.isError && <QueryError title="Impossibile caricare le soglie" error={thresholds.error} onRetry={() => void thresholds.refetch()} isRetrying={thresholds.isFetching} />}
        {current && (
          <form noValidate onSubmit={handleSubmit}>
            <Stack gap="lg">
              <FormAlert error={failure} />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                <NumberInput
                  label="Pratiche che nessuno ha preso in carico (ore)"
                  value={current.unassignedHours}
                  onChange={(value) => setDraft({ ...current, unassignedHours: value })}
                  min={1}
                  max={2160}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  error={errors.get('unassignedHours')}
                  required
                />
                <NumberInput
                  label="Pagamenti dichiarati da confermare (ore)"
                  value={current.paymentPendingHours}
                  onChange={(value) => setDraft({ ...current, paymentPendingHours: value })}
                  min={1}
                  max={2160}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  error={errors.get('paymentPendingHours')}
                  required
                />
              </SimpleGrid>
              {SECTOR_LIST.map((sector) => (
                <fieldset key={sector.slug} style={{ border: 0, padding: 0, margin: 0 }}>
                  <Text component="legend" fw={600} mb="xs">
                    {sector.label}
                  </Text>
                  <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
                    {openStatesOf(sector.slug).map((state) => {
                      const hours = current.sectors[sector.slug]?.[state] ?? null;
                      const label = (sector.states as Record<string, string>)[state] ?? state;
                      return (
                        <Stack key={state} gap={6}>
                          <Switch
                            label={`Controlla «${label}»`}
                            checked={hours !== null}
                            onChange={(event) => setState(sector.slug, state, event.currentTarget.checked ? 24 : null)}
                          />
                          {hours !== null && (
                            <NumberInput
                              label={`${label}: ore di attesa`}
                              value={hours}
                              onChange={(value) => setState(sector.slug, state, value)}
                              min={1}
                              max={2160}
                              allowDecimal={false}
                              allowNegative={false}
                              clampBehavior="none"
                              error={errors.get(`sectors.${sector.slug}.${state}`)}
                            />
                          )}
                        </Stack>
                      );
                    })}
                  </SimpleGrid>
                </fieldset>
              ))}
              <SettingsFormActions
                resetLabel="Annulla modifiche"
                resetAriaLabel="Annulla modifiche alle soglie del lavoro fermo"
                saveLabel="Salva le soglie"
                onReset={() => {
                  setDraft(null);
                  setFailure(null);
                }}
                hasChanges={changed}
                hasIssues={errors.size > 0}
                isSaving={save.isPending}
              />
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
};
