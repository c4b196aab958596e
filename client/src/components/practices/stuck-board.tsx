import { Anchor, Badge, Button, Group, Modal, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { getDisplayName } from '../../../../shared/rules/display-name';
import { STUCK_COUNT_CAP, STUCK_MSG, STUCK_REASON_LABELS, type TStuckItem } from '../../../../shared/schemas/stuck';
import { isSectorSlug, SECTOR_LIST, SECTORS, type TSectorSlug } from '../../../../shared/sectors';
import { formatCents, formatDate } from '../../lib/format';
import { describeError } from '../../lib/api-error-display';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { EmptyState } from '../empty-state';
import { FormAlert } from '../form-alert';
import { Pager } from '../pager';
import { QueryError } from '../query-error';
import { PracticeStateBadge } from './practice-state-badge';

const PAGE_SIZE = 20;
/** The board refreshes on its own this often (a wait grows with the clock, not only with others' actions). */
const REFRESH_MS = 60_000;

/** «3 giorni», «30 ore»: how long it has waited, in the unit a person reads. */
export const formatWaiting = (hours: number): string => {
  if (hours < 48) return `${hours} ${hours === 1 ? 'ora' : 'ore'}`;
  const days = Math.floor(hours / 24);
  return `${days} giorni`;
};

const ALL = 'tutti';

/** The broker chooser of an assignment: the active brokers of the practice's sector but the one holding it. */
const AssignDialog = ({ item, onClose }: { item: TStuckItem & { sector: TSectorSlug }; onClose: () => void }) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const brokers = useQuery(trpc.admin.users.find.queryOptions({ role: 'broker', state: 'active', limit: 200, page: 1 }));
  const [brokerId, setBrokerId] = useState<string | null>(null);
  const assign = useMutation(
    trpc.stuck.assign.mutationOptions({
      onSuccess: async (_, input) => {
        const chosen = brokers.data?.list.find((user) => user.id === input.brokerId);
        toast('success', STUCK_MSG.assigned(chosen ? getDisplayName(chosen) : ''));
        await queryClient.invalidateQueries({ queryKey: trpc.stuck.list.queryKey() });
        onClose();
      },
    }),
  );
  const options = (brokers.data?.list ?? [])
    .filter((user) => user.brokerType === SECTORS[item.sector].brokerType && user.id !== item.holderId)
    .map((user) => ({ value: user.id, label: getDisplayName(user) }));
  return (
    <Modal opened onClose={onClose} title={`Assegna «${item.title}»`} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (brokerId) assign.mutate({ sector: item.sector, id: item.id, brokerId });
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {SECTORS[item.sector].label} · ora in carico a <strong>{item.holderName}</strong>. Entrambi i broker riceveranno una notifica; l’assegnazione resta nel registro
            delle attività.
          </Text>
          <FormAlert error={assign.isError ? describeError(assign.error) : null} />
          {brokers.isError ? (
            <QueryError title="Impossibile caricare i broker" error={brokers.error} onRetry={() => void brokers.refetch()} />
          ) : (
            <Select
              label="Nuovo broker"
              placeholder={brokers.isPending ? 'Caricamento…' : options.length === 0 ? 'Nessun altro broker attivo nel settore' : 'Scegli un broker'}
              data={options}
              value={brokerId}
              onChange={setBrokerId}
              searchable
              nothingFoundMessage="Nessun broker trovato"
              disabled={brokers.isPending || options.length === 0}
              required
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={assign.isPending}>
              Annulla
            </Button>
            <Button type="submit" loading={assign.isPending} disabled={!brokerId}>
              Assegna
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

const WhereCell = ({ item }: { item: TStuckItem }) =>
  item.sector !== null && isSectorSlug(item.sector) ? (
    <Stack gap={4} align="flex-start">
      <Text size="xs" c="dimmed">
        {SECTORS[item.sector].label}
      </Text>
      <PracticeStateBadge sector={item.sector} state={item.state} label={item.stateLabel} />
    </Stack>
  ) : (
    <Badge variant="light" color="grape" style={{ textTransform: 'none' }}>
      Pagamento
    </Badge>
  );

/**
 * Stuck work (issue 28): what has waited past its threshold in its state, longest first — who holds it and for how
 * long (from its last change of state). Admins see every sector and the payments to confirm, filter by sector and
 * hand a practice to another broker; a broker (its home) sees its own sector. Refreshed when practices change and
 * every minute.
 */
export const StuckBoard = ({ sector, canAssign = false }: { sector?: TSectorSlug; canAssign?: boolean }) => {
  const trpc = useTRPC();
  const [chosenSector, setChosenSector] = useState<string>(ALL);
  const [page, setPage] = useState(1);
  const [assigning, setAssigning] = useState<(TStuckItem & { sector: TSectorSlug }) | null>(null);
  const filter = sector ?? (chosenSector !== ALL && isSectorSlug(chosenSector) ? chosenSector : undefined);
  const board = useQuery({
    ...trpc.stuck.list.queryOptions({ ...(filter ? { sector: filter } : {}), page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const total = board.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="lavoro-fermo-titolo" id="lavoro-fermo">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={2} fz="lg" id="lavoro-fermo-titolo">
              {STUCK_MSG.title}
            </Title>
            <Text size="sm" c="dimmed">
              {board.data
                ? board.data.totalCapped
                  ? `Oltre ${STUCK_COUNT_CAP} elementi oltre la soglia di attesa.`
                  : `${total} ${total === 1 ? 'elemento' : 'elementi'} oltre la soglia di attesa, dal più vecchio.`
                : 'Ciò che aspetta nel suo stato più della soglia, dal più vecchio.'}
            </Text>
          </div>
          {!sector && (
            <Select
              label="Settore"
              w={200}
              data={[{ value: ALL, label: 'Tutti i settori' }, ...SECTOR_LIST.map((entry) => ({ value: entry.slug, label: entry.label }))]}
              value={chosenSector}
              onChange={(value) => {
                setChosenSector(value ?? ALL);
                setPage(1);
              }}
              allowDeselect={false}
            />
          )}
        </Group>
        {board.isError ? (
          <QueryError title="Impossibile caricare il lavoro fermo" error={board.error} onRetry={() => void board.refetch()} isRetrying={board.isFetching} />
        ) : board.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label="Caricamento del lavoro fermo">
            <Skeleton height={20} />
            <Skeleton height={20} />
            <Skeleton height={20} width="60%" />
          </Stack>
        ) : board.data.list.length === 0 ? (
          <EmptyState title="Niente di fermo" icon="checks" withBorder={false}>
            {STUCK_MSG.empty}
          </EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover aria-label={STUCK_MSG.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Pratica o pagamento</Table.Th>
                  <Table.Th>Dove</Table.Th>
                  <Table.Th>Perché</Table.Th>
                  <Table.Th>In carico a</Table.Th>
                  <Table.Th>In attesa da</Table.Th>
                  {canAssign && <Table.Th>Azioni</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {board.data.list.map((item) => {
                  const itemSector = item.sector !== null && isSectorSlug(item.sector) ? item.sector : null;
                  return (
                    <Table.Tr key={`${item.kind}-${item.id}`}>
                      <Table.Td>
                        <Anchor component={Link} to={item.link} fw={500}>
                          {item.title}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {item.cornerName}
                          {item.amountCents !== null ? ` · ${formatCents(item.amountCents)}` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <WhereCell item={item} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{STUCK_REASON_LABELS[item.reason]}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={item.holderId === null && item.kind === 'practice' ? 'red.8' : undefined} fw={item.holderId === null && item.kind === 'practice' ? 600 : undefined}>
                          {item.holderName}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {formatWaiting(item.waitingHours)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          dal {formatDate(item.since)} · soglia {formatWaiting(item.thresholdHours)}
                        </Text>
                      </Table.Td>
                      {canAssign && (
                        <Table.Td>
                          {itemSector && (
                            <Button size="compact-sm" variant="light" aria-label={`Assegna ${item.title}`} onClick={() => setAssigning({ ...item, sector: itemSector })}>
                              Assegna
                            </Button>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {/* The app's pager: its arrows have Italian names (a disabled arrow without one fails axe). */}
        {pages > 1 && <Pager pages={pages} page={page} onPage={setPage} />}
      </Stack>
      {assigning && <AssignDialog item={assigning} onClose={() => setAssigning(null)} />}
    </Paper>
  );
};
