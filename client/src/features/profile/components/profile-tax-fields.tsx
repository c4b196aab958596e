import { Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { TAX_REGIMES } from '../../../../../shared/constants';
import type { TProfileForm } from '../hooks/use-profile-form';
import { isCompanyType } from '../profile-form-values';

/** Step 2, "Dati fiscali": the tax regime (required for a company, spec section 5) and whether there are employees. */
export const ProfileTaxFields = ({ form }: { form: TProfileForm }) => {
  const isCompany = isCompanyType(form.getValues().user.type);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Select
          label="Regime fiscale"
          size="md"
          placeholder="Seleziona il regime fiscale"
          data={TAX_REGIMES}
          withAsterisk={isCompany}
          clearable={!isCompany}
          allowDeselect={!isCompany}
          checkIconPosition="right"
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('taxRegime')}
        />
      </SimpleGrid>
      <Switch label="Hai dipendenti" size="md" {...form.getInputProps('hasEmployee', { type: 'checkbox' })} />
    </Stack>
  );
};
