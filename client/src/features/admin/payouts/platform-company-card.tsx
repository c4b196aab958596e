import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { ZPlatformCompany, type TPlatformCompany } from '../../../../../shared/schemas/payouts';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import type { TErrorDisplay } from '../../../lib/api-error-display';
import { applyServerError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';

const EMPTY: TPlatformCompany = {
  denominazione: '',
  partitaIva: '',
  codiceFiscale: '',
  address: { street: '', cap: '', comune: '', provincia: '' },
  codiceDestinatario: '0000000',
  pec: '',
};

/** The platform's company data: the payer on the receipts and the buyer (cessionario) on the invoices of the payouts. */
export const PlatformCompanyCard = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const company = useQuery(trpc.payouts.admin.company.queryOptions());
  const save = useMutation(trpc.payouts.admin.saveCompany.mutationOptions());
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const form = useForm<TPlatformCompany>({ mode: 'uncontrolled', initialValues: EMPTY, validate: zod4Resolver(ZPlatformCompany, { errorPriority: 'first' }) });
  const stored = company.data;
  useEffect(() => {
    if (stored) {
      form.setInitialValues(stored);
      form.setValues(stored);
    }
    // Only newly stored data resets the form (the form object itself is stable).
  }, [stored]);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await save.mutateAsync(ZPlatformCompany.parse(values));
      await queryClient.invalidateQueries(trpc.payouts.admin.company.queryFilter());
      toast('success', answer.message);
    } catch (error) {
      setFailure(applyServerError(form, error));
    }
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="platform-company-title">
      <Stack gap="sm">
        <div>
          <Title order={3} fz="lg" id="platform-company-title">
            Dati della piattaforma per ricevute e fatture
          </Title>
          <Text size="sm" c="dimmed">
            Il committente delle ricevute e il cessionario delle fatture elettroniche dei corner. Senza questi dati i corner non possono chiedere pagamenti con ricevuta o fattura.
          </Text>
        </div>
        {company.isPending && <PageLoader />}
        {company.isError && <QueryError title="Impossibile caricare i dati della piattaforma" error={company.error} onRetry={() => void company.refetch()} isRetrying={company.isFetching} />}
        {!company.isPending && !company.isError && (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <FormAlert error={failure} />
              <TextInput label="Denominazione" withAsterisk key={form.key('denominazione')} {...form.getInputProps('denominazione')} />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput label="Partita IVA" withAsterisk inputMode="numeric" key={form.key('partitaIva')} {...form.getInputProps('partitaIva')} />
                <TextInput label="Codice fiscale" withAsterisk key={form.key('codiceFiscale')} {...form.getInputProps('codiceFiscale')} />
              </SimpleGrid>
              <TextInput label="Indirizzo" description="Via e numero civico" withAsterisk key={form.key('address.street')} {...form.getInputProps('address.street')} />
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <TextInput label="CAP" withAsterisk inputMode="numeric" maxLength={5} key={form.key('address.cap')} {...form.getInputProps('address.cap')} />
                <TextInput label="Comune" withAsterisk key={form.key('address.comune')} {...form.getInputProps('address.comune')} />
                <TextInput label="Provincia" withAsterisk maxLength={2} key={form.key('address.provincia')} {...form.getInputProps('address.provincia')} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput label="Codice destinatario" description="7 caratteri; 0000000 se si riceve via PEC" maxLength={7} key={form.key('codiceDestinatario')} {...form.getInputProps('codiceDestinatario')} />
                <TextInput label="PEC" type="email" key={form.key('pec')} {...form.getInputProps('pec')} />
              </SimpleGrid>
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  Salva i dati
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
};
