import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { FIDEIUSSIONE_KINDS, TENDER_PROVISIONAL_MAX_PERCENT, ZFideiussioniData, isTenderKind, needsContractValue } from '../../../../../../shared/practices/fideiussioni';
import { FormAlert } from '../../../../components/form-alert';
import { DateField } from '../../../../components/inputs/date-field';
import { DecimalInput } from '../../../../components/inputs/decimal-input';
import { ApiError } from '../../../../lib/api-error';
import { describeError, type TErrorDisplay } from '../../../../lib/api-error-display';
import { formatCents } from '../../../../lib/format';
import { fromTrpcError } from '../../../../lib/trpc-error';
import type { TSectorFormProps } from '../forms';
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

const options = (record: Record<string, string>) => Object.entries(record).map(([value, label]) => ({ value, label }));
const COLS = { base: 1, sm: 2 };

const Section = ({ title, description, children }: { title: string; description?: string; children: ReactNode }) => (
  <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} component="fieldset" style={{ margin: 0, minWidth: 0 }}>
    <Title order={2} fz="md" component="legend" style={{ padding: 0, float: 'left', width: '100%', marginBottom: 'var(--mantine-spacing-sm)' }}>
      {title}
    </Title>
    <Stack gap="sm" style={{ clear: 'both' }}>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
      {children}
    </Stack>
  </Paper>
);

/** Upper case as typed, without blanks: tax codes and the CIG. */
const upperProps = (form: TForm, path: string) => {
  const props = form.getInputProps(path);
  return {
    ...props,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => props.onChange(event.currentTarget.value.toUpperCase()),
    autoCapitalize: 'characters',
    autoCorrect: 'off',
    spellCheck: false,
  };
};

/** The input props of a field whose input wants its own value type (dates as "YYYY-MM-DD" or null, euro as a number). */
const typedProps = <T,>(form: TForm, path: string) => {
  const props = form.getInputProps(path);
  return { ...props, value: props.value as T, onChange: props.onChange as (value: T) => void };
};

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
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const form = useForm<TFideiussioniFormValues>({
    mode: 'controlled',
    initialValues: initialValuesOf(initialData),
    enhanceGetInputProps: ({ field, form: self }) => ({
      onBlur: () => {
        if (self.isDirty(field)) self.validateField(field);
      },
    }),
    validate: (values) => checkFideiussioniForm(values),
    onValuesChange: (values, previous) => {
      // An amount already typed is checked again against a new kind or contract value (the 4% of a provisional bond).
      if ((values.kind !== previous.kind || values.contractValueCents !== previous.contractValueCents) && values.guaranteedCents !== null) {
        queueMicrotask(() => form.validateField('guaranteedCents'));
      }
      if (values.startDate !== previous.startDate && values.endDate) queueMicrotask(() => form.validateField('endDate'));
    },
  });

  const submit = async (values: TFideiussioniFormValues) => {
    setFailure(null);
    try {
      await onSave(toFideiussioniInput(values));
    } catch (caught) {
      const error = fromTrpcError(caught);
      if (error instanceof ApiError && error.hasFields) {
        const inline: Record<string, string> = {};
        const rest: string[] = [];
        for (const [path, messages] of Object.entries(error.fields)) {
          const root = path.split('.')[0] ?? path;
          if (root in values) inline[path] = messages.map(formMessage).join('\n');
          else rest.push(...messages);
        }
        form.setErrors(inline);
        setFailure(rest.length > 0 ? { kind: 'error', messages: rest } : null);
      } else {
        setFailure(describeError(error));
      }
    }
  };

  return (
    <form
      onSubmit={form.onSubmit(
        (values) => void submit(values),
        () => setFailure({ kind: 'error', messages: ['Controlla i campi evidenziati.'] }),
      )}
      noValidate
    >
      <Stack gap="md">
        <BondSection form={form} />
        <BeneficiarySection form={form} />
        <NotesSection form={form} />
        <FormAlert error={failure} />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={isSaving}>
              Annulla
            </Button>
          )}
          <Button type="submit" loading={isSaving} disabled={disabled}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
