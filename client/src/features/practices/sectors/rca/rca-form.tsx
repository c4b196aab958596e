import { Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { RCA_COVER_LIST } from '../../../../../../shared/practices/quotation';
import { DRIVING_KINDS, FUELS, VEHICLE_USES, ZRcaData } from '../../../../../../shared/practices/rca';
import { PLATE_FORMATS, VEHICLE_TYPE_LABELS, VEHICLE_TYPES, type TVehicleType } from '../../../../../../shared/validation/plates';
import { DateField } from '../../../../components/inputs/date-field';
import { DecimalInput } from '../../../../components/inputs/decimal-input';
import { checkWhenLeft, COLS, FormFooter, numberProps, options, Section, typedProps, upperProps, useSectorSubmit } from '../sector-form-kit';
import type { TSectorFormProps } from '../sector-module';
import { checkRcaForm, EMPTY_RCA_FORM, formMessage, toRcaFormValues, toRcaInput, type TRcaFormValues } from './rca-form-values';

type TForm = UseFormReturnType<TRcaFormValues>;

const VEHICLE_TYPE_OPTIONS = VEHICLE_TYPES.map((type) => ({ value: type, label: VEHICLE_TYPE_LABELS[type] }));
const CU_CLASSES = Array.from({ length: 18 }, (_, index) => ({ value: String(index + 1), label: `Classe ${index + 1}` }));

const VehicleSection = ({ form }: { form: TForm }) => {
  const type = form.getValues().vehicle.type;
  const isTrailer = type === 'trailer';
  const plateFormat = type ? PLATE_FORMATS[type as TVehicleType].format : null;
  return (
    <Section title="Veicolo">
      <SimpleGrid cols={COLS} spacing="sm">
        <Select label="Tipo di veicolo" placeholder="Seleziona" data={VEHICLE_TYPE_OPTIONS} withAsterisk allowDeselect={false} {...form.getInputProps('vehicle.type')} />
        <Select label="Uso" data={options(VEHICLE_USES)} withAsterisk allowDeselect={false} {...form.getInputProps('vehicle.use')} />
        <TextInput label="Targa" description={plateFormat ? `Formato ${plateFormat}` : 'Scegli prima il tipo di veicolo'} maxLength={20} {...upperProps(form, 'vehicle.plate')} />
        <TextInput label="Numero di telaio" description="Obbligatorio se il veicolo non ha targa" maxLength={30} {...upperProps(form, 'vehicle.chassis')} />
        <TextInput label="Marca" withAsterisk maxLength={60} {...form.getInputProps('vehicle.make')} />
        <TextInput label="Modello" withAsterisk maxLength={100} {...form.getInputProps('vehicle.model')} />
        {!isTrailer && <Select label="Alimentazione" placeholder="Seleziona" data={options(FUELS).filter((fuel) => fuel.value !== 'none')} withAsterisk allowDeselect={false} {...form.getInputProps('vehicle.fuel')} />}
        <NumberInput label="Anno di immatricolazione" withAsterisk min={1900} max={2100} {...numberProps(form, 'vehicle.registrationYear')} />
        {!isTrailer && <NumberInput label="Potenza (kW)" withAsterisk min={1} max={5000} {...numberProps(form, 'vehicle.powerKw')} />}
        <DecimalInput label="Valore del veicolo (€)" description="Per furto e incendio e kasko" withAsterisk minimumFractionDigits={2} inputMode="decimal" {...typedProps<number | null>(form, 'vehicle.valueCents')} />
      </SimpleGrid>
    </Section>
  );
};

const ClaimsInputs = ({ form }: { form: TForm }) => {
  const year = new Date().getFullYear();
  const claimsError = form.errors['currentPolicy.claimsLastFiveYears'];
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Sinistri con responsabilità principale negli ultimi cinque anni
      </Text>
      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
        {[0, 1, 2, 3, 4].map((index) => (
          <NumberInput key={index} label={String(year - index)} min={0} max={99} {...numberProps(form, `currentPolicy.claimsLastFiveYears.${index}`)} />
        ))}
      </SimpleGrid>
      {claimsError && (
        <Text size="xs" c="red">
          {claimsError}
        </Text>
      )}
    </Stack>
  );
};

const PolicySection = ({ form }: { form: TForm }) => {
  const { hasCurrentPolicy } = form.getValues();
  return (
    <Section title="Polizza attuale" description="Dall’attestato di rischio del veicolo.">
      <Switch label="Il veicolo è già assicurato" {...form.getInputProps('hasCurrentPolicy', { type: 'checkbox' })} />
      {hasCurrentPolicy ? (
        <>
          <SimpleGrid cols={COLS} spacing="sm">
            <TextInput label="Compagnia attuale" withAsterisk maxLength={200} {...form.getInputProps('currentPolicy.company')} />
            <DateField label="Scadenza della polizza" withAsterisk {...typedProps<string | null>(form, 'currentPolicy.expiryDate')} />
            <Select
              label="Classe CU (bonus-malus)"
              placeholder="Seleziona"
              data={CU_CLASSES}
              withAsterisk
              allowDeselect={false}
              value={form.getValues().currentPolicy.cuClass === '' ? null : String(form.getValues().currentPolicy.cuClass)}
              onChange={(value) => form.setFieldValue('currentPolicy.cuClass', value ? Number(value) : '')}
              error={form.errors['currentPolicy.cuClass']}
            />
          </SimpleGrid>
          <ClaimsInputs form={form} />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Prima immatricolazione o veicolo mai assicurato.
        </Text>
      )}
    </Section>
  );
};

const CoverSection = ({ form }: { form: TForm }) => (
  <Section title="Decorrenza e guida">
    <SimpleGrid cols={COLS} spacing="sm">
      <DateField label="Decorrenza richiesta" withAsterisk {...typedProps<string | null>(form, 'startDate')} />
      <Select label="Tipo di guida" placeholder="Seleziona" data={options(DRIVING_KINDS)} withAsterisk allowDeselect={false} {...form.getInputProps('drivingKind')} />
    </SimpleGrid>
  </Section>
);

const PeopleSection = ({ form }: { form: TForm }) => {
  const { ownerIsOther, driverIsOther, familyBonus } = form.getValues();
  return (
    <Section title="Proprietario, conducente e bonus familiare" description="Il contraente è il cliente della pratica.">
      <Switch label="Il proprietario non è il contraente" {...form.getInputProps('ownerIsOther', { type: 'checkbox' })} />
      {ownerIsOther && (
        <SimpleGrid cols={COLS} spacing="sm">
          <TextInput label="Nome e cognome o ragione sociale del proprietario" withAsterisk maxLength={200} {...form.getInputProps('owner.name')} />
          <TextInput label="Codice fiscale o partita IVA del proprietario" withAsterisk maxLength={20} {...upperProps(form, 'owner.taxCode')} />
        </SimpleGrid>
      )}
      <Switch label="Il conducente abituale non è il contraente" {...form.getInputProps('driverIsOther', { type: 'checkbox' })} />
      {driverIsOther && (
        <SimpleGrid cols={COLS} spacing="sm">
          <TextInput label="Nome e cognome del conducente" maxLength={200} {...form.getInputProps('driver.name')} />
          <TextInput label="Codice fiscale del conducente" withAsterisk maxLength={20} {...upperProps(form, 'driver.taxCode')} />
          <DateField label="Data di nascita del conducente" withAsterisk {...typedProps<string | null>(form, 'driver.birthDate')} />
          <NumberInput label="Anno di conseguimento della patente" withAsterisk min={1900} max={2100} {...numberProps(form, 'driver.licenceYear')} />
        </SimpleGrid>
      )}
      <Switch
        label="Eredita la classe di un familiare convivente (Legge Bersani, RC familiare)"
        {...form.getInputProps('familyBonus.applies', { type: 'checkbox' })}
      />
      {familyBonus.applies && (
        <SimpleGrid cols={COLS} spacing="sm">
          <TextInput label="Codice fiscale del familiare" withAsterisk maxLength={20} {...upperProps(form, 'familyBonus.relativeTaxCode')} />
          <TextInput label="Targa del veicolo del familiare" withAsterisk maxLength={20} {...upperProps(form, 'familyBonus.fromPlate')} />
        </SimpleGrid>
      )}
    </Section>
  );
};

const ExtrasSection = ({ form }: { form: TForm }) => (
  <Section title="Garanzie accessorie e note">
    <Checkbox.Group label="Garanzie richieste oltre alla RC" {...form.getInputProps('covers')}>
      <SimpleGrid cols={COLS} spacing="xs" mt="xs">
        {RCA_COVER_LIST.map((cover) => (
          <Checkbox key={cover.code} value={cover.code} label={cover.label} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
    <Textarea label="Note per il broker" autosize minRows={2} maxRows={8} maxLength={2000} {...form.getInputProps('notes')} />
  </Section>
);

/** The saved data as the form holds it; data the schema no longer accepts starts from an empty form. */
const initialValuesOf = (data: unknown): TRcaFormValues => {
  if (data === undefined) return EMPTY_RCA_FORM;
  const parsed = ZRcaData.safeParse(data);
  return parsed.success ? toRcaFormValues(parsed.data) : EMPTY_RCA_FORM;
};

/**
 * The RC Auto request (every field of the request data, Italian labels), checked with the schema the server uses:
 * a field is checked when left once something was typed in it (a plate in the wrong format shows at once), the
 * submit checks them all; what the server refuses lands under the same inputs. One column on a phone.
 */
export const RcaForm = ({ initialData, submitLabel, onSave, onCancel, isSaving, disabled = false }: TSectorFormProps) => {
  const form = useForm<TRcaFormValues>({
    mode: 'controlled',
    initialValues: initialValuesOf(initialData),
    enhanceGetInputProps: checkWhenLeft,
    validate: (values) => checkRcaForm(values),
    onValuesChange: (values, previous) => {
      // A plate already typed is checked again against the new vehicle type.
      if (values.vehicle.type !== previous.vehicle.type && values.vehicle.plate.trim() !== '') queueMicrotask(() => form.validateField('vehicle.plate'));
    },
  });

  const { failure, onSubmit } = useSectorSubmit(form, { toInput: toRcaInput, onSave, message: (path, messages) => formMessage(path, messages.join('\n')) });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <VehicleSection form={form} />
        <PolicySection form={form} />
        <CoverSection form={form} />
        <PeopleSection form={form} />
        <ExtrasSection form={form} />
        <FormFooter failure={failure} submitLabel={submitLabel} onCancel={onCancel} isSaving={isSaving} disabled={disabled} />
      </Stack>
    </form>
  );
};
