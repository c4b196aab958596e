import { Button, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TCompany } from '../../../../../shared/schemas/insurers';
import { SearchInput } from '../../../components/inputs/search-input';
import { PageHeader } from '../../../components/page-header';
import { useTRPC } from '../../../lib/trpc';
import { useActiveToggle } from '../insurers/active-toggle';
import { CompanyDialog } from '../insurers/company-dialog';
import { InsurersTable } from '../insurers/insurers-table';

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
      <InsurersTable
        query={companies}
        errorTitle="Impossibile caricare le compagnie"
        empty={
          hasFilters
            ? { title: 'Nessuna compagnia corrisponde alla ricerca', text: 'Prova a cercare un altro nome o un altro codice.' }
            : { title: 'Nessuna compagnia', text: 'Aggiungi le compagnie con cui lavorano i broker.' }
        }
        count={(count) => (count === 1 ? '1 compagnia' : `${count} compagnie`)}
        minWidth={0}
        head={
          <>
            <Table.Th>Compagnia</Table.Th>
            <Table.Th>Codice IVASS</Table.Th>
          </>
        }
        cells={(company) => (
          <>
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
          </>
        )}
        onEdit={setEditing}
        onToggle={(company) => void toggle(company)}
      />
      <CompanyDialog company={editing} onClose={() => setEditing(null)} onSaved={() => void companies.refetch()} />
      {dialog}
    </Stack>
  );
};

export default CompaniesPage;
