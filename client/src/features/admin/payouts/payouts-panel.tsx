import { Badge, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PAYOUT_METHODS, PAYOUT_STATES, type TAdminPayout, type TPayoutState } from '../../../../../shared/schemas/payouts';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { PagedFooter } from '../../../components/pager';
import { QueryError } from '../../../components/query-error';
import { formatCents, formatDate } from '../../../lib/format';
import { useTRPC } from '../../../lib/trpc';
import { fetchAllPages, payoutRows } from './accounting-export';
import { CornerLedgerCard } from './corner-ledger-card';
import { CorrectionDialog } from './correction-dialog';
import { ExportButtons } from './export-buttons';
import { PayPayoutDialog } from './pay-payout-dialog';
import { PlatformCompanyCard } from './platform-company-card';
import { ReferralSettingsCard } from './referral-settings-card';

const LIMIT = 25;
const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
type TFilter = TPayoutState | 'all';
const FILTERS: { value: TFilter; label: string }[] = [
  { value: 'requested', label: 'Da pagare' },
  { value: 'paid', label: 'Pagati' },
  { value: 'all', label: 'Tutti' },
];

/**
 * «Pagamenti ai corner»: the payouts asked (those to make first), paid with a gift card code or a transfer; the
 * corrections of a corner's ledger; the accountant's export; the platform's data for the documents and the
 * referral rules.
 */
export const PayoutsPanel = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<TFilter>('requested');
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState<TAdminPayout | null>(null);
  const [isCorrecting, setIsCorrecting] = useState(false);
  const state = filter === 'all' ? undefined : filter;
  const list = useQuery({ ...trpc.payouts.admin.list.queryOptions({ state, page, limit: LIMIT }), placeholderData: keepPreviousData });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / LIMIT));
  const exportAll = async () =>
    payoutRows(await fetchAllPages((from, limit) => queryClient.fetchQuery(trpc.payouts.admin.list.queryOptions({ state, page: from, limit }))));

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Paper withBorder radius="lg" p="md">
          <Text size="sm" c="dimmed">
            Da pagare ai corner
          </Text>
          <Text fz={24} fw={700} style={NUMERIC}>
            {list.data ? formatCents(list.data.totalRequestedCents) : '…'}
          </Text>
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Stack gap={6} align="flex-start">
            <Text size="sm" c="dimmed">
              Un errore nel registro di un corner? Registra un accredito o un addebito con il motivo.
            </Text>
            <Button variant="light" onClick={() => setIsCorrecting(true)}>
              Rettifica
            </Button>
          </Stack>
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <SegmentedControl
              aria-label="Stato dei pagamenti ai corner"
              data={FILTERS}
              value={filter}
              onChange={(value) => {
                setFilter(value as TFilter);
                setPage(1);
              }}
            />
            <ExportButtons what="i pagamenti ai corner" fileName={`pagamenti-ai-corner-${filter === 'all' ? 'tutti' : filter === 'paid' ? 'pagati' : 'da-pagare'}`} load={exportAll} />
          </Group>
          {list.isPending && <PageLoader />}
          {list.isError && <QueryError title="Impossibile caricare i pagamenti ai corner" error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />}
          {list.data && list.data.list.length === 0 && (
            <EmptyState title="Nessun pagamento ai corner" icon="card" withBorder={false}>
              {filter === 'requested' ? 'Quando un corner chiede di essere pagato, la richiesta compare qui.' : 'Nessun pagamento con questo stato.'}
            </EmptyState>
          )}
          {list.data && list.data.list.length > 0 && (
            <Table.ScrollContainer minWidth={900}>
              <Table verticalSpacing="sm" aria-label="Pagamenti ai corner">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Corner</Table.Th>
                    <Table.Th>Richiesto il</Table.Th>
                    <Table.Th>Modalità</Table.Th>
                    <Table.Th ta="right">Importo</Table.Th>
                    <Table.Th ta="right">Ritenuta</Table.Th>
                    <Table.Th ta="right">Netto</Table.Th>
                    <Table.Th>Stato</Table.Th>
                    <Table.Th ta="right">Azioni</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.list.map((payout) => (
                    <Table.Tr key={payout.id}>
                      <Table.Td>{payout.cornerName}</Table.Td>
                      <Table.Td style={NUMERIC}>{formatDate(payout.createdAt)}</Table.Td>
                      <Table.Td>
                        {PAYOUT_METHODS[payout.method]}
                        {payout.number && (
                          <Text size="xs" c="dimmed">
                            N. {payout.number}
                          </Text>
                        )}
                        {payout.giftcardName && (
                          <Text size="xs" c="dimmed">
                            {payout.giftcardName}
                          </Text>
                        )}
                        {payout.thresholdCrossed && (
                          <Badge variant="light" color="orange.9" size="sm" title="Con questo pagamento il corner supera i 5.000 € di compensi occasionali dell’anno: Gestione Separata INPS">
                            Oltre 5.000 € nell’anno
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td ta="right" style={NUMERIC}>
                        {formatCents(payout.amountCents)}
                      </Table.Td>
                      <Table.Td ta="right" style={NUMERIC}>
                        {formatCents(payout.withholdingCents)}
                      </Table.Td>
                      <Table.Td ta="right" style={NUMERIC}>
                        {formatCents(payout.netCents)}
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={payout.state === 'paid' ? 'teal.8' : 'yellow.9'}>
                          {PAYOUT_STATES[payout.state]}
                        </Badge>
                        {payout.paidAt && (
                          <Text size="xs" c="dimmed">
                            {payout.reference ? `Bonifico ${payout.reference} del ${formatDate(payout.transferDate)}` : `il ${formatDate(payout.paidAt)}`}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          {payout.documentUrl && (
                            <Button component="a" href={payout.documentUrl} download size="xs" variant="default" aria-label={`Scarica il documento di ${payout.cornerName}`}>
                              Documento
                            </Button>
                          )}
                          {payout.state === 'requested' && (
                            <Button size="xs" onClick={() => setPaying(payout)} aria-label={`Paga ${payout.cornerName} (${formatCents(payout.netCents)})`}>
                              Paga
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {list.data && list.data.total > LIMIT && <PagedFooter count={list.data.total} singular="pagamento" plural="pagamenti" pages={pages} page={page} onPage={setPage} />}
        </Stack>
      </Paper>
      <CornerLedgerCard />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PlatformCompanyCard />
        <ReferralSettingsCard />
      </SimpleGrid>
      <PayPayoutDialog payout={paying} onClose={() => setPaying(null)} />
      <CorrectionDialog opened={isCorrecting} onClose={() => setIsCorrecting(false)} />
    </Stack>
  );
};
