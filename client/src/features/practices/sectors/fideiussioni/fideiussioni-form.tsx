import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { DateField } from '../../../../components/inputs/date-field';
import { ProductChoice, QuestionnaireSection, hasNoProducts, showsRequestFields, useProductRequest } from '../products/product-form-kit';
import { checkWhenLeft, COLS, FormFooter, Section, typedProps, upperProps } from '../sector-form-kit';
import type { TSectorFormProps } from '../sector-module';
import { checkFideiussioniForm, fideiussioniServerErrors, initialFideiussioniValues, toFideiussioniInput, type TFideiussioniFormValues } from './fideiussioni-form-values';

type TForm = UseFormReturnType<TFideiussioniFormValues>;

const TermSection = ({ form }: { form: TForm }) => (
  <Section title="Durata e obbligazione garantita" description="Il contraente (chi presta la garanzia a favore del beneficiario) è il cliente della pratica.">
    <SimpleGrid cols={COLS} spacing="sm">
      <DateField label="Decorrenza della garanzia" withAsterisk {...typedProps<string | null>(form, 'startDate')} />
      <DateField label="Scadenza della garanzia" withAsterisk {...typedProps<string | null>(form, 'endDate')} />
    </SimpleGrid>
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

/**
 * The fideiussioni request (issue 29): first the bond type, among those the admin offers (editing, the practice's
 * own type and version, not changeable); then its questionnaire (amounts, the tender's CIG and object where the
 * type asks them, with the 4% cap of a provisional bond), the dates and the obligation, the beneficiary. Checked with
 * the schema the server uses and the version's questionnaire: a field is checked when left once something was typed
 * in it, the submit checks them all; what the server refuses lands under the same inputs and questions. One column
 * on a phone.
 */
export const FideiussioniForm = ({ initialData, submitLabel, onSave, onCancel, isSaving, disabled = false }: TSectorFormProps) => {
  const form = useForm<TFideiussioniFormValues>({
    mode: 'controlled',
    initialValues: initialFideiussioniValues(initialData),
    enhanceGetInputProps: checkWhenLeft,
    // The sector's fields as they are left (the answers are checked by the questionnaire's own fields).
    validate: (values) => checkFideiussioniForm(values, null),
    onValuesChange: (values, previous) => {
      if (values.startDate !== previous.startDate && values.endDate) queueMicrotask(() => form.validateField('endDate'));
    },
  });

  const request = useProductRequest({
    sector: 'fideiussioni',
    form,
    initialData,
    check: checkFideiussioniForm,
    toInput: toFideiussioniInput,
    serverErrors: fideiussioniServerErrors,
    onSave,
  });
  const isBusy = disabled || isSaving;

  return (
    <form onSubmit={request.onSubmit} noValidate>
      <Stack gap="md">
        <Section title="Garanzia richiesta" description={request.isLocked ? undefined : 'Scegli il tipo di fideiussione: sotto compaiono le sue domande.'}>
          <ProductChoice request={request} error={form.errors.product as string | undefined} disabled={isBusy} />
        </Section>
        {showsRequestFields(request) && (
          <>
            <QuestionnaireSection request={request} disabled={isBusy} />
            <TermSection form={form} />
            <BeneficiarySection form={form} />
            <NotesSection form={form} />
          </>
        )}
        <FormFooter failure={request.failure} submitLabel={submitLabel} onCancel={onCancel} isSaving={isSaving} disabled={disabled || hasNoProducts(request)} />
      </Stack>
    </form>
  );
};
