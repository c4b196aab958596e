import { Group, NumberInput, Radio, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { COMMODITIES, ELECTRICITY_USES, GAS_USES, SUPPLY_OPERATIONS, ZLuceGasData } from '../../../../../../shared/practices/luce-e-gas';
import { COLS, FormFooter, numberProps, options, Section, upperProps } from '../sector-form-kit';
import type { TSectorFormProps } from '../sector-module';
import { OfferSelect } from '../utility-offers/offer-select';
import { checkLuceGasForm, EMPTY_LUCE_GAS_FORM, luceGasOfferSubject, showsElectricity, showsGas, toLuceGasFormValues, toLuceGasInput, type TLuceGasFormValues } from './luce-gas-form-values';
import { AddressSection, SepaFields, useSupplyForm } from './supply-form-parts';

type TForm = UseFormReturnType<TLuceGasFormValues>;

const COMMODITY_OPTIONS = options(COMMODITIES);

const SupplySection = ({ form }: { form: TForm }) => {
  const { operation } = form.getValues();
  return (
    <Section title="Fornitura">
      <Radio.Group label="Cosa attivare" withAsterisk {...form.getInputProps('commodity')}>
        <Group gap="lg" mt="xs">
          {COMMODITY_OPTIONS.map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} />
          ))}
        </Group>
      </Radio.Group>
      <SimpleGrid cols={COLS} spacing="sm">
        <Select label="Operazione" placeholder="Seleziona" data={options(SUPPLY_OPERATIONS)} withAsterisk allowDeselect={false} {...form.getInputProps('operation')} />
        <TextInput
          label="Fornitore attuale"
          description={operation === 'switch' ? 'È sulla bolletta' : 'Se c’è già un contratto'}
          withAsterisk={operation === 'switch'}
          maxLength={200}
          {...form.getInputProps('currentSupplier')}
        />
      </SimpleGrid>
    </Section>
  );
};

const ElectricitySection = ({ form }: { form: TForm }) => (
  <Section title="Luce" description="Dalla bolletta: il POD, il consumo annuo e la potenza impegnata.">
    <SimpleGrid cols={COLS} spacing="sm">
      <TextInput label="POD" description="IT, 3 cifre, E e 8 cifre (es. IT001E12345678)" withAsterisk maxLength={20} {...upperProps(form, 'electricity.pod')} />
      <Select label="Uso" data={options(ELECTRICITY_USES)} withAsterisk allowDeselect={false} {...form.getInputProps('electricity.use')} />
      <NumberInput label="Consumo annuo (kWh)" withAsterisk min={1} {...numberProps(form, 'electricity.yearlyKwh')} />
      <NumberInput
        label="Potenza impegnata (kW)"
        withAsterisk
        min={0.5}
        step={0.5}
        decimalScale={1}
        decimalSeparator=","
        allowNegative={false}
        inputMode="decimal"
        hideControls
        {...form.getInputProps('electricity.powerKw')}
      />
    </SimpleGrid>
  </Section>
);

const GasSection = ({ form }: { form: TForm }) => (
  <Section title="Gas" description="Dalla bolletta: il PDR e il consumo annuo in Smc.">
    <SimpleGrid cols={COLS} spacing="sm">
      <TextInput label="PDR" description="14 cifre (es. 00881234567890)" withAsterisk maxLength={20} inputMode="numeric" {...upperProps(form, 'gas.pdr')} />
      <Select label="Uso" data={options(GAS_USES)} withAsterisk allowDeselect={false} {...form.getInputProps('gas.use')} />
      <NumberInput label="Consumo annuo (Smc)" withAsterisk min={1} {...numberProps(form, 'gas.yearlySmc')} />
    </SimpleGrid>
  </Section>
);

const ContractSection = ({ form }: { form: TForm }) => (
  <Section title="Offerta, pagamento e note">
    <OfferSelect form={form} sector="luce-e-gas" subject={luceGasOfferSubject(form.getValues())} />
    <SepaFields form={form} />
    <Switch
      label="Contratto firmato a distanza o fuori dai locali commerciali"
      description="Il cliente può recedere entro 14 giorni dalla firma."
      {...form.getInputProps('signedAtDistance', { type: 'checkbox' })}
    />
    <Textarea label="Note per il broker" autosize minRows={2} maxRows={8} maxLength={2000} {...form.getInputProps('notes')} />
  </Section>
);

/** The saved data as the form holds it; data the schema no longer accepts starts from an empty form. */
const initialValuesOf = (data: unknown): TLuceGasFormValues => {
  if (data === undefined) return EMPTY_LUCE_GAS_FORM;
  const parsed = ZLuceGasData.safeParse(data);
  return parsed.success ? toLuceGasFormValues(parsed.data) : EMPTY_LUCE_GAS_FORM;
};

/**
 * The luce e gas request (every field of the request data, Italian labels): the supply address, electricity
 * and/or gas (the sections of what is chosen), the operation, the offer, the IBAN. Checked with the schema the
 * server uses; a wrong character in a POD, PDR or IBAN shows at once. One column on a phone.
 */
export const LuceGasForm = ({ initialData, clientAddress, submitLabel, onSave, onCancel, isSaving, disabled = false }: TSectorFormProps) => {
  const { form, failure, onSubmit } = useSupplyForm<TLuceGasFormValues>({
    initialValues: initialValuesOf(initialData),
    check: checkLuceGasForm,
    toInput: toLuceGasInput,
    onSave,
    typed: { 'electricity.pod': 'pod', 'gas.pdr': 'pdr', 'sepa.iban': 'iban' },
  });
  const { commodity } = form.getValues();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SupplySection form={form} />
        <AddressSection form={form} clientAddress={initialData === undefined ? clientAddress : null} />
        {showsElectricity(commodity) && <ElectricitySection form={form} />}
        {showsGas(commodity) && <GasSection form={form} />}
        <ContractSection form={form} />
        <FormFooter failure={failure} submitLabel={submitLabel} onCancel={onCancel} isSaving={isSaving} disabled={disabled} />
      </Stack>
    </form>
  );
};
