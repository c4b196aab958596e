import { Divider, Group, Stack, Text } from '@mantine/core';
import type { TPractice } from '../../../../../shared/schemas/practices';
import { formatCents } from '../../../lib/format';
import { DetailPanel } from './detail-field';
import { clawbackWindowText, ledgerNetCents, ledgerRows, offerOfPractice, pendingCommissionText } from './practice-ledger';

/**
 * "Provvigioni" of a utility practice, for the corner, the broker and the admin: the commission and clawback entries
 * of the activation with their net total, or what will be earned and when; until when an early end takes it back.
 * Rows stack label over description so they read on a phone; the amount stays on the right.
 */
export const PracticeLedgerPanel = ({ practice }: { practice: TPractice }) => {
  const offer = offerOfPractice(practice.data);
  const rows = ledgerRows(practice.ledger);
  const net = ledgerNetCents(practice.ledger);
  const clawbackNote = clawbackWindowText(practice, offer);
  return (
    <DetailPanel title="Provvigioni" titleId="practice-ledger">
      {rows.length === 0 ? (
        <Text size="sm">{pendingCommissionText(practice, offer)}</Text>
      ) : (
        <Stack gap="xs">
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Movimenti della provvigione">
            {rows.map((row) => (
              <Group component="li" key={row.id} justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} c={row.isClawback ? 'red' : undefined}>
                    {row.label}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {row.date} · {row.description}
                  </Text>
                </Stack>
                <Text size="sm" fw={600} c={row.isClawback ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {row.amount}
                </Text>
              </Group>
            ))}
          </Stack>
          <Divider />
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" fw={700}>
              Totale netto
            </Text>
            <Text size="sm" fw={700} c={net < 0 ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
              {formatCents(net)}
            </Text>
          </Group>
        </Stack>
      )}
      {clawbackNote && (
        <Text size="sm" c="dimmed" mt="sm">
          {clawbackNote}
        </Text>
      )}
    </DetailPanel>
  );
};
