import { SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useRef } from 'react';
import { checkWhenLeft, COLS, Section, upperProps, useSectorSubmit } from '../sector-form-kit';
import { typingError } from './supply-form-values';

/**
 * The pieces the luce e gas and GPL request forms share: the supply address, the SEPA mandate, and the form's
 * behaviour (checked with the schema the server uses, the server's refusals under their inputs, POD, PDR and IBAN
 * checked while typed).
 */

/** The form of either utility request (the shared parts read only the paths both have). */
type TAnyForm = UseFormReturnType<any>;

export const AddressSection = ({ form }: { form: TAnyForm }) => (
  <Section title="Indirizzo di fornitura">
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <TextInput label="Via o piazza" withAsterisk maxLength={200} autoComplete="address-line1" style={{ gridColumn: 'span 2' }} {...form.getInputProps('supplyAddress.street')} />
      <TextInput label="Numero civico" withAsterisk maxLength={20} {...form.getInputProps('supplyAddress.streetNumber')} />
      <TextInput label="CAP" withAsterisk maxLength={5} inputMode="numeric" autoComplete="postal-code" {...form.getInputProps('supplyAddress.postcode')} />
      <TextInput label="Comune" withAsterisk maxLength={100} autoComplete="address-level2" {...form.getInputProps('supplyAddress.comune')} />
      <TextInput label="Provincia (sigla)" withAsterisk maxLength={2} placeholder="MI" {...upperProps(form, 'supplyAddress.province')} />
    </SimpleGrid>
  </Section>
);

/** The IBAN and, behind a switch, the account holder when it is not the client. */
export const SepaFields = ({ form }: { form: TAnyForm }) => {
  const holderIsOther = (form.getValues() as { sepa: { holderIsOther: boolean } }).sepa.holderIsOther;
  return (
    <Stack gap="sm">
      <TextInput label="IBAN per l’addebito diretto (SEPA)" description="27 caratteri per un conto italiano, es. IT60 X054 2811 1010 0000 0123 456" withAsterisk maxLength={42} {...upperProps(form, 'sepa.iban')} />
      <Switch label="Il conto non è intestato al cliente" {...form.getInputProps('sepa.holderIsOther', { type: 'checkbox' })} />
      {holderIsOther && (
        <SimpleGrid cols={COLS} spacing="sm">
          <TextInput label="Intestatario del conto" description="Nome e cognome o ragione sociale" withAsterisk maxLength={200} {...form.getInputProps('sepa.holderName')} />
          <TextInput label="Codice fiscale o partita IVA dell’intestatario" withAsterisk maxLength={20} {...upperProps(form, 'sepa.holderTaxCode')} />
        </SimpleGrid>
      )}
    </Stack>
  );
};

const valueAt = (values: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined), values);

type TSupplyFormOptions<T extends Record<string, unknown>> = {
  initialValues: T;
  check: (values: T) => Record<string, string>;
  toInput: (values: T) => Record<string, unknown>;
  onSave: (data: Record<string, unknown>) => Promise<unknown>;
  /** Codes checked while typed, by form path (`electricity.pod`: 'pod'). */
  typed: Record<string, 'pod' | 'pdr' | 'iban'>;
};

/**
 * The form of a utility request: a field is checked when left once something was typed in it, a field showing an
 * error is checked again at each change (the message goes as soon as it is fixed), POD, PDR and IBAN show a wrong
 * character at once; the submit checks them all; what the server refuses lands under the same inputs.
 */
export const useSupplyForm = <T extends Record<string, unknown>>({ initialValues, check, toInput, onSave, typed }: TSupplyFormOptions<T>) => {
  const form: UseFormReturnType<T> = useForm<T>({
    mode: 'controlled',
    initialValues,
    enhanceGetInputProps: checkWhenLeft,
    validate: (values) => check(values),
    onValuesChange: (values, previous) => {
      // The errors shown before this change (Mantine clears a field's error when it changes).
      const shown = { ...errorsRef.current };
      queueMicrotask(() => {
        for (const [path, kind] of Object.entries(typed)) {
          const value = valueAt(values, path);
          if (value === valueAt(previous, path) || typeof value !== 'string') continue;
          const early = typingError(kind, value);
          if (early) form.setFieldError(path, early);
          else if (shown[path]) form.validateField(path);
        }
        for (const path of Object.keys(shown)) {
          if (!(path in typed) && valueAt(values, path) !== valueAt(previous, path)) form.validateField(path);
        }
      });
    },
  });
  const errorsRef = useRef(form.errors);
  errorsRef.current = form.errors;

  const { failure, onSubmit } = useSectorSubmit(form, { toInput, onSave });
  return { form, failure, onSubmit };
};
