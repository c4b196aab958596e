import { Anchor, Box, Button, Checkbox, Group, Table, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { practiceDefinition } from '../../../../../shared/practices/registry';
import type { TPractice } from '../../../../../shared/schemas/practices';
import type { TSectorSlug } from '../../../../../shared/sectors';
import { formatDate } from '../../../lib/format';
import { clientPath } from '../../../lib/paths';
import { useIsPhone } from '../../../lib/use-is-phone';
import { practicePath } from '../paths';
import { formatWaited, isLongWait, isUtilitySector } from '../practices-list';
import { PracticeStateBadge } from '../../../components/practices/practice-state-badge';
import { SupplyCodesLine, UtilityCells, UtilityHeaderCells } from './utility-columns/utility-cells';

type TPracticesTableProps = {
  sector: TSectorSlug;
  practices: readonly TPractice[];
  /** The corner column (brokers and admins see every corner's practices). */
  showCorner?: boolean;
  /** The worklist: how long each has waited, who has it and "Prendi in carico". */
  worklist?: { userId: string; now: Date; onTake: (practice: TPractice) => void; takingId: string | null };
  /** Filters the list to one corner (a click on its name). */
  onCorner?: (cornerId: string, name: string) => void;
  /** A checkbox on each row and one for the page (the list keeps what is chosen, across pages). */
  selection?: { selected: ReadonlySet<string>; onToggle: (id: string) => void; onToggleAll: (ids: string[], checked: boolean) => void };
};

/** "Seleziona tutte le pratiche della pagina": checked when all of the page are chosen, a dash when only some. */
const PageCheckbox = ({ practices, selection }: { practices: readonly TPractice[]; selection: NonNullable<TPracticesTableProps['selection']> }) => {
  const ids = practices.map((practice) => practice.id);
  const chosen = ids.filter((id) => selection.selected.has(id)).length;
  const isAll = ids.length > 0 && chosen === ids.length;
  return (
    <Checkbox
      aria-label="Seleziona tutte le pratiche della pagina"
      checked={isAll}
      indeterminate={chosen > 0 && !isAll}
      onChange={(event) => selection.onToggleAll(ids, event.currentTarget.checked)}
    />
  );
};

const Taker = ({ practice, worklist, isFinal }: { practice: TPractice; worklist: NonNullable<TPracticesTableProps['worklist']>; isFinal: boolean }) => {
  if (practice.brokerId === worklist.userId) {
    return (
      <Text size="sm" c="teal" fw={600}>
        In carico a te
      </Text>
    );
  }
  if (practice.brokerId) return <Text size="sm">{practice.brokerName}</Text>;
  if (isFinal) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Button size="compact-sm" variant="light" onClick={() => worklist.onTake(practice)} loading={worklist.takingId === practice.id} aria-label={`Prendi in carico ${practice.title}`}>
      Prendi in carico
    </Button>
  );
};

/**
 * A sector's practices: title (a link to the practice), client, state, dates; for the worklist the time waited
 * since the last state change and who has the practice; for luce e gas and GPL the meter's codes, the offer and the
 * expected start. On a phone the secondary columns step aside (the codes go under the title).
 */
export const PracticesTable = ({ sector, practices, showCorner = false, worklist, onCorner, selection }: TPracticesTableProps) => {
  const isPhone = useIsPhone();
  const finalStates: readonly string[] = practiceDefinition(sector).final;
  const utility = isUtilitySector(sector) ? sector : null;
  const minWidth = 760 + (utility ? 340 : 0) + (selection ? 40 : 0);
  return (
    <Table.ScrollContainer minWidth={isPhone ? 0 : minWidth}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <PageCheckbox practices={practices} selection={selection} />
              </Table.Th>
            )}
            <Table.Th>Pratica</Table.Th>
            <Table.Th>Stato</Table.Th>
            <Table.Th visibleFrom="sm">Cliente</Table.Th>
            {utility && <UtilityHeaderCells sector={utility} />}
            {showCorner && <Table.Th visibleFrom="sm">Corner</Table.Th>}
            {worklist ? <Table.Th visibleFrom="sm">In attesa da</Table.Th> : <Table.Th visibleFrom="sm">Aperta il</Table.Th>}
            {worklist ? <Table.Th>In carico</Table.Th> : <Table.Th visibleFrom="sm">Broker</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {practices.map((practice) => (
            <Table.Tr
              key={practice.id}
              data-practice-id={practice.id}
              bg={selection?.selected.has(practice.id) ? 'var(--mantine-primary-color-light)' : undefined}
            >
              {selection && (
                <Table.Td>
                  <Checkbox aria-label={`Seleziona ${practice.title || 'Pratica'}`} checked={selection.selected.has(practice.id)} onChange={() => selection.onToggle(practice.id)} />
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm" fw={600}>
                  <Anchor component={Link} to={practicePath(sector, practice.id)} inherit>
                    {practice.title || 'Pratica'}
                  </Anchor>
                </Text>
                {utility && <SupplyCodesLine sector={utility} practice={practice} />}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {practice.clientName}
                </Text>
              </Table.Td>
              <Table.Td>
                {/* A badge shortens its label to fit: as wide as its label, the column gives way elsewhere. */}
                <Box w="max-content">
                  <PracticeStateBadge sector={sector} state={practice.state} label={practice.stateLabel} />
                </Box>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">
                  <Anchor component={Link} to={clientPath(practice.clientId)} inherit c="inherit">
                    {practice.clientName || '—'}
                  </Anchor>
                </Text>
              </Table.Td>
              {utility && <UtilityCells sector={utility} practice={practice} />}
              {showCorner && (
                <Table.Td visibleFrom="sm">
                  {onCorner ? (
                    <Tooltip label="Mostra solo le pratiche di questo corner">
                      <Anchor component="button" type="button" size="sm" onClick={() => onCorner(practice.cornerId, practice.cornerName)}>
                        {practice.cornerName}
                      </Anchor>
                    </Tooltip>
                  ) : (
                    <Text size="sm">{practice.cornerName}</Text>
                  )}
                </Table.Td>
              )}
              {worklist && finalStates.includes(practice.state) ? (
                <Table.Td visibleFrom="sm">
                  <Text size="sm" c="dimmed">
                    Chiusa il {formatDate(practice.stateChangedAt)}
                  </Text>
                </Table.Td>
              ) : worklist ? (
                <Table.Td visibleFrom="sm">
                  <Group gap={4}>
                    <Text size="sm" c={isLongWait(practice.stateChangedAt, worklist.now) ? 'red' : undefined} fw={isLongWait(practice.stateChangedAt, worklist.now) ? 600 : undefined}>
                      {formatWaited(practice.stateChangedAt, worklist.now)}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    aperta il {formatDate(practice.createdAt)}
                  </Text>
                </Table.Td>
              ) : (
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{formatDate(practice.createdAt)}</Text>
                </Table.Td>
              )}
              {worklist ? (
                <Table.Td>
                  <Taker practice={practice} worklist={worklist} isFinal={finalStates.includes(practice.state)} />
                </Table.Td>
              ) : (
                <Table.Td visibleFrom="sm">
                  <Text size="sm" c={practice.brokerName ? undefined : 'dimmed'}>
                    {practice.brokerName ?? 'Non ancora in carico'}
                  </Text>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
