import { NumberInput, Select, SimpleGrid, Stack, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { ALTRI_RAMI_CATEGORIES, HOME_OWNERSHIPS, ZAltriRamiData, detailGroupOf } from '../../../../../../shared/practices/altri-rami';
import { DateField } from '../../../../components/inputs/date-field';
import { DecimalInput } from '../../../../components/inputs/decimal-input';
import { checkWhenLeft, COLS, FormFooter, numberProps, options, Section, typedProps, upperProps, useSectorSubmit } from '../sector-form-kit';
import type { TSectorFormProps } from '../sector-module';
import { checkAltriRamiForm, EMPTY_ALTRI_RAMI_FORM, formMessage, toAltriRamiFormValues, toAltriRamiInput, type TAltriRamiFormValues } from './altri-rami-form-values';

type TForm = UseFormReturnType<TAltriRamiFormValues>;

const RiskSection = ({ form }: { form: TForm }) => (
  <Section title="Rischio da assicurare" description="Il contraente è il cliente della pratica.">
    <Select label="Categoria" placeholder="Seleziona" data={options(ALTRI_RAMI_CATEGORIES)} withAsterisk allowDeselect={false} {...form.getInputProps('category')} />
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

/** The fields of the chosen category only (none for the categories that need none). */
const DetailsSection = ({ form }: { form: TForm }) => {
  const { category } = form.getValues();
  const group = category ? detailGroupOf(category) : null;
  if (!group) return null;
  switch (group) {
    case 'home':
      return (
        <Section title="Abitazione">
          <SimpleGrid cols={COLS} spacing="sm">
            <TextInput label="Indirizzo" placeholder="Via Roma 10" withAsterisk maxLength={200} {...form.getInputProps('details.address.street')} />
            <TextInput label="Comune" withAsterisk maxLength={100} {...form.getInputProps('details.address.comune')} />
            <TextInput label="Provincia (sigla)" placeholder="MI" withAsterisk maxLength={2} {...upperProps(form, 'details.address.province')} />
            <NumberInput label="Superficie (m²)" withAsterisk min={1} max={100000} {...numberProps(form, 'details.squareMetres')} />
            <NumberInput label="Anno di costruzione" withAsterisk min={1000} max={2100} {...numberProps(form, 'details.constructionYear')} />
            <Select label="Il cliente è" placeholder="Seleziona" data={options(HOME_OWNERSHIPS)} withAsterisk allowDeselect={false} {...form.getInputProps('details.ownership')} />
          </SimpleGrid>
        </Section>
      );
    case 'person':
      return (
        <Section title="Persona assicurata">
          <SimpleGrid cols={COLS} spacing="sm">
            <DateField label="Data di nascita" withAsterisk {...typedProps<string | null>(form, 'details.birthDate')} />
            <TextInput label="Professione" withAsterisk maxLength={200} {...form.getInputProps('details.occupation')} />
          </SimpleGrid>
        </Section>
      );
    case 'professional':
      return (
        <Section title="Attività professionale">
          <SimpleGrid cols={COLS} spacing="sm">
            <TextInput label="Professione" placeholder="Avvocato" withAsterisk maxLength={200} {...form.getInputProps('details.profession')} />
            <TextInput label="Albo o ordine professionale" maxLength={200} {...form.getInputProps('details.register')} />
            <TextInput label="Numero di iscrizione all’albo" maxLength={50} {...form.getInputProps('details.registerNumber')} />
            <DecimalInput label="Fatturato annuo (€)" withAsterisk minimumFractionDigits={2} inputMode="decimal" {...typedProps<number | null>(form, 'details.turnoverCents')} />
          </SimpleGrid>
        </Section>
      );
    case 'travel':
      return (
        <Section title="Viaggio">
          <SimpleGrid cols={COLS} spacing="sm">
            <TextInput label="Destinazione" withAsterisk maxLength={200} {...form.getInputProps('details.destination')} />
            <NumberInput label="Numero di viaggiatori" withAsterisk min={1} max={20} {...numberProps(form, 'details.travellers')} />
            <DateField label="Data di partenza" withAsterisk {...typedProps<string | null>(form, 'details.departureDate')} />
            <DateField label="Data di rientro" withAsterisk {...typedProps<string | null>(form, 'details.returnDate')} />
          </SimpleGrid>
        </Section>
      );
    case 'activity':
      return (
        <Section title="Attività">
          <SimpleGrid cols={COLS} spacing="sm">
            <TextInput label="Attività svolta" placeholder="Panetteria" withAsterisk maxLength={200} {...form.getInputProps('details.activity')} />
            <TextInput label="Codice ATECO" description="Facoltativo, formato NN.NN.NN" placeholder="10.71.10" maxLength={8} {...form.getInputProps('details.atecoCode')} />
            <DecimalInput label="Fatturato annuo (€)" withAsterisk minimumFractionDigits={2} inputMode="decimal" {...typedProps<number | null>(form, 'details.turnoverCents')} />
            <NumberInput label="Numero di addetti" withAsterisk min={0} {...numberProps(form, 'details.employees')} />
          </SimpleGrid>
        </Section>
      );
  }
};

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

/** The saved data as the form holds it; data the schema no longer accepts starts from an empty form. */
const initialValuesOf = (data: unknown): TAltriRamiFormValues => {
  if (data === undefined) return EMPTY_ALTRI_RAMI_FORM;
  const parsed = ZAltriRamiData.safeParse(data);
  return parsed.success ? toAltriRamiFormValues(parsed.data) : EMPTY_ALTRI_RAMI_FORM;
};

/**
 * The altri rami request (category, risk, cover wanted, the category's own questions; Italian labels), checked with
 * the schema the server uses: a field is checked when left once something was typed in it, the submit checks them
 * all; what the server refuses lands under the same inputs. One column on a phone.
 */
export const AltriRamiForm = ({ initialData, submitLabel, onSave, onCancel, isSaving, disabled = false }: TSectorFormProps) => {
  const form = useForm<TAltriRamiFormValues>({
    mode: 'controlled',
    initialValues: initialValuesOf(initialData),
    enhanceGetInputProps: checkWhenLeft,
    validate: (values) => checkAltriRamiForm(values),
    onValuesChange: (values, previous) => {
      // The previous category's questions are gone: so are their messages.
      if (values.category !== previous.category) {
        queueMicrotask(() => form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([path]) => !path.startsWith('details.')))));
      }
      // A return date already typed is checked again against a new departure.
      if (values.details.departureDate !== previous.details.departureDate && values.details.returnDate) queueMicrotask(() => form.validateField('details.returnDate'));
      if (values.covers !== previous.covers) queueMicrotask(() => form.validateField('covers'));
    },
  });

  const { failure, onSubmit } = useSectorSubmit(form, {
    toInput: toAltriRamiInput,
    onSave,
    message: (_path, messages) => messages.map(formMessage).join('\n'),
    // A single cover's message (`covers.3`) shows under the tags input.
    inputOf: (path) => (path.split('.')[0] === 'covers' ? 'covers' : path),
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <RiskSection form={form} />
        <DetailsSection form={form} />
        <PolicySection form={form} />
        <ExtrasSection form={form} />
        <FormFooter failure={failure} submitLabel={submitLabel} onCancel={onCancel} isSaving={isSaving} disabled={disabled} />
      </Stack>
    </form>
  );
};
