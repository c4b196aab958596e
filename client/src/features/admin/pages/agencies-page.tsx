import { Button, Group, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TAgency } from '../../../../../shared/schemas/insurers';
import { SearchInput } from '../../../components/inputs/search-input';
import { PageHeader } from '../../../components/page-header';
import { useTRPC } from '../../../lib/trpc';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useActiveToggle } from '../insurers/active-toggle';
import { AgencyDialog } from '../insurers/agency-dialog';
import { InsurersTable } from '../insurers/insurers-table';
import { formatPhone } from '../../../lib/format-phone';

/** /admin/gestione-agenzie: the agencies that quote for the companies, with codes and contacts. */
const AgenciesPage = () => {
  const trpc = useTRPC();
  const isPhone = useIsPhone();
  const [q, setQ] = useState('');
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [includeInactive, setIncludeInactive] = useState(false);
  const [editing, setEditing] = useState<TAgency | 'new' | null>(null);
  const companies = useQuery(trpc.insurers.companies.list.queryOptions({ includeInactive: true }));
  const agencies = useQuery({
    ...trpc.insurers.agencies.list.queryOptions({ q: q || undefined, companyId: companyId ?? undefined, includeInactive }),
    placeholderData: keepPreviousData,
  });
  const update = useMutation(trpc.insurers.agencies.update.mutationOptions());
  const hasFilters = Boolean(q || companyId);

  const { toggle, dialog } = useActiveToggle<TAgency>(
    {
      title: (next) => (next ? 'Riattivare l’agenzia?' : 'Disattivare l’agenzia?'),
      message: (agency, next) =>
        next
          ? `${agency.name} (${agency.companyName}) tornerà tra le agenzie proposte nelle quotazioni.`
          : `${agency.name} (${agency.companyName}) non sarà più proposta nelle nuove quotazioni; quelle già fatte restano invariate.`,
      done: (next) => (next ? 'Agenzia riattivata.' : 'Agenzia disattivata.'),
    },
    (agency, active) => update.mutateAsync({ id: agency.id, agency: { active } }),
    () => agencies.refetch(),
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Gestione agenzie"
        description="Le agenzie che quotano ed emettono per conto delle compagnie, con codice e contatti."
        actions={<Button onClick={() => setEditing('new')}>Nuova agenzia</Button>}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput placeholder="Nome, codice, città o compagnia" onSearch={setQ} style={{ flex: '1 1 260px' }} />
        <Select
          label="Compagnia"
          placeholder="Tutte le compagnie"
          data={(companies.data ?? []).map((company) => ({ value: company.id, label: company.name }))}
          value={companyId}
          onChange={setCompanyId}
          searchable
          clearable
          size="sm"
          w={{ base: '100%', xs: 280 }}
        />
        <Switch label="Mostra anche le disattivate" checked={includeInactive} onChange={(event) => setIncludeInactive(event.currentTarget.checked)} />
      </Group>
      <InsurersTable
        query={agencies}
        errorTitle="Impossibile caricare le agenzie"
        empty={
          hasFilters
            ? { title: 'Nessuna agenzia corrisponde ai filtri', text: 'Prova a cercare un altro nome o togli il filtro della compagnia.' }
            : { title: 'Nessuna agenzia', text: 'Aggiungi le agenzie che quotano per le compagnie: potrai sceglierle nelle quotazioni.' }
        }
        count={(count) => (count === 1 ? '1 agenzia' : `${count} agenzie`)}
        minWidth={isPhone ? 0 : 760}
        head={
          <>
            <Table.Th>Agenzia</Table.Th>
            <Table.Th visibleFrom="sm">Compagnia</Table.Th>
            <Table.Th visibleFrom="sm">Codice</Table.Th>
            <Table.Th visibleFrom="sm">Contatti</Table.Th>
          </>
        }
        cells={(agency) => (
          <>
            <Table.Td>
              <Text size="sm" fw={600}>
                {agency.name}
              </Text>
              <Text size="xs" c="dimmed">
                {isPhone ? [agency.companyName, agency.code, agency.city].filter(Boolean).join(' · ') : agency.city}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <Text size="sm">{agency.companyName}</Text>
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <Text size="sm">{agency.code || '—'}</Text>
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <Text size="sm">{agency.email || '—'}</Text>
              {agency.phone && (
                <Text size="xs" c="dimmed">
                  {formatPhone(agency.phone)}
                </Text>
              )}
            </Table.Td>
          </>
        )}
        onEdit={setEditing}
        onToggle={(agency) => void toggle(agency)}
      />
      <AgencyDialog agency={editing} companyId={companyId} onClose={() => setEditing(null)} onSaved={() => void agencies.refetch()} />
      {dialog}
    </Stack>
  );
};

export default AgenciesPage;
