import { Badge, Button, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LEDGER_KINDS, REVERSIBLE_KINDS, type TLedgerEntry } from '../../../../../shared/schemas/ledger';
import { Dialog } from '../../../components/dialog/dialog';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { PagedFooter } from '../../../components/pager';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api-error';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { formatCents, formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { fromTrpcError } from '../../../lib/trpc-error';
import { useTRPC } from '../../../lib/trpc';
import { CornerSelect } from './corner-select';

const LIMIT = 20;
const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Reverses one entry with the reason the corner reads: a new entry nets it out, nothing is deleted. */
const ReverseDialog = ({ entry, onClose }: { entry: TLedgerEntry | null; onClose: () => void }) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reverse = useMutation(trpc.ledger.admin.reverse.mutationOptions());
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const confirm = async () => {
    if (!entry) return false;
    setFailure(null);
    setError(undefined);
    try {
      await reverse.mutateAsync({ entryId: entry.id, reason });
      await queryClient.invalidateQueries(trpc.ledger.pathFilter());
      await queryClient.invalidateQueries(trpc.payouts.pathFilter());
      toast('success', 'Registrazione stornata.');
      return true;
    } catch (caught) {
      const apiError = fromTrpcError(caught);
      if (apiError instanceof ApiError && apiError.fields.reason) setError(apiError.fields.reason.join('\n'));
      else setFailure(describeError(apiError));
      return false;
    }
  };
  return (
    <Dialog
      opened={entry !== null}
      onClose={onClose}
      onExited={() => {
        setReason('');
        setError(undefined);
        setFailure(null);
      }}
      title="Storna la registrazione"
      onConfirm={confirm}
      confirmColor="red"
      labels={{ confirm: 'Storna' }}
    >
      <Stack gap="sm">
        <FormAlert error={failure} />
        {entry && (
          <Text size="sm">
            «{entry.description}», {formatCents(entry.amountCents)}: una nuova registrazione di {formatCents(-entry.amountCents)} la annulla.
          </Text>
        )}
        <Textarea label="Motivo" value={reason} onChange={(event) => setReason(event.currentTarget.value)} error={error} withAsterisk autosize minRows={2} maxLength={300} data-autofocus />
      </Stack>
    </Dialog>
  );
};

/** One corner's ledger, as the admin sees it, with the reversal of what was earned or corrected by mistake. */
export const CornerLedgerCard = () => {
  const trpc = useTRPC();
  const [cornerId, setCornerId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [reversing, setReversing] = useState<TLedgerEntry | null>(null);
  const ledger = useQuery({ ...trpc.ledger.list.queryOptions({ cornerId: cornerId ?? undefined, page, limit: LIMIT }), enabled: cornerId !== null, placeholderData: keepPreviousData });
  const pages = Math.max(1, Math.ceil((ledger.data?.total ?? 0) / LIMIT));
  return (
    <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="corner-ledger-title">
      <Stack gap="sm">
        <Title order={3} fz="lg" id="corner-ledger-title">
          Registro di un corner
        </Title>
        <CornerSelect
          label="Corner"
          value={cornerId}
          onChange={(id) => {
            setCornerId(id);
            setPage(1);
          }}
        />
        {cornerId && ledger.isPending && <PageLoader />}
        {ledger.isError && <QueryError title="Impossibile caricare il registro" error={ledger.error} onRetry={() => void ledger.refetch()} isRetrying={ledger.isFetching} />}
        {cornerId && ledger.data && (
          <>
            <Text size="sm">
              Saldo {formatCents(ledger.data.balanceCents)} · disponibile {formatCents(ledger.data.availableCents)} · in attesa del periodo di storno {formatCents(ledger.data.heldCents)}
            </Text>
            {ledger.data.list.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nessuna registrazione per questo corner.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing="xs" aria-label="Registro del corner">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Data</Table.Th>
                      <Table.Th>Tipo</Table.Th>
                      <Table.Th>Descrizione</Table.Th>
                      <Table.Th ta="right">Importo</Table.Th>
                      <Table.Th ta="right">Azioni</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {ledger.data.list.map((entry) => (
                      <Table.Tr key={entry.id}>
                        <Table.Td style={NUMERIC}>{formatDate(entry.createdAt)}</Table.Td>
                        <Table.Td>{LEDGER_KINDS[entry.kind]}</Table.Td>
                        <Table.Td>
                          <Text size="sm">{entry.description}</Text>
                          {entry.reversed && (
                            <Badge size="sm" color="red.8" variant="light">
                              Stornata
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td ta="right" style={NUMERIC}>
                          {formatCents(entry.amountCents)}
                        </Table.Td>
                        <Table.Td ta="right">
                          {REVERSIBLE_KINDS.includes(entry.kind) && !entry.reversed && (
                            <Button size="xs" variant="default" color="red" onClick={() => setReversing(entry)} aria-label={`Storna ${entry.description}`}>
                              Storna
                            </Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {ledger.data.total > LIMIT && <PagedFooter count={ledger.data.total} singular="registrazione" plural="registrazioni" pages={pages} page={page} onPage={setPage} />}
          </>
        )}
      </Stack>
      <ReverseDialog entry={reversing} onClose={() => setReversing(null)} />
    </Paper>
  );
};
