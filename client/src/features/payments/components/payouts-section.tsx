import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PAYOUT_METHODS, PAYOUT_MIN_CENTS, PAYOUT_STATES, type TPayout } from '../../../../../shared/schemas/payouts';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatCents, formatDate } from '../../../lib/format';
import { useProfile } from '../../../lib/use-profile';
import { useTRPC } from '../../../lib/trpc';
import { PayoutRequestDialog } from './payout-request-dialog';

const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const PayoutRow = ({ payout }: { payout: TPayout }) => (
  <Table.Tr>
    <Table.Td style={NUMERIC}>{formatDate(payout.createdAt)}</Table.Td>
    <Table.Td>
      {PAYOUT_METHODS[payout.method]}
      {payout.giftcardName && (
        <Text size="xs" c="dimmed">
          {payout.giftcardName}
        </Text>
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
          il {formatDate(payout.paidAt)}
        </Text>
      )}
    </Table.Td>
    <Table.Td>
      <Stack gap={2}>
        {payout.number && <Text size="sm">N. {payout.number}</Text>}
        {payout.thresholdCrossed && (
          <Badge variant="light" color="orange.9" size="sm">
            Oltre 5.000 € nell’anno
          </Badge>
        )}
        {payout.giftcardCode && (
          <Text size="sm">
            Codice: <b style={{ fontFamily: 'monospace' }}>{payout.giftcardCode}</b>
          </Text>
        )}
        {payout.documentUrl && (
          <Anchor href={payout.documentUrl} download size="sm" aria-label={`Scarica ${payout.method === 'invoice' ? 'la fattura' : 'la ricevuta'} ${payout.number ?? ''}`.trim()}>
            {payout.method === 'invoice' ? 'Scarica la fattura (XML)' : 'Scarica la ricevuta (PDF)'}
          </Anchor>
        )}
      </Stack>
    </Table.Td>
  </Table.Tr>
);

/** «Pagamenti a te»: what the platform paid the corner or is about to, and the request of a new payout. */
export const PayoutsSection = () => {
  const trpc = useTRPC();
  const overview = useQuery(trpc.payouts.overview.queryOptions());
  const profile = useProfile();
  const [isAsking, setIsAsking] = useState(false);
  const canAsk = (overview.data?.availableCents ?? 0) >= PAYOUT_MIN_CENTS;
  return (
    <Stack gap="sm" component="section" aria-labelledby="payouts-title">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="h3" id="payouts-title">
          Pagamenti a te
        </Title>
        {overview.data && (
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              Disponibile: <b>{formatCents(overview.data.availableCents)}</b>
            </Text>
            <Button onClick={() => setIsAsking(true)} disabled={!canAsk} title={canAsk ? undefined : `Puoi chiedere un pagamento da ${formatCents(PAYOUT_MIN_CENTS)} disponibili`}>
              Chiedi un pagamento
            </Button>
          </Group>
        )}
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
        {overview.isPending && <PageLoader />}
        {overview.isError && <QueryError title="Impossibile caricare i pagamenti a te" error={overview.error} onRetry={() => void overview.refetch()} isRetrying={overview.isFetching} />}
        {overview.data && overview.data.list.length === 0 && (
          <EmptyState title="Nessun pagamento ancora" icon="card" withBorder={false}>
            Quando hai almeno {formatCents(PAYOUT_MIN_CENTS)} disponibili puoi chiedere di farti pagare.
          </EmptyState>
        )}
        {overview.data && overview.data.list.length > 0 && (
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="xs" aria-label="Pagamenti a te">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Modalità</Table.Th>
                  <Table.Th ta="right">Importo</Table.Th>
                  <Table.Th ta="right">Ritenuta</Table.Th>
                  <Table.Th ta="right">Netto</Table.Th>
                  <Table.Th>Stato</Table.Th>
                  <Table.Th>Documento</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {overview.data.list.map((payout) => (
                  <PayoutRow key={payout.id} payout={payout} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {overview.data && <PayoutRequestDialog opened={isAsking} onClose={() => setIsAsking(false)} overview={overview.data} usesEmployees={profile.data?.user.hasEmployee ?? false} />}
    </Stack>
  );
};
