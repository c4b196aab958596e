import { Badge, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { todayInItaly } from '../../../../../shared/rules/italian-day';
import { LEDGER_KINDS, LEDGER_KIND_KEYS, type TLedgerKind } from '../../../../../shared/schemas/ledger';
import { EmptyState } from '../../../components/empty-state';
import { DateField } from '../../../components/inputs/date-field';
import { PageLoader } from '../../../components/page-loader';
import { PagedFooter } from '../../../components/pager';
import { QueryError } from '../../../components/query-error';
import { formatCents, formatDate } from '../../../lib/format';
import { useTRPC } from '../../../lib/trpc';

const LIMIT = 50;
const KIND_OPTIONS = LEDGER_KIND_KEYS.map((kind) => ({ value: kind, label: LEDGER_KINDS[kind] }));
const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** "+12,00 €" / "−12,00 €": a ledger reads in signed amounts. */
export const formatSignedCents = (cents: number): string => (cents > 0 ? `+${formatCents(cents)}` : formatCents(cents));

const Figure = ({ label, cents, hint }: { label: string; cents: number; hint?: string }) => (
  <Paper withBorder radius="lg" p="md">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text fz={24} fw={700} style={NUMERIC}>
      {formatCents(cents)}
    </Text>
    {hint && (
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    )}
  </Paper>
);

/** «Provvigioni»: the corner's balance (available and held) and its ledger entries, newest first, filtered by kind and date. */
export const LedgerSection = () => {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<TLedgerKind | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const ledger = useQuery({
    ...trpc.ledger.list.queryOptions({ page, limit: LIMIT, kind: kind ?? undefined, from: from ?? undefined, to: to ?? undefined }),
    placeholderData: keepPreviousData,
  });
  const today = todayInItaly();
  const isFiltered = kind !== null || from !== null || to !== null;
  const pages = Math.max(1, Math.ceil((ledger.data?.total ?? 0) / LIMIT));
  const filtered = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="ledger-title">
      <Title order={2} fz="h3" id="ledger-title">
        Provvigioni
      </Title>
      {ledger.data && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Figure label="Saldo" cents={ledger.data.balanceCents} />
          <Figure label="Disponibile" cents={ledger.data.availableCents} hint="Quanto puoi chiedere di farti pagare" />
          <Figure label="In attesa del periodo di storno" cents={ledger.data.heldCents} hint="Provvigioni che diventano disponibili alla fine del periodo di storno" />
        </SimpleGrid>
      )}
      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
        <Stack gap="sm">
          <Group align="flex-end" wrap="wrap" gap="sm">
            <Select label="Tipo" placeholder="Tutti" data={KIND_OPTIONS} value={kind} onChange={filtered((value: string | null) => setKind(value as TLedgerKind | null))} clearable w={240} comboboxProps={{ withinPortal: true }} />
            <DateField label="Dal" value={from} onChange={filtered(setFrom)} clearable w={160} />
            <DateField label="Al" value={to} onChange={filtered(setTo)} clearable w={160} />
          </Group>
          {ledger.isPending && <PageLoader />}
          {ledger.isError && <QueryError title="Impossibile caricare le provvigioni" error={ledger.error} onRetry={() => void ledger.refetch()} isRetrying={ledger.isFetching} />}
          {ledger.data && ledger.data.list.length === 0 && (
            <EmptyState title={isFiltered ? 'Nessuna registrazione con questi filtri' : 'Nessuna provvigione ancora'} icon="inbox" withBorder={false}>
              {isFiltered ? 'Cambia il tipo o le date.' : 'Quando una pratica ti fa guadagnare una provvigione la trovi qui.'}
            </EmptyState>
          )}
          {ledger.data && ledger.data.list.length > 0 && (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs" aria-label="Registro delle provvigioni">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Data</Table.Th>
                    <Table.Th>Tipo</Table.Th>
                    <Table.Th>Descrizione</Table.Th>
                    <Table.Th ta="right">Importo</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {ledger.data.list.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td style={NUMERIC}>{formatDate(entry.createdAt)}</Table.Td>
                      <Table.Td>{LEDGER_KINDS[entry.kind]}</Table.Td>
                      <Table.Td>
                        <Text size="sm" td={entry.reversed ? 'line-through' : undefined}>
                          {entry.description}
                        </Text>
                        <Group gap={4}>
                          {entry.reversed && (
                            <Badge size="sm" color="red.8" variant="light">
                              Stornata
                            </Badge>
                          )}
                          {entry.availableOn && entry.availableOn > today && (
                            <Badge size="sm" color="yellow.9" variant="light" style={{ textTransform: 'none' }}>
                              Disponibile dal {formatDate(entry.availableOn)}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right" style={NUMERIC} c={entry.amountCents < 0 ? 'red.8' : undefined}>
                        {formatSignedCents(entry.amountCents)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {ledger.data && ledger.data.total > LIMIT && <PagedFooter count={ledger.data.total} singular="registrazione" plural="registrazioni" pages={pages} page={page} onPage={setPage} />}
        </Stack>
      </Paper>
    </Stack>
  );
};
