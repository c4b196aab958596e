import { Button, Group, Paper, Select, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TAgency } from '../../../../../shared/schemas/insurers';
import { EmptyState } from '../../../components/empty-state';
import { SearchInput } from '../../../components/inputs/search-input';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useTRPC } from '../../../lib/trpc';
import { useIsPhone } from '../../../lib/use-is-phone';
import { ActiveBadge, ActiveRowActions, useActiveToggle } from '../insurers/active-toggle';
import { AgencyDialog } from '../insurers/agency-dialog';

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
      {agencies.isPending && <PageLoader />}
      {agencies.isError && <QueryError title="Impossibile caricare le agenzie" error={agencies.error} onRetry={() => void agencies.refetch()} isRetrying={agencies.isFetching} />}
      {agencies.data && agencies.data.length === 0 && (
        <EmptyState title={hasFilters ? 'Nessuna agenzia corrisponde ai filtri' : 'Nessuna agenzia'} icon="building">
          {hasFilters ? 'Prova a cercare un altro nome o togli il filtro della compagnia.' : 'Aggiungi le agenzie che quotano per le compagnie: potrai sceglierle nelle quotazioni.'}
        </EmptyState>
      )}
      {agencies.data && agencies.data.length > 0 && (
        <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} aria-busy={agencies.isFetching}>
          <Table.ScrollContainer minWidth={isPhone ? 0 : 760}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Agenzia</Table.Th>
                  <Table.Th visibleFrom="sm">Compagnia</Table.Th>
                  <Table.Th visibleFrom="sm">Codice</Table.Th>
                  <Table.Th visibleFrom="sm">Contatti</Table.Th>
                  <Table.Th>Stato</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Azioni</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {agencies.data.map((agency) => (
                  <Table.Tr key={agency.id}>
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
                          {agency.phone}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <ActiveBadge active={agency.active} />
                    </Table.Td>
                    <Table.Td>
                      <ActiveRowActions name={agency.name} active={agency.active} onEdit={() => setEditing(agency)} onToggle={() => void toggle(agency)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed" mt="md">
            {agencies.data.length === 1 ? '1 agenzia' : `${agencies.data.length} agenzie`}
          </Text>
        </Paper>
      )}
      <AgencyDialog agency={editing} companyId={companyId} onClose={() => setEditing(null)} onSaved={() => void agencies.refetch()} />
      {dialog}
    </Stack>
  );
};

export default AgenciesPage;
