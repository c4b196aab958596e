import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ZPayoutProfile, type TPayoutProfile } from '../../../../../shared/schemas/payouts';

export const EMPTY_BILLING: TPayoutProfile = { address: '', postalCode: '', city: '', province: '', iban: '' };

/** The corner's billing data for receipts and invoices, checked with the server's schema. */
export const useBillingForm = (initial: TPayoutProfile | null) =>
  useForm<TPayoutProfile>({
    mode: 'uncontrolled',
    initialValues: initial ?? EMPTY_BILLING,
    validate: zod4Resolver(ZPayoutProfile, { errorPriority: 'first' }),
    validateInputOnBlur: true,
  });

export type TBillingForm = ReturnType<typeof useBillingForm>;

/** Address, CAP, comune, provincia and IBAN, as printed on the receipt or the invoice. */
export const BillingFields = ({ form }: { form: TBillingForm }) => (
  <Stack gap="sm">
    <TextInput label="Indirizzo" description="Via e numero civico" withAsterisk autoComplete="street-address" key={form.key('address')} {...form.getInputProps('address')} />
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <TextInput label="CAP" withAsterisk inputMode="numeric" maxLength={5} autoComplete="postal-code" key={form.key('postalCode')} {...form.getInputProps('postalCode')} />
      <TextInput label="Comune" withAsterisk autoComplete="address-level2" key={form.key('city')} {...form.getInputProps('city')} />
      <TextInput label="Provincia" withAsterisk maxLength={2} placeholder="MI" key={form.key('province')} {...form.getInputProps('province')} />
    </SimpleGrid>
    <TextInput label="IBAN" withAsterisk autoComplete="off" key={form.key('iban')} {...form.getInputProps('iban')} />
  </Stack>
);
