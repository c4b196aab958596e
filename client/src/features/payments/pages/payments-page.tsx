import { Badge, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useSession } from '../../../lib/session/use-session';
import { formatCents } from '../../../lib/format';
import { usePayments } from '../api/use-payments';
import { DeclareDialog } from '../components/declare-dialog';
import { EarningsChart } from '../components/earnings-chart';
import { LedgerSection } from '../components/ledger-section';
import { PaymentInstructions } from '../components/payment-instructions';
import { PaymentTotals } from '../components/payment-totals';
import { PaymentsAmountFilter } from '../components/payments-amount-filter';
import { PaymentsTable } from '../components/payments-table';
import { PayoutsSection } from '../components/payouts-section';
import { ReferralsSection } from '../components/referrals-section';
import { StatementDownload } from '../components/statement-download';
import { describeAmountRange, filterPaymentsByAmount, isReversedAmountRange, NO_AMOUNT_FILTER, type TAmountFilter } from '../payment-filters';
import { PAYMENT_GROUPS } from '../payment-types';

/** A tab the amount filter has emptied: what was asked, and the way out. */
const NoMatch = ({ label, filter }: { label: string; filter: TAmountFilter }) => (
  <EmptyState title="Nessun pagamento con questo importo" icon="search" withBorder={false}>
    {isReversedAmountRange(filter)
      ? '«Importo a» è minore di «Importo da»: correggi gli importi o usa «Azzera filtri».'
      : `Tra i pagamenti «${label}» nessuno ha un importo ${describeAmountRange(filter) ?? ''}. Cambia l'importo o usa «Azzera filtri».`}
  </EmptyState>
);

const PaymentsPage = () => {
  const payments = usePayments();
  const [filter, setFilter] = useState<TAmountFilter>(NO_AMOUNT_FILTER);
  const [resetCount, setResetCount] = useState(0);
  const { user } = useSession();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [isDeclaring, setIsDeclaring] = useState(false);
  // Only a corner owes payments of its own; what is selected stays among those still to pay.
  const canDeclare = user?.role === 'corner';
  const toPay = payments.data?.list.notPaied ?? [];
  const chosen = toPay.filter((payment) => selected.has(payment.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const resetFilter = () => {
    setFilter(NO_AMOUNT_FILTER);
    setResetCount((count) => count + 1);
  };
  const groups = payments.data && PAYMENT_GROUPS.map((group) => ({ ...group, all: payments.data.list[group.status], shown: filterPaymentsByAmount(payments.data.list[group.status], filter) }));
  return (
    <Stack gap="lg">
      <PageHeader title="Pagamenti" description="Quello che devi alla piattaforma per le polizze emesse, i pagamenti in attesa di conferma e quelli già pagati." />
      <StatementDownload />
      {payments.isPending && <PageLoader />}
      {payments.isError && <QueryError title="Impossibile caricare i pagamenti" error={payments.error} onRetry={() => void payments.refetch()} isRetrying={payments.isFetching} />}
      {payments.data && groups && (
        <>
          <PaymentTotals details={payments.data.details} />
          <PaymentInstructions details={payments.data.details} />
          <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
            <Stack gap="md">
              <PaymentsAmountFilter filter={filter} onChange={setFilter} onReset={resetFilter} resetCount={resetCount} />
              <Tabs defaultValue="notPaied">
                <Tabs.List>
                  {groups.map((group) => (
                    <Tabs.Tab key={group.status} value={group.status} rightSection={<Badge size="sm" variant="light" circle>{group.shown.length}</Badge>}>
                      {group.label}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                {groups.map((group) => (
                  <Tabs.Panel key={group.status} value={group.status} pt="sm">
                    {group.all.length === 0 ? (
                      <Text c="dimmed" size="sm" ta="center" py="lg">
                        {group.emptyText}
                      </Text>
                    ) : group.shown.length === 0 ? (
                      <NoMatch label={group.label} filter={filter} />
                    ) : (
                      <Stack gap="sm">
                        {group.status === 'notPaied' && canDeclare && (
                          <Group justify="space-between" wrap="wrap">
                            <Text size="sm" c="dimmed">
                              {chosen.length === 0 ? 'Seleziona i pagamenti che hai saldato con un bonifico.' : `${chosen.length} selezionati: ${formatCents(chosen.reduce((sum, payment) => sum + payment.amount, 0))}`}
                            </Text>
                            <Button disabled={chosen.length === 0} onClick={() => setIsDeclaring(true)}>
                              Ho pagato
                            </Button>
                          </Group>
                        )}
                        <PaymentsTable
                          payments={group.shown}
                          status={group.status}
                          selection={
                            group.status === 'notPaied' && canDeclare
                              ? { selected, onToggle: toggle, onToggleAll: (on) => setSelected(on ? new Set(group.shown.map((payment) => payment.id)) : new Set()) }
                              : undefined
                          }
                        />
                      </Stack>
                    )}
                  </Tabs.Panel>
                ))}
              </Tabs>
            </Stack>
          </Paper>
          {user && (
            <DeclareDialog
              opened={isDeclaring}
              cornerId={user.id}
              payments={chosen}
              onClose={() => {
                setIsDeclaring(false);
                setSelected(new Set());
              }}
            />
          )}
        </>
      )}
      {/* What the platform owes the corner: its ledger, earnings, payouts and referrals. */}
      {canDeclare && (
        <>
          <LedgerSection />
          <EarningsChart />
          <PayoutsSection />
          <ReferralsSection />
        </>
      )}
    </Stack>
  );
};

export default PaymentsPage;
