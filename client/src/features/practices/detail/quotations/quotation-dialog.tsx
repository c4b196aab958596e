import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { INSTALMENTS, INSTALMENT_LABELS, ZInsuredQuotationInput, ZQuotationInput } from '../../../../../../shared/practices/quotation';
import type { TQuotation } from '../../../../../../shared/schemas/quotations';
import type { TSectorSlug } from '../../../../../../shared/sectors';
import { Dialog } from '../../../../components/dialog/dialog';
import { FilePicker } from '../../../../components/files/file-picker';
import type { TPickedFile } from '../../../../components/files/picked-file';
import { UploadProgress } from '../../../../components/files/upload-progress';
import { FormAlert } from '../../../../components/form-alert';
import { DateField } from '../../../../components/inputs/date-field';
import { DecimalInput } from '../../../../components/inputs/decimal-input';
import { ApiError } from '../../../../lib/api-error';
import { describeError, type TErrorDisplay } from '../../../../lib/api-error-display';
import { toast } from '../../../../lib/toast';
import { fromTrpcError } from '../../../../lib/trpc-error';
import { useTRPC } from '../../../../lib/trpc';
import { useSaveQuotation } from '../api/use-quotations';
import type { TRequestedCover } from '../quotation-compare';
import { customCover, emptyQuotationValues, fieldOfPath, quotationToValues, valuesToInput, type TCoverValues, type TQuotationFormValues, type TQuotationLimits } from './quotation-form-values';

type TQuotationDialogProps = {
  sector: TSectorSlug;
  /** What the sector's quotations state: RC Auto's limits per claim, or one insured sum (altri rami, fideiussioni). */
  limits: TQuotationLimits;
  practiceId: string;
  /** The covers the corner asked for: a new quotation starts with them included. */
  requested: readonly TRequestedCover[];
  /** Closed when null; `{ quotation: null }` adds a new one. */
  editing: { quotation: TQuotation | null } | null;
  onClose: () => void;
};

const INSTALMENT_OPTIONS = INSTALMENTS.map((value) => ({ value: String(value), label: INSTALMENT_LABELS[value] }));

/** The companies and, for the company picked, its agencies (admin lists; brokers read them). */
const useInsurers = (companyId: string | null, enabled: boolean) => {
  const trpc = useTRPC();
  const companies = useQuery(trpc.insurers.companies.list.queryOptions({}, { enabled }));
  const isKnownCompany = Boolean(companyId && companies.data?.some((company) => company.id === companyId));
  const agencies = useQuery(trpc.insurers.agencies.list.queryOptions({ companyId: companyId ?? undefined }, { enabled: enabled && isKnownCompany }));
  return { companies, agencies, isKnownCompany };
};

const CoverRow = ({ cover, error, onChange, onRemove }: { cover: TCoverValues; error?: string; onChange: (cover: TCoverValues) => void; onRemove?: () => void }) => (
  <Stack gap={4}>
    {onRemove ? (
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput style={{ flex: 1 }} size="xs" label="Garanzia" placeholder="Es. Incendio del fabbricato" value={cover.label} onChange={(event) => onChange({ ...cover, label: event.currentTarget.value })} maxLength={120} required />
        <Button size="xs" variant="subtle" color="red" onClick={onRemove} aria-label={`Togli la garanzia ${cover.label}`}>
          Togli
        </Button>
      </Group>
    ) : (
      <Checkbox label={cover.label} checked={cover.isIncluded} onChange={(event) => onChange({ ...cover, isIncluded: event.currentTarget.checked })} />
    )}
    {cover.isIncluded && (
      <Group grow gap="xs" pl={onRemove ? 0 : 'lg'}>
        <DecimalInput size="xs" label={`Massimale ${cover.label} (€)`} value={cover.limit} onChange={(limit) => onChange({ ...cover, limit })} minimumFractionDigits={2} />
        <DecimalInput size="xs" label={`Franchigia ${cover.label} (€)`} value={cover.deductible} onChange={(deductible) => onChange({ ...cover, deductible })} minimumFractionDigits={2} error={error} />
      </Group>
    )}
  </Stack>
);

/**
 * The broker's quotation (add or change): company and agency from the admin lists, premium and instalments, the RC
 * limits (not below the legal minimums) or the sector's insured sum, the covers included, conditions, validity, and the insurer's PDF sent
 * with it (multipart `file0`) with the upload's progress. Messages from the schema and the server sit on their fields.
 */
export const QuotationDialog = ({ sector, limits, practiceId, requested, editing, onClose }: TQuotationDialogProps) => {
  const [values, setValues] = useState<TQuotationFormValues>(() => emptyQuotationValues(limits));
  const [file, setFile] = useState<TPickedFile | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const { save, abort, progress } = useSaveQuotation(sector, practiceId);
  const { companies, agencies, isKnownCompany } = useInsurers(values.company, editing !== null);

  // Each opening starts from the quotation edited (or a new one).
  const key = editing ? (editing.quotation?.id ?? 'new') : null;
  if (key !== openedFor) {
    setOpenedFor(key);
    if (editing) {
      setValues(editing.quotation ? quotationToValues(editing.quotation, limits) : emptyQuotationValues(limits, requested));
      setFile(null);
      setErrors({});
      setFailure(null);
    }
  }

  const set = <K extends keyof TQuotationFormValues>(name: K, value: TQuotationFormValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: '' }));
  };

  const companyOptions = (companies.data ?? []).map((company) => ({ value: company.id, label: company.ivassCode ? `${company.name} (${company.ivassCode})` : company.name }));
  if (values.company && !companyOptions.some((option) => option.value === values.company)) companyOptions.unshift({ value: values.company, label: editing?.quotation?.companyName ?? values.company });
  const agencyOptions = (isKnownCompany ? (agencies.data ?? []) : []).map((agency) => ({ value: agency.id, label: [agency.name, agency.city].filter(Boolean).join(' · ') }));
  if (values.agency && !agencyOptions.some((option) => option.value === values.agency)) agencyOptions.unshift({ value: values.agency, label: editing?.quotation?.agencyName ?? values.agency });

  const confirm = async (): Promise<boolean> => {
    setFailure(null);
    const input = valuesToInput(values, limits);
    const checked = (limits === 'insured' ? ZInsuredQuotationInput : ZQuotationInput).safeParse(input);
    if (!checked.success) {
      const next: Record<string, string> = {};
      for (const issue of checked.error.issues) next[fieldOfPath(issue.path.join('.'))] ??= issue.message;
      setErrors(next);
      return false;
    }
    try {
      await save(editing?.quotation?.id ?? null, input, file);
      toast('success', editing?.quotation ? 'Preventivo aggiornato.' : 'Preventivo aggiunto.');
      return true;
    } catch (caught) {
      const error = fromTrpcError(caught);
      if (error instanceof ApiError && error.isAborted) {
        toast('info', 'Caricamento annullato.');
        return false;
      }
      if (error instanceof ApiError && error.hasFields) {
        const next: Record<string, string> = {};
        for (const [path, messages] of Object.entries(error.fields)) next[fieldOfPath(path)] ??= messages.join('\n');
        setErrors(next);
        const known = new Set(Object.keys(values));
        const rest = Object.entries(next).filter(([name]) => !known.has(name));
        if (rest.length > 0) setFailure({ kind: 'error', messages: rest.map(([, message]) => message) });
      } else {
        setFailure(describeError(caught));
      }
      return false;
    }
  };

  return (
    <Dialog
      opened={editing !== null}
      onClose={onClose}
      onExited={() => setOpenedFor(null)}
      title={editing?.quotation ? 'Modifica preventivo' : 'Nuovo preventivo'}
      size="xl"
      onConfirm={confirm}
      labels={{ confirm: editing?.quotation ? 'Salva' : 'Aggiungi' }}
    >
      <Stack gap="md">
        <FormAlert error={failure} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Compagnia"
            data={companyOptions}
            value={values.company}
            onChange={(value) => {
              set('company', value);
              set('agency', null);
            }}
            error={errors.company ?? (companies.isError ? 'Impossibile caricare le compagnie.' : undefined)}
            placeholder={companies.isPending ? 'Caricamento…' : 'Cerca la compagnia'}
            nothingFoundMessage="Nessuna compagnia con questo nome"
            searchable
            required
            data-autofocus
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Agenzia"
            data={agencyOptions}
            value={values.agency}
            onChange={(value) => set('agency', value)}
            error={errors.agency}
            placeholder={isKnownCompany ? 'Nessuna' : 'Scegli prima la compagnia'}
            nothingFoundMessage="Nessuna agenzia"
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <DecimalInput label="Premio annuo lordo (€)" value={values.premium} onChange={(value) => set('premium', value)} error={errors.premium} minimumFractionDigits={2} required />
          <Select label="Frazionamento" data={INSTALMENT_OPTIONS} value={values.instalments} onChange={(value) => set('instalments', value ?? '1')} error={errors.instalments} allowDeselect={false} comboboxProps={{ withinPortal: true }} />
          {limits === 'liability' ? (
            <>
              <DecimalInput label="Massimale danni alle persone (€)" value={values.personInjury} onChange={(value) => set('personInjury', value)} error={errors.personInjury} minimumFractionDigits={2} required />
              <DecimalInput label="Massimale danni alle cose (€)" value={values.propertyDamage} onChange={(value) => set('propertyDamage', value)} error={errors.propertyDamage} minimumFractionDigits={2} required />
            </>
          ) : (
            <DecimalInput label={sector === 'fideiussioni' ? 'Importo garantito (€)' : 'Somma assicurata o massimale (€)'} value={values.insured} onChange={(value) => set('insured', value)} error={errors.insured} minimumFractionDigits={2} required />
          )}
          <DateField label="Valido fino al" value={values.validUntil} onChange={(value) => set('validUntil', value)} error={errors.validUntil} required />
        </SimpleGrid>
        <Stack gap="xs" role="group" aria-label="Garanzie incluse">
          <Text size="sm" fw={500}>
            Garanzie incluse
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {values.covers.map((cover, index) => (
              <CoverRow
                key={cover.code}
                cover={cover}
                onChange={(next) => set('covers', values.covers.map((row, at) => (at === index ? next : row)))}
                {...(limits === 'insured' ? { onRemove: () => set('covers', values.covers.filter((_, at) => at !== index)) } : {})}
              />
            ))}
          </SimpleGrid>
          {limits === 'insured' && (
            <Group>
              <Button size="xs" variant="light" onClick={() => set('covers', [...values.covers, customCover(values.covers)])} disabled={values.covers.length >= 30}>
                Aggiungi garanzia
              </Button>
            </Group>
          )}
          {errors.covers && (
            <Text size="xs" c="red" role="alert">
              {errors.covers}
            </Text>
          )}
        </Stack>
        <Textarea label="Condizioni" value={values.conditions} onChange={(event) => set('conditions', event.currentTarget.value)} error={errors.conditions} autosize minRows={2} maxLength={5000} />
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Preventivo della compagnia (PDF)
          </Text>
          {editing?.quotation?.file && !file && (
            <Text size="xs" c="dimmed">
              Allegato: {editing.quotation.file.name}. Scegli un altro file per sostituirlo.
            </Text>
          )}
          <FilePicker onPick={(picked) => setFile(picked[0] ?? null)} accept="application/pdf" label="Seleziona PDF" hint={file ? `Scelto: ${file.metadata.name}` : 'Trascina qui il PDF del preventivo'} inputLabel="PDF del preventivo" disabled={progress !== null} />
          {errors.file && (
            <Text size="xs" c="red" role="alert">
              {errors.file}
            </Text>
          )}
          {progress !== null && <UploadProgress progress={progress} onAbort={abort} name={file?.metadata.name} />}
        </Stack>
      </Stack>
    </Dialog>
  );
};
