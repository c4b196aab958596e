import { Checkbox, Group, NumberInput, Radio, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { GPL_CYLINDER_KG, GPL_PAYMENTS, GPL_SUPPLY_KINDS, GPL_USES, ZGplData, isTankKind, type TGplCylinderKg } from '../../../../../../shared/practices/gpl';
import type { TSectorFormProps } from '../sector-module';
import { AddressSection, SepaFields, useSupplyForm } from '../luce-e-gas/supply-form-parts';
import { COLS, FormFooter, numberProps, options, Section } from '../sector-form-kit';
import { OfferSelect } from '../utility-offers/offer-select';
import { checkGplForm, EMPTY_GPL_FORM, toGplFormValues, toGplInput, type TGplFormValues } from './gpl-form-values';

type TForm = UseFormReturnType<TGplFormValues>;

/**
 * Every GPL offer is of LPG; the catalogue has no customer kind to tell from the uses. The supply kind chosen tells
 * whether the offer must lend or rent the tank (none is offered until it is chosen).
 */
const lpgSubject = (supplyKind: string) => (supplyKind ? { commodity: 'lpg' as const, lpgSupplyKind: supplyKind } : null);

const CYLINDER_OPTIONS = GPL_CYLINDER_KG.map((kg) => ({ value: String(kg), label: `${kg} kg` }));

const SupplySection = ({ form }: { form: TForm }) => {
  const { supplyKind, cylinderKg } = form.getValues();
  return (
    <Section title="Fornitura" description="Fornitura e serbatoio sono due contratti distinti (D.Lgs. 32/1998, art. 10).">
      <Checkbox.Group label="Usi del GPL" withAsterisk {...form.getInputProps('uses')}>
        <Group gap="lg" mt="xs">
          {options(GPL_USES).map((use) => (
            <Checkbox key={use.value} value={use.value} label={use.label} />
          ))}
        </Group>
      </Checkbox.Group>
      <SimpleGrid cols={COLS} spacing="sm">
        <Select label="Tipo di fornitura" placeholder="Seleziona" data={options(GPL_SUPPLY_KINDS)} withAsterisk allowDeselect={false} {...form.getInputProps('supplyKind')} />
        <NumberInput label="Consumo annuo (litri)" withAsterisk min={1} {...numberProps(form, 'yearlyLitres')} />
        {isTankKind(supplyKind) && (
          <NumberInput label="Capacità del serbatoio (litri)" description="Da 100 a 20.000 (una casa: circa 1.000)" withAsterisk min={100} max={20000} {...numberProps(form, 'tank.litres')} />
        )}
        {supplyKind === 'cylinders' && (
          <Select
            label="Peso delle bombole"
            placeholder="Seleziona"
            data={CYLINDER_OPTIONS}
            withAsterisk
            allowDeselect={false}
            value={cylinderKg === '' ? null : String(cylinderKg)}
            onChange={(value) => form.setFieldValue('cylinderKg', value ? (Number(value) as TGplCylinderKg) : '')}
            error={form.errors.cylinderKg}
          />
        )}
        <TextInput label="Fornitore attuale" description="Se c’è già un contratto" maxLength={200} {...form.getInputProps('currentSupplier')} />
      </SimpleGrid>
      {isTankKind(supplyKind) && <Switch label="Serbatoio interrato" {...form.getInputProps('tank.underground', { type: 'checkbox' })} />}
    </Section>
  );
};

const PropertySection = ({ form }: { form: TForm }) => {
  const { propertyRented } = form.getValues();
  return (
    <Section title="Immobile">
      <Switch label="L’immobile è in affitto" {...form.getInputProps('propertyRented', { type: 'checkbox' })} />
      {propertyRented && <Checkbox label="Il proprietario ha dato il consenso all’installazione" {...form.getInputProps('ownerConsent', { type: 'checkbox' })} />}
    </Section>
  );
};

const ContractSection = ({ form }: { form: TForm }) => {
  const { payment } = form.getValues();
  return (
    <Section title="Offerta, pagamento e note">
      <OfferSelect form={form} sector="gpl" subject={lpgSubject(form.getValues().supplyKind)} />
      <Radio.Group label="Pagamento" withAsterisk {...form.getInputProps('payment')}>
        <Group gap="lg" mt="xs">
          {options(GPL_PAYMENTS).map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} />
          ))}
        </Group>
      </Radio.Group>
      {payment === 'sepa' && <SepaFields form={form} />}
      <Textarea label="Note per il broker" autosize minRows={2} maxRows={8} maxLength={2000} {...form.getInputProps('notes')} />
    </Section>
  );
};

/** The saved data as the form holds it; data the schema no longer accepts starts from an empty form. */
const initialValuesOf = (data: unknown): TGplFormValues => {
  if (data === undefined) return EMPTY_GPL_FORM;
  const parsed = ZGplData.safeParse(data);
  return parsed.success ? toGplFormValues(parsed.data) : EMPTY_GPL_FORM;
};

/**
 * The GPL request (every field of the request data, Italian labels): the supply address, the uses, the tank or
 * the cylinders (the fields of the kind chosen), the property, the offer and the payment (the IBAN for the
 * direct debit). Checked with the schema the server uses. One column on a phone.
 */
export const GplForm = ({ initialData, clientAddress, submitLabel, onSave, onCancel, isSaving, disabled = false }: TSectorFormProps) => {
  const { form, failure, onSubmit } = useSupplyForm<TGplFormValues>({
    initialValues: initialValuesOf(initialData),
    check: checkGplForm,
    toInput: toGplInput,
    onSave,
    typed: { 'sepa.iban': 'iban' },
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <AddressSection form={form} clientAddress={initialData === undefined ? clientAddress : null} />
        <SupplySection form={form} />
        <PropertySection form={form} />
        <ContractSection form={form} />
        <FormFooter failure={failure} submitLabel={submitLabel} onCancel={onCancel} isSaving={isSaving} disabled={disabled} />
      </Stack>
    </form>
  );
};
