import { Button, Group, Paper, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TCompany } from '../../../../../shared/schemas/insurers';
import { EmptyState } from '../../../components/empty-state';
import { SearchInput } from '../../../components/inputs/search-input';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useTRPC } from '../../../lib/trpc';
import { ActiveBadge, ActiveRowActions, useActiveToggle } from '../insurers/active-toggle';
import { CompanyDialog } from '../insurers/company-dialog';

/** /admin/gestione-compagnie: the insurance companies quotations name, with their IVASS code. */
const CompaniesPage = () => {
  const trpc = useTRPC();
  const [q, setQ] = useState('');
  const [includeInactive, setIncludeInactive] = useState(false);
  const [editing, setEditing] = useState<TCompany | 'new' | null>(null);
  const companies = useQuery({ ...trpc.insurers.companies.list.queryOptions({ q: q || undefined, includeInactive }), placeholderData: keepPreviousData });
  const update = useMutation(trpc.insurers.companies.update.mutationOptions());
  const hasFilters = Boolean(q);

  const { toggle, dialog } = useActiveToggle<TCompany>(
    {
      title: (next) => (next ? 'Riattivare la compagnia?' : 'Disattivare la compagnia?'),
      message: (company, next) =>
        next
          ? `${company.name} tornerà tra le compagnie proposte nelle quotazioni.`
          : `${company.name} non sarà più proposta nelle nuove quotazioni; quelle già fatte restano invariate.`,
      done: (next) => (next ? 'Compagnia riattivata.' : 'Compagnia disattivata.'),
    },
    (company, active) => update.mutateAsync({ id: company.id, company: { active } }),
    () => companies.refetch(),
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Gestione compagnie"
        description="Le compagnie assicurative autorizzate in Italia, con il codice IVASS, tra cui i broker scelgono nelle quotazioni."
        actions={<Button onClick={() => setEditing('new')}>Nuova compagnia</Button>}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput placeholder="Nome o codice IVASS" onSearch={setQ} style={{ flex: '1 1 260px' }} />
        <Switch label="Mostra anche le disattivate" checked={includeInactive} onChange={(event) => setIncludeInactive(event.currentTarget.checked)} />
      </Group>
      {companies.isPending && <PageLoader />}
      {companies.isError && <QueryError title="Impossibile caricare le compagnie" error={companies.error} onRetry={() => void companies.refetch()} isRetrying={companies.isFetching} />}
      {companies.data && companies.data.length === 0 && (
        <EmptyState title={hasFilters ? 'Nessuna compagnia corrisponde alla ricerca' : 'Nessuna compagnia'} icon="building">
          {hasFilters ? 'Prova a cercare un altro nome o un altro codice.' : 'Aggiungi le compagnie con cui lavorano i broker.'}
        </EmptyState>
      )}
      {companies.data && companies.data.length > 0 && (
        <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} aria-busy={companies.isFetching}>
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Compagnia</Table.Th>
                  <Table.Th>Codice IVASS</Table.Th>
                  <Table.Th>Stato</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Azioni</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {companies.data.map((company) => (
                  <Table.Tr key={company.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {company.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c={company.ivassCode ? undefined : 'dimmed'}>
                        {company.ivassCode || 'Non indicato'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <ActiveBadge active={company.active} />
                    </Table.Td>
                    <Table.Td>
                      <ActiveRowActions name={company.name} active={company.active} onEdit={() => setEditing(company)} onToggle={() => void toggle(company)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed" mt="md">
            {companies.data.length === 1 ? '1 compagnia' : `${companies.data.length} compagnie`}
          </Text>
        </Paper>
      )}
      <CompanyDialog company={editing} onClose={() => setEditing(null)} onSaved={() => void companies.refetch()} />
      {dialog}
    </Stack>
  );
};

export default CompaniesPage;
