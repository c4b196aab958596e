import { Table, Text } from '@mantine/core';
import type { TPaymentStatus } from '../../../../../shared/constants';
import { formatCents, formatDate } from '../../../lib/format';
import { useIsPhone } from '../../../lib/use-is-phone';
import type { TPayment } from '../../../../../shared/schemas/data';

/** One group's payments; a paid one shows when it was confirmed, the others when they are due. */
export const PaymentsTable = ({ payments, status }: { payments: TPayment[]; status: TPaymentStatus }) => {
  const isPhone = useIsPhone();
  const dateLabel = status === 'paied' ? 'Pagato il' : 'Scadenza';
  const dateOf = (payment: TPayment) => formatDate(status === 'paied' ? payment.paidAt : payment.dueDate);
  return (
    <Table.ScrollContainer minWidth={isPhone ? 0 : 560}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Descrizione</Table.Th>
            <Table.Th visibleFrom="sm">{dateLabel}</Table.Th>
            <Table.Th visibleFrom="sm">Creato il</Table.Th>
            <Table.Th ta="right">Importo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((payment) => (
            <Table.Tr key={payment.id}>
              <Table.Td>
                <Text size="sm">{payment.description}</Text>
                {isPhone && (
                  <Text size="xs" c="dimmed">
                    {dateLabel}: {dateOf(payment)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td visibleFrom="sm">{dateOf(payment)}</Table.Td>
              <Table.Td visibleFrom="sm">{formatDate(payment.createdAt)}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatCents(payment.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
