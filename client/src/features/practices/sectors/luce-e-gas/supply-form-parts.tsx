import { SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';
import type { TClientAddress } from '../../../../../../shared/schemas/client-record';
import type { TComune } from '../../../../../../shared/schemas/geo';
import { ComuneSelect } from '../../../../components/inputs/comune-select';
import { checkWhenLeft, COLS, Section, upperProps, useSectorSubmit } from '../sector-form-kit';
import { isBlankAddress, supplyAddressOfClient, typingError, type TAddressFormValues } from './supply-form-values';

/**
 * The pieces the luce e gas and GPL request forms share: the supply address, the SEPA mandate, and the form's
 * behaviour (checked with the schema the server uses, the server's refusals under their inputs, POD, PDR and IBAN
 * checked while typed).
 */

/** The form of either utility request (the shared parts read only the paths both have). */
type TAnyForm = UseFormReturnType<any>;

/**
 * The comune the form holds (its name and province), as the picker shows it; the picker's own entry once one is
 * picked. A comune kept as text (a request saved before the picker) shows by its name.
 */
const comuneOfForm = (address: TAddressFormValues, istat: string | null): TComune | null =>
  address.comune.trim() === ''
    ? null
    : { istat: istat ?? `testo:${address.comune}|${address.province}`, name: address.comune, sigla: address.province, provinceName: '', cadastralCode: '', caps: [], active: true, mergedInto: null };

/**
 * Where the supply is: the comune picked from the list of comuni (as the clients' form does), which sets the
 * province and, when the comune has one, the CAP. A new request starts from the chosen client's address.
 */
export const AddressSection = ({ form, clientAddress }: { form: TAnyForm; clientAddress?: TClientAddress | null }) => {
  const address = (form.getValues() as { supplyAddress: TAddressFormValues }).supplyAddress;
  const pickedIstat = useRef<string | null>(null);
  const clientKey = clientAddress ? `${clientAddress.street}|${clientAddress.number}|${clientAddress.comuneIstat}|${clientAddress.cap}` : '';
  useEffect(() => {
    if (!clientAddress || !isBlankAddress((form.getValues() as { supplyAddress: TAddressFormValues }).supplyAddress)) return;
    form.setFieldValue('supplyAddress', supplyAddressOfClient(clientAddress));
    pickedIstat.current = clientAddress.comuneIstat;
    // Filled once per client chosen, and only into an address nobody has typed.
  }, [clientKey]);
  const comune = comuneOfForm(address, pickedIstat.current);
  const comuneProps = form.getInputProps('supplyAddress.comune');
  return (
    <Section title="Indirizzo di fornitura" description={clientAddress ? 'Dall’indirizzo del cliente: cambialo se la fornitura è altrove.' : undefined}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="Via o piazza" withAsterisk maxLength={200} autoComplete="address-line1" style={{ gridColumn: 'span 2' }} {...form.getInputProps('supplyAddress.street')} />
        <TextInput label="Numero civico" withAsterisk maxLength={20} {...form.getInputProps('supplyAddress.streetNumber')} />
        <ComuneSelect
          key={comune?.istat ?? 'nessuno'}
          withAsterisk
          error={comuneProps.error}
          onBlur={comuneProps.onBlur}
          value={comune}
          onChange={(picked) => {
            pickedIstat.current = picked?.istat ?? null;
            form.setFieldValue('supplyAddress.comune', picked?.name ?? '');
            form.setFieldValue('supplyAddress.province', picked?.sigla ?? '');
            if (picked?.caps.length === 1) form.setFieldValue('supplyAddress.postcode', picked.caps[0] ?? '');
          }}
        />
        <TextInput label="Provincia (sigla)" readOnly variant="filled" tabIndex={-1} placeholder="Dal comune" error={form.getInputProps('supplyAddress.province').error} value={address.province} />
        <TextInput label="CAP" withAsterisk maxLength={5} inputMode="numeric" autoComplete="postal-code" {...form.getInputProps('supplyAddress.postcode')} />
      </SimpleGrid>
    </Section>
  );
};

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
