import { NumberInput, SimpleGrid, Stack, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { DateField } from '../../../../components/inputs/date-field';
import { DecimalInput } from '../../../../components/inputs/decimal-input';
import { ProductChoice, QuestionnaireSection, hasNoProducts, showsRequestFields, useProductRequest } from '../products/product-form-kit';
import { checkWhenLeft, COLS, FormFooter, numberProps, Section, typedProps } from '../sector-form-kit';
import type { TSectorFormProps } from '../sector-module';
import { altriRamiServerErrors, checkAltriRamiForm, initialAltriRamiValues, toAltriRamiInput, type TAltriRamiFormValues } from './altri-rami-form-values';

type TForm = UseFormReturnType<TAltriRamiFormValues>;

const RiskSection = ({ form }: { form: TForm }) => (
  <Section title="Rischio da assicurare" description="Il contraente è il cliente della pratica.">
    <Textarea
      label="Descrizione del rischio"
      description="Cosa va assicurato e contro quali eventi (almeno 10 caratteri)."
      withAsterisk
      autosize
      minRows={3}
      maxRows={10}
      maxLength={2000}
      {...form.getInputProps('description')}
    />
    <SimpleGrid cols={COLS} spacing="sm">
      <DecimalInput
        label="Somma assicurata o massimale (€)"
        description="Facoltativo: lascia vuoto se lo propone il broker"
        minimumFractionDigits={2}
        inputMode="decimal"
        {...typedProps<number | null>(form, 'insuredCents')}
      />
      <DateField label="Decorrenza richiesta" withAsterisk {...typedProps<string | null>(form, 'startDate')} />
      <NumberInput label="Durata (anni)" withAsterisk min={1} max={10} {...numberProps(form, 'durationYears')} />
    </SimpleGrid>
  </Section>
);

const PolicySection = ({ form }: { form: TForm }) => {
  const { hasCurrentPolicy } = form.getValues();
  return (
    <Section title="Polizza in corso">
      <Switch label="Il rischio è già assicurato" {...form.getInputProps('hasCurrentPolicy', { type: 'checkbox' })} />
      {hasCurrentPolicy && (
        <SimpleGrid cols={COLS} spacing="sm">
          <TextInput label="Compagnia attuale" withAsterisk maxLength={200} {...form.getInputProps('currentPolicy.company')} />
          <DateField label="Scadenza della polizza" withAsterisk {...typedProps<string | null>(form, 'currentPolicy.expiryDate')} />
        </SimpleGrid>
      )}
    </Section>
  );
};

const ExtrasSection = ({ form }: { form: TForm }) => (
  <Section title="Garanzie richieste e note">
    <TagsInput
      label="Garanzie richieste"
      description="Scrivi una garanzia e premi Invio (al massimo 20), per esempio «Incendio» o «Furto»."
      maxTags={20}
      clearable
      acceptValueOnBlur
      {...form.getInputProps('covers')}
    />
    <Textarea label="Note per il broker" autosize minRows={2} maxRows={8} maxLength={2000} {...form.getInputProps('notes')} />
  </Section>
);

/**
 * The altri rami request (issue 29): first the product, among those the admin offers (editing, the practice's own
 * product and version, not changeable); then the risk and the cover wanted, and the questionnaire of the product's
 * version, whose conditions show and hide questions as the answers change. Checked with the schema the server uses
 * and the version's questionnaire: a field is checked when left once something was typed in it, the submit checks
 * them all; what the server refuses lands under the same inputs and questions. One column on a phone.
 */
export const AltriRamiForm = ({ initialData, submitLabel, onSave, onCancel, isSaving, disabled = false }: TSectorFormProps) => {
  const form = useForm<TAltriRamiFormValues>({
    mode: 'controlled',
    initialValues: initialAltriRamiValues(initialData),
    enhanceGetInputProps: checkWhenLeft,
    // The sector's fields as they are left (the answers are checked by the questionnaire's own fields).
    validate: (values) => checkAltriRamiForm(values, null),
    onValuesChange: (values, previous) => {
      if (values.covers !== previous.covers) queueMicrotask(() => form.validateField('covers'));
    },
  });

  const request = useProductRequest({ sector: 'altri-rami', form, initialData, check: checkAltriRamiForm, toInput: toAltriRamiInput, serverErrors: altriRamiServerErrors, onSave });
  const isBusy = disabled || isSaving;

  return (
    <form onSubmit={request.onSubmit} noValidate>
      <Stack gap="md">
        <Section title="Polizza richiesta" description={request.isLocked ? undefined : 'Scegli il prodotto: sotto compaiono le sue domande.'}>
          <ProductChoice request={request} error={form.errors.product as string | undefined} disabled={isBusy} />
        </Section>
        {showsRequestFields(request) && (
          <>
            <RiskSection form={form} />
            <QuestionnaireSection request={request} disabled={isBusy} />
            <PolicySection form={form} />
            <ExtrasSection form={form} />
          </>
        )}
        <FormFooter failure={request.failure} submitLabel={submitLabel} onCancel={onCancel} isSaving={isSaving} disabled={disabled || hasNoProducts(request)} />
      </Stack>
    </form>
  );
};
