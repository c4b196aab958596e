import { Badge, Paper, Stack, Tabs, Text } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { usePayments } from '../api/use-payments';
import { PaymentInstructions } from '../components/payment-instructions';
import { PaymentTotals } from '../components/payment-totals';
import { PaymentsTable } from '../components/payments-table';
import { PAYMENT_GROUPS } from '../payment-types';

const PaymentsPage = () => {
  const payments = usePayments();
  return (
    <Stack gap="lg">
      <PageHeader title="Pagamenti" description="Quello che devi alla piattaforma per le polizze emesse, i pagamenti in attesa di conferma e quelli già pagati." />
      {payments.isPending && <PageLoader />}
      {payments.isError && <QueryError title="Impossibile caricare i pagamenti" error={payments.error} onRetry={() => void payments.refetch()} isRetrying={payments.isFetching} />}
      {payments.data && (
        <>
          <PaymentTotals details={payments.data.details} />
          <PaymentInstructions details={payments.data.details} />
          <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
            <Tabs defaultValue="notPaied">
              <Tabs.List>
                {PAYMENT_GROUPS.map((group) => (
                  <Tabs.Tab key={group.status} value={group.status} rightSection={<Badge size="sm" variant="light" circle>{payments.data.list[group.status].length}</Badge>}>
                    {group.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {PAYMENT_GROUPS.map((group) => (
                <Tabs.Panel key={group.status} value={group.status} pt="sm">
                  {payments.data.list[group.status].length === 0 ? (
                    <Text c="dimmed" size="sm" ta="center" py="lg">
                      {group.emptyText}
                    </Text>
                  ) : (
                    <PaymentsTable payments={payments.data.list[group.status]} status={group.status} />
                  )}
                </Tabs.Panel>
              ))}
            </Tabs>
          </Paper>
        </>
      )}
    </Stack>
  );
};

export default PaymentsPage;
