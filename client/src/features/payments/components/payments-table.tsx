import { Anchor, Badge, Checkbox, Group, Table, Text } from '@mantine/core';
import type { TPaymentStatus } from '../../../../../shared/constants';
import type { TPayment } from '../../../../../shared/schemas/data';
import { PAYMENT_REMINDER_MSG } from '../../../../../shared/schemas/payments';
import { buildFileUrl } from '../../../components/files/download-url';
import { formatCents, formatDate } from '../../../lib/format';
import { useIsPhone } from '../../../lib/use-is-phone';

type TSelection = { selected: ReadonlySet<string>; onToggle: (id: string, on: boolean) => void; onToggleAll: (on: boolean) => void };

/**
 * One group's payments; a paid one shows when it was confirmed, the others when they are due. To pay, rows are
 * selected («Ho pagato» declares them with one receipt) and a receipt the admin refused shows why; a pending one
 * links to the receipt sent.
 */
export const PaymentsTable = ({ payments, status, selection }: { payments: TPayment[]; status: TPaymentStatus; selection?: TSelection }) => {
  const isPhone = useIsPhone();
  const dateLabel = status === 'paied' ? 'Pagato il' : 'Scadenza';
  const dateOf = (payment: TPayment) => formatDate(status === 'paied' ? payment.paidAt : payment.dueDate);
  const allOn = selection !== undefined && payments.length > 0 && payments.every((payment) => selection.selected.has(payment.id));
  const someOn = selection !== undefined && payments.some((payment) => selection.selected.has(payment.id));
  return (
    <Table.ScrollContainer minWidth={isPhone ? 0 : 560}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox aria-label="Seleziona tutti i pagamenti" checked={allOn} indeterminate={someOn && !allOn} onChange={(event) => selection.onToggleAll(event.currentTarget.checked)} />
              </Table.Th>
            )}
            <Table.Th>Descrizione</Table.Th>
            <Table.Th visibleFrom="sm">{dateLabel}</Table.Th>
            <Table.Th visibleFrom="sm">{status === 'pending' ? 'Dichiarato il' : 'Creato il'}</Table.Th>
            <Table.Th ta="right">Importo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((payment) => (
            <Table.Tr key={payment.id}>
              {selection && (
                <Table.Td>
                  <Checkbox aria-label={`Seleziona ${payment.description}`} checked={selection.selected.has(payment.id)} onChange={(event) => selection.onToggle(payment.id, event.currentTarget.checked)} />
                </Table.Td>
              )}
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{payment.description}</Text>
                  {payment.overdue && (
                    <Badge color="red" variant="filled" size="sm">
                      {PAYMENT_REMINDER_MSG.overdue}
                    </Badge>
                  )}
                </Group>
                {payment.rejectedReason && (
                  <Text size="xs" c="red.8">
                    Ricevuta non accettata: {payment.rejectedReason}
                  </Text>
                )}
                {payment.proofUrl && status !== 'notPaied' && (
                  <Anchor href={buildFileUrl(payment.proofUrl)} target="_blank" rel="noopener" size="xs">
                    Ricevuta inviata
                  </Anchor>
                )}
                {isPhone && (
                  <Text size="xs" c="dimmed">
                    {dateLabel}: {dateOf(payment)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td visibleFrom="sm">{dateOf(payment)}</Table.Td>
              <Table.Td visibleFrom="sm">{formatDate(status === 'pending' ? payment.declaredAt : payment.createdAt)}</Table.Td>
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
