import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Tabs, Text, Textarea } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TPaymentStatus } from '../../../../../shared/constants';
import type { TAdminPayment } from '../../../../../shared/schemas/payments';
import { Dialog } from '../../../components/dialog/dialog';
import { EmptyState } from '../../../components/empty-state';
import { buildFileUrl } from '../../../components/files/download-url';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { PagedFooter } from '../../../components/pager';
import { QueryError } from '../../../components/query-error';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { formatCents, formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { fetchAllPages, paymentRows } from '../payouts/accounting-export';
import { ExportButtons } from '../payouts/export-buttons';
import { PayoutsPanel } from '../payouts/payouts-panel';

const LIMIT = 25;
const TABS: { status: TPaymentStatus; label: string; empty: string }[] = [
  { status: 'pending', label: 'Da confermare', empty: 'Nessun pagamento da confermare: quando un corner dichiara un bonifico lo trovi qui con la ricevuta.' },
  { status: 'notPaied', label: 'Da pagare', empty: 'Nessun pagamento in attesa dai corner.' },
  { status: 'paied', label: 'Pagati', empty: 'Nessun pagamento confermato.' },
];

/** The admin's refusal of a receipt, with the reason the corner reads. */
const RejectDialog = ({ payment, onClose }: { payment: TAdminPayment | null; onClose: () => void }) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reject = useMutation(trpc.payments.admin.reject.mutationOptions());
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const confirm = async () => {
    if (!payment) return false;
    setFailure(null);
    try {
      const answer = await reject.mutateAsync({ id: payment.id, reason });
      await queryClient.invalidateQueries(trpc.payments.pathFilter());
      toast('success', answer.message);
      return true;
    } catch (error) {
      setFailure(describeError(error));
      return false;
    }
  };
  return (
    <Dialog
      opened={payment !== null}
      onClose={onClose}
      onExited={() => {
        setReason('');
        setFailure(null);
      }}
      title="Respingi la ricevuta"
      onConfirm={confirm}
      confirmColor="red"
      labels={{ confirm: 'Respingi' }}
    >
      <Stack gap="sm">
        <FormAlert error={failure} />
        {payment && (
          <Text size="sm">
            {payment.cornerName}: «{payment.description}», {formatCents(payment.amount)}. Il pagamento torna da pagare e il corner legge il motivo.
          </Text>
        )}
        <Textarea label="Motivo" value={reason} onChange={(event) => setReason(event.currentTarget.value)} required autosize minRows={2} maxLength={1000} data-autofocus />
      </Stack>
    </Dialog>
  );
};

/** `?sezione=ai-corner` opens the payouts (the admins' notification of a payout request links there). */
const PAYOUTS_SECTION = 'ai-corner';

/**
 * /admin/pagamenti: the corners' payments by state, receipts to confirm first, each with its receipt; confirming
 * marks it paid, rejecting sends it back with a reason; totals by state. A second tab holds the payouts to the corners.
 */
const AdminPaymentsPage = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [state, setState] = useState<TPaymentStatus>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<TAdminPayment | null>(null);
  const list = useQuery({ ...trpc.payments.admin.list.queryOptions({ state, page, limit: LIMIT }), placeholderData: keepPreviousData });
  const confirm = useMutation(trpc.payments.admin.confirm.mutationOptions());
  const onConfirm = (payment: TAdminPayment) =>
    confirm.mutateAsync({ id: payment.id }).then(
      async (answer) => {
        await queryClient.invalidateQueries(trpc.payments.pathFilter());
        toast('success', answer.message);
      },
      (error: unknown) => toast('error', describeError(error).messages.join('\n')),
    );
  const tab = TABS.find((candidate) => candidate.status === state)!;
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / LIMIT));
  const [params, setParams] = useSearchParams();
  const section = params.get('sezione') === PAYOUTS_SECTION ? PAYOUTS_SECTION : 'dai-corner';
  const exportAll = async () => paymentRows(await fetchAllPages((from, limit) => queryClient.fetchQuery(trpc.payments.admin.list.queryOptions({ state, page: from, limit }))));

  return (
    <Stack gap="lg">
      <PageHeader title="Pagamenti" description="I pagamenti dei corner: le ricevute da confermare, quelli ancora da pagare e quelli confermati; i pagamenti ai corner." />
      <Tabs value={section} onChange={(value) => setParams(value === PAYOUTS_SECTION ? { sezione: PAYOUTS_SECTION } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="dai-corner">Pagamenti dai corner</Tabs.Tab>
          <Tabs.Tab value={PAYOUTS_SECTION}>Pagamenti ai corner</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={PAYOUTS_SECTION} pt="lg">
          <PayoutsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="dai-corner" pt="lg">
          <Stack gap="lg">
            {list.data && (
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                {TABS.map((candidate) => (
                  <Paper key={candidate.status} withBorder radius="lg" p="md">
                    <Text size="sm" c="dimmed">
                      {candidate.label}
                    </Text>
                    <Text fz={24} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatCents(list.data.totals[candidate.status])}
                    </Text>
                  </Paper>
                ))}
              </SimpleGrid>
            )}
            <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
              <Tabs
                value={state}
                onChange={(value) => {
                  if (!value) return;
                  setState(value as TPaymentStatus);
                  setPage(1);
                }}
              >
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Tabs.List>
                    {TABS.map((candidate) => (
                      <Tabs.Tab key={candidate.status} value={candidate.status}>
                        {candidate.label}
                      </Tabs.Tab>
                    ))}
                  </Tabs.List>
                  <ExportButtons what="i pagamenti dei corner" fileName={`pagamenti-dei-corner-${tab.label.toLowerCase().replace(/\s+/g, '-')}`} load={exportAll} />
                </Group>
              </Tabs>
              <Stack gap="sm" pt="sm">
                {list.isPending && <PageLoader />}
                {list.isError && <QueryError title="Impossibile caricare i pagamenti" error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />}
                {list.data && list.data.list.length === 0 && (
                  <EmptyState title={`Nessun pagamento «${tab.label.toLowerCase()}»`} icon="card" withBorder={false}>
                    {tab.empty}
                  </EmptyState>
                )}
                {list.data && list.data.list.length > 0 && (
                  <Table.ScrollContainer minWidth={720}>
                    <Table verticalSpacing="sm" aria-label={`Pagamenti: ${tab.label}`}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Corner</Table.Th>
                          <Table.Th>Descrizione</Table.Th>
                          <Table.Th>{state === 'pending' ? 'Dichiarato il' : state === 'paied' ? 'Pagato il' : 'Scadenza'}</Table.Th>
                          <Table.Th ta="right">Importo</Table.Th>
                          {state === 'pending' && <Table.Th ta="right">Azioni</Table.Th>}
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {list.data.list.map((payment) => (
                          <Table.Tr key={payment.id}>
                            <Table.Td>{payment.cornerName}</Table.Td>
                            <Table.Td>
                              <Text size="sm">{payment.description}</Text>
                              {payment.proofUrl && state !== 'notPaied' && (
                                <Anchor href={buildFileUrl(payment.proofUrl)} target="_blank" rel="noopener" size="xs">
                                  Apri la ricevuta
                                </Anchor>
                              )}
                              {payment.rejectedReason && (
                                <Badge color="red.8" variant="light" style={{ textTransform: 'none' }}>
                                  Respinta: {payment.rejectedReason}
                                </Badge>
                              )}
                            </Table.Td>
                            <Table.Td>{formatDate(state === 'pending' ? payment.declaredAt : state === 'paied' ? payment.paidAt : payment.dueDate)}</Table.Td>
                            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                              {formatCents(payment.amount)}
                            </Table.Td>
                            {state === 'pending' && (
                              <Table.Td>
                                <Group gap="xs" justify="flex-end" wrap="nowrap">
                                  <Button size="xs" onClick={() => void onConfirm(payment)} loading={confirm.isPending && confirm.variables?.id === payment.id} aria-label={`Conferma ${payment.description} di ${payment.cornerName}`}>
                                    Conferma
                                  </Button>
                                  <Button size="xs" variant="default" color="red" onClick={() => setRejecting(payment)} aria-label={`Respingi ${payment.description} di ${payment.cornerName}`}>
                                    Respingi
                                  </Button>
                                </Group>
                              </Table.Td>
                            )}
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
                {list.data && list.data.total > LIMIT && <PagedFooter count={list.data.total} singular="pagamento" plural="pagamenti" pages={pages} page={page} onPage={setPage} />}
              </Stack>
            </Paper>
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <RejectDialog payment={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
};

export default AdminPaymentsPage;
