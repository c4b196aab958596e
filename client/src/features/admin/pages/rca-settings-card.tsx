import { Button, Checkbox, Divider, Flex, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  RCA_SETTING_KEYS,
  RCA_SETTINGS_DEFAULTS,
  rcaCommissionCents,
  rcaSettingIssue,
  type TRcaDoc,
  type TRcaSettingKey,
  type TRcaSettings,
} from '../../../../../shared/practices/rca-settings';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { formatCents } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';

/** A number field's value: the number, or what the admin is typing ('' while empty). */
type TNumberDraft = number | string;
const asNumber = (value: TNumberDraft): number => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));
/** A stored number as the field shows it (empty while the admin has cleared it). */
const shown = (value: number): TNumberDraft => (Number.isNaN(value) ? '' : value);

/** The first problem of one key's draft, as the server would answer it, by the path inside the value ('' for the whole). */
const issuesOf = (draft: TRcaSettings): Partial<Record<TRcaSettingKey, { path: string; message: string }>> =>
  Object.fromEntries(
    RCA_SETTING_KEYS.flatMap((key) => {
      const issue = rcaSettingIssue(key, draft[key]);
      return issue ? [[key, { path: issue.path.map(String).join('.'), message: issue.message }]] : [];
    }),
  );

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** /admin/impostazioni: the RC Auto blocks (documents, commission, renewal, pre-contract pack, practice rules). */
export const RcaSettingsCard = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.settings.rca.queryOptions());
  const update = useMutation(trpc.settings.update.mutationOptions());
  const [edits, setEdits] = useState<Partial<TRcaSettings>>({});
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const saved: TRcaSettings = settings.data ?? RCA_SETTINGS_DEFAULTS;
  const draft: TRcaSettings = { ...saved, ...edits };
  const changed = RCA_SETTING_KEYS.filter((key) => !same(draft[key], saved[key]));
  const issues = issuesOf(draft);
  const errorAt = (key: TRcaSettingKey, path: string) => (issues[key]?.path === path ? issues[key]?.message : undefined);
  const edit = <K extends TRcaSettingKey>(key: K, value: TRcaSettings[K]) => setEdits((current) => ({ ...current, [key]: value }));

  const docs = draft.rcaDocs;
  const editDoc = (index: number, change: Partial<TRcaDoc>) => edit('rcaDocs', docs.map((doc, at) => (at === index ? { ...doc, ...change } : doc)));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changed.length === 0 || changed.some((key) => issues[key])) return;
    setIsSaving(true);
    setFailure(null);
    try {
      for (const key of changed) await update.mutateAsync({ key, value: draft[key] });
      await queryClient.invalidateQueries(trpc.settings.pathFilter());
      setEdits({});
      toast('success', 'Impostazioni RC Auto salvate');
    } catch (error) {
      setFailure(describeError(error));
      await queryClient.invalidateQueries(trpc.settings.pathFilter());
    } finally {
      setIsSaving(false);
    }
  };

  const percent = draft.rcaRevenue.percentBp / 100;
  const fixedEuro = draft.rcaRevenue.fixedCents / 100;
  const examplePremium = 50_000;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="rca-settings-title">
      <Stack gap="lg">
        <div>
          <Title order={2} fz={{ base: 18, sm: 20 }} id="rca-settings-title">
            RC Auto
          </Title>
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
          <form noValidate onSubmit={(event) => void handleSubmit(event)}>
            <Stack gap="lg">
              <FormAlert error={failure} />

              <Stack gap="xs">
                <Title order={3} fz={16}>
                  Documenti richiesti
                </Title>
                <Text size="sm" c="dimmed">
                  Il codice è quello con cui il documento si carica sulla pratica; i documenti obbligatori sono segnalati al corner finché mancano.
                </Text>
                {docs.map((doc, index) => (
                  <Group key={index} align="flex-start" gap="sm" wrap="wrap">
                    <TextInput
                      label="Codice"
                      value={doc.docType}
                      onChange={(event) => editDoc(index, { docType: event.currentTarget.value })}
                      error={errorAt('rcaDocs', `${index}.docType`)}
                      disabled={isSaving}
                      w={{ base: '100%', xs: 180 }}
                      required
                    />
                    <TextInput
                      label="Nome del documento"
                      value={doc.label}
                      onChange={(event) => editDoc(index, { label: event.currentTarget.value })}
                      error={errorAt('rcaDocs', `${index}.label`)}
                      disabled={isSaving}
                      style={{ flex: 1, minWidth: 200 }}
                      required
                    />
                    <Checkbox
                      label="Obbligatorio"
                      checked={doc.required}
                      onChange={(event) => editDoc(index, { required: event.currentTarget.checked })}
                      disabled={isSaving}
                      mt={{ base: 0, xs: 32 }}
                    />
                    <Button
                      variant="subtle"
                      color="red"
                      mt={{ base: 0, xs: 24 }}
                      onClick={() => edit('rcaDocs', docs.filter((_, at) => at !== index))}
                      disabled={isSaving}
                      aria-label={`Rimuovi ${doc.label || 'documento'}`}
                    >
                      Rimuovi
                    </Button>
                  </Group>
                ))}
                {issues.rcaDocs && issues.rcaDocs.path === '' && (
                  <Text size="sm" c="red">
                    {issues.rcaDocs.message}
                  </Text>
                )}
                <Group>
                  <Button variant="light" onClick={() => edit('rcaDocs', [...docs, { docType: '', label: '', required: true }])} disabled={isSaving}>
                    Aggiungi documento
                  </Button>
                </Group>
              </Stack>

              <Divider />
              <Stack gap="xs">
                <Title order={3} fz={16}>
                  Provvigione
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                  <NumberInput
                    label="Percentuale del premio annuo"
                    suffix=" %"
                    decimalScale={2}
                    decimalSeparator=","
                    min={0}
                    max={100}
                    allowNegative={false}
                    clampBehavior="none"
                    value={shown(percent)}
                    onChange={(value) => edit('rcaRevenue', { ...draft.rcaRevenue, percentBp: Math.round(asNumber(value) * 100) })}
                    error={errorAt('rcaRevenue', 'percentBp')}
                    disabled={isSaving}
                  />
                  <NumberInput
                    label="Importo fisso per polizza"
                    prefix="€ "
                    decimalScale={2}
                    decimalSeparator=","
                    thousandSeparator="."
                    min={0}
                    allowNegative={false}
                    clampBehavior="none"
                    value={shown(fixedEuro)}
                    onChange={(value) => edit('rcaRevenue', { ...draft.rcaRevenue, fixedCents: Math.round(asNumber(value) * 100) })}
                    error={errorAt('rcaRevenue', 'fixedCents')}
                    disabled={isSaving}
                  />
                </SimpleGrid>
                {!issues.rcaRevenue && (
                  <Text size="sm" c="dimmed">
                    Su un premio di {formatCents(examplePremium)} la provvigione è {formatCents(rcaCommissionCents(draft.rcaRevenue, examplePremium))}.
                  </Text>
                )}
              </Stack>

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
              <Stack gap="xs">
                <Title order={3} fz={16}>
                  Pratiche
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                  <NumberInput
                    label="Validità proposta dei preventivi (giorni)"
                    min={1}
                    max={365}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    value={shown(draft.rcaConfig.quotationValidityDays)}
                    onChange={(value) => edit('rcaConfig', { ...draft.rcaConfig, quotationValidityDays: asNumber(value) })}
                    error={errorAt('rcaConfig', 'quotationValidityDays')}
                    disabled={isSaving}
                  />
                  <NumberInput
                    label="Giorni per pagare il premio dalla richiesta di emissione"
                    min={0}
                    max={90}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    value={shown(draft.rcaConfig.paymentDueDays)}
                    onChange={(value) => edit('rcaConfig', { ...draft.rcaConfig, paymentDueDays: asNumber(value) })}
                    error={errorAt('rcaConfig', 'paymentDueDays')}
                    disabled={isSaving}
                  />
                </SimpleGrid>
                <Switch
                  label="Richiedi la documentazione precontrattuale firmata dal cliente prima della richiesta di emissione"
                  description="Modulo unico precontrattuale IVASS e questionario sulle richieste ed esigenze (Reg. IVASS 40/2018)."
                  checked={draft.rcaPrecontrattuale}
                  onChange={(event) => edit('rcaPrecontrattuale', event.currentTarget.checked)}
                  disabled={isSaving}
                />
              </Stack>

              <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
                <Button
                  variant="default"
                  onClick={() => {
                    setEdits({});
                    setFailure(null);
                  }}
                  disabled={changed.length === 0 || isSaving}
                  aria-label="Annulla le modifiche RC Auto"
                >
                  Annulla modifiche
                </Button>
                <Button type="submit" loading={isSaving} disabled={changed.length === 0 || changed.some((key) => issues[key] !== undefined)}>
                  Salva impostazioni RC Auto
                </Button>
              </Flex>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
};
