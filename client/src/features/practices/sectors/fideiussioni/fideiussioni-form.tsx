import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { FIDEIUSSIONE_KINDS, TENDER_PROVISIONAL_MAX_PERCENT, ZFideiussioniData, isTenderKind, needsContractValue } from '../../../../../../shared/practices/fideiussioni';
import { DateField } from '../../../../components/inputs/date-field';
import { DecimalInput } from '../../../../components/inputs/decimal-input';
import { formatCents } from '../../../../lib/format';
import { checkWhenLeft, COLS, FormFooter, options, Section, typedProps, upperProps, useSectorSubmit } from '../sector-form-kit';
import type { TSectorFormProps } from '../sector-module';
import {
  checkFideiussioniForm,
  EMPTY_FIDEIUSSIONI_FORM,
  formMessage,
  showsCig,
  showsTenderObject,
  toFideiussioniFormValues,
  toFideiussioniInput,
  type TFideiussioniFormValues,
} from './fideiussioni-form-values';

type TForm = UseFormReturnType<TFideiussioniFormValues>;

/** Under the guaranteed amount of a provisional bond: the usual 2% and the 4% ceiling of the tender's value. */
const provisionalHint = (contractValueEuro: number | null): string => {
  const rule = `Di norma il 2% dell’importo a base di gara, al massimo il ${TENDER_PROVISIONAL_MAX_PERCENT}% (D.Lgs. 36/2023, art. 106)`;
  if (contractValueEuro === null || contractValueEuro <= 0) return `${rule}.`;
  const valueCents = Math.round(contractValueEuro * 100);
  return `${rule}: ${formatCents(Math.round(valueCents * 0.02))}, al massimo ${formatCents(Math.floor((valueCents * TENDER_PROVISIONAL_MAX_PERCENT) / 100))}.`;
};

const BondSection = ({ form }: { form: TForm }) => {
  const { kind, contractValueCents } = form.getValues();
  const isTender = isTenderKind(kind);
  return (
    <Section title="Garanzia" description="Il contraente (chi presta la garanzia a favore del beneficiario) è il cliente della pratica.">
      <Select label="Tipo di fideiussione" placeholder="Seleziona" data={options(FIDEIUSSIONE_KINDS)} withAsterisk allowDeselect={false} {...form.getInputProps('kind')} />
      <SimpleGrid cols={COLS} spacing="sm">
        <DecimalInput
          label="Importo da garantire (€)"
          description={kind === 'tenderProvisional' ? provisionalHint(contractValueCents) : undefined}
          withAsterisk
          minimumFractionDigits={2}
          inputMode="decimal"
          {...typedProps<number | null>(form, 'guaranteedCents')}
        />
        <DecimalInput
          label={isTender ? 'Importo a base di gara (€)' : 'Valore del contratto (€)'}
          description={needsContractValue(kind) ? undefined : 'Facoltativo'}
          withAsterisk={needsContractValue(kind)}
          minimumFractionDigits={2}
          inputMode="decimal"
          {...typedProps<number | null>(form, 'contractValueCents')}
        />
        {showsCig(kind) && (
          <TextInput
            label="CIG (Codice Identificativo Gara)"
            description="10 caratteri, lettere e cifre"
            withAsterisk={isTender}
            maxLength={12}
            {...upperProps(form, 'cig')}
          />
        )}
        <DateField label="Decorrenza della garanzia" withAsterisk {...typedProps<string | null>(form, 'startDate')} />
        <DateField label="Scadenza della garanzia" withAsterisk {...typedProps<string | null>(form, 'endDate')} />
      </SimpleGrid>
      {showsTenderObject(kind) && <TextInput label="Oggetto della gara" withAsterisk maxLength={500} {...form.getInputProps('tenderObject')} />}
      <Textarea
        label="Obbligazione garantita"
        description="Cosa garantisce la fideiussione (almeno 10 caratteri)."
        withAsterisk
        autosize
        minRows={3}
        maxRows={10}
        maxLength={2000}
        {...form.getInputProps('obligation')}
      />
    </Section>
  );
};

const BeneficiarySection = ({ form }: { form: TForm }) => (
  <Section title="Beneficiario" description="Chi riceve la garanzia: l’ente appaltante, il locatore, l’Agenzia delle Dogane...">
    <SimpleGrid cols={COLS} spacing="sm">
      <TextInput label="Nome o ragione sociale" withAsterisk maxLength={200} {...form.getInputProps('beneficiary.name')} />
      <TextInput label="Codice fiscale o partita IVA" withAsterisk maxLength={20} {...upperProps(form, 'beneficiary.taxCode')} />
      <TextInput label="PEC" description="Facoltativa: dove inviare la garanzia" type="email" maxLength={254} {...form.getInputProps('beneficiary.pec')} />
    </SimpleGrid>
  </Section>
);

const NotesSection = ({ form }: { form: TForm }) => (
  <Section title="Note">
    <Textarea label="Note per il broker" autosize minRows={2} maxRows={8} maxLength={2000} {...form.getInputProps('notes')} />
  </Section>
);

/** The saved data as the form holds it; data the schema no longer accepts starts from an empty form. */
const initialValuesOf = (data: unknown): TFideiussioniFormValues => {
  if (data === undefined) return EMPTY_FIDEIUSSIONI_FORM;
  const parsed = ZFideiussioniData.safeParse(data);
  return parsed.success ? toFideiussioniFormValues(parsed.data) : EMPTY_FIDEIUSSIONI_FORM;
};

/**
 * The fideiussioni request (kind, beneficiary, amounts, dates, the tender's CIG and object when it is a tender;
 * Italian labels), checked with the schema the server uses: a field is checked when left once something was typed
 * in it, the submit checks them all; what the server refuses lands under the same inputs. One column on a phone.
 */
export const FideiussioniForm = ({ initialData, submitLabel, onSave, onCancel, isSaving, disabled = false }: TSectorFormProps) => {
  const form = useForm<TFideiussioniFormValues>({
    mode: 'controlled',
    initialValues: initialValuesOf(initialData),
    enhanceGetInputProps: checkWhenLeft,
    validate: (values) => checkFideiussioniForm(values),
    onValuesChange: (values, previous) => {
      // An amount already typed is checked again against a new kind or contract value (the 4% of a provisional bond).
      if ((values.kind !== previous.kind || values.contractValueCents !== previous.contractValueCents) && values.guaranteedCents !== null) {
        queueMicrotask(() => form.validateField('guaranteedCents'));
      }
      if (values.startDate !== previous.startDate && values.endDate) queueMicrotask(() => form.validateField('endDate'));
    },
  });

  const { failure, onSubmit } = useSectorSubmit(form, { toInput: toFideiussioniInput, onSave, message: (_path, messages) => messages.map(formMessage).join('\n') });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <BondSection form={form} />
        <BeneficiarySection form={form} />
        <NotesSection form={form} />
        <FormFooter failure={failure} submitLabel={submitLabel} onCancel={onCancel} isSaving={isSaving} disabled={disabled} />
      </Stack>
    </form>
  );
};
