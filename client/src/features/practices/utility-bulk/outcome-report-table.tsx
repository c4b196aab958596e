import { Anchor, Badge, Group, Pagination, Switch, Stack, Table, Text } from '@mantine/core';
import { usePageSlice } from '../../../lib/use-page-slice';
import { useState } from 'react';
import { Link } from 'react-router';
import { OUTCOME_ROW_STATUSES, type TOutcomeRowReport, type TUtilityBulkSector } from '../../../../../shared/schemas/utility-bulk';
import { useIsPhone } from '../../../lib/use-is-phone';
import { practicePath } from '../paths';
import { outcomeLabel, shownReportRows } from './utility-bulk';

const ROWS_PAGE = 20;
const STATUS_COLORS: Record<TOutcomeRowReport['status'], string> = { applied: 'teal', error: 'red', skipped: 'gray' };

type TOutcomeReportTableProps = { sector: TUtilityBulkSector; rows: readonly TOutcomeRowReport[] };

/**
 * The import's outcome row by row, in the file's order, twenty a page: the rows not applied stand out in red and can
 * be shown alone; a row that found its activation links to it.
 */
export const OutcomeReportTable = ({ sector, rows }: TOutcomeReportTableProps) => {
  const isPhone = useIsPhone();
  const [onlyErrors, setOnlyErrors] = useState(false);
  const shown = shownReportRows(rows, onlyErrors);
  const { page: current, pages, setPage, items: pageRows } = usePageSlice(shown, ROWS_PAGE);

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm">
          Esito per riga
        </Text>
        <Switch
          label="Solo non applicate"
          checked={onlyErrors}
          onChange={(event) => {
            setOnlyErrors(event.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {rows.length === 0 ? 'Il file non conteneva righe di esito.' : 'Tutte le righe sono state applicate.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={0}>
          <Table withTableBorder verticalSpacing={6} fz="sm" data-testid="outcome-report">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>Riga</Table.Th>
                <Table.Th>Codice</Table.Th>
                {!isPhone && <Table.Th>Esito</Table.Th>}
                {!isPhone && <Table.Th>Stato</Table.Th>}
                <Table.Th>Messaggio</Table.Th>
                {!isPhone && <Table.Th>Pratica</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pageRows.map((row) => {
                const link = row.practiceId && (
                  <Anchor component={Link} to={practicePath(sector, row.practiceId)} size={isPhone ? 'xs' : 'sm'}>
                    {row.title || 'Apri la pratica'}
                  </Anchor>
                );
                return (
                  <Table.Tr key={row.row} data-status={row.status} bg={row.status === 'error' ? 'var(--mantine-color-red-light)' : undefined}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td>
                      <Text size={isPhone ? 'xs' : 'sm'} style={{ wordBreak: 'break-all' }}>
                        {row.code || '—'}
                      </Text>
                      {/* On a phone the state and the outcome go under the code. */}
                      {isPhone && (
                        <Text size="xs" fw={700} c={`${STATUS_COLORS[row.status]}.8`}>
                          {OUTCOME_ROW_STATUSES[row.status]}
                          {row.outcome ? ` · ${outcomeLabel(row.outcome)}` : ''}
                        </Text>
                      )}
                    </Table.Td>
                    {!isPhone && <Table.Td>{outcomeLabel(row.outcome)}</Table.Td>}
                    {!isPhone && (
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Badge variant="light" color={STATUS_COLORS[row.status]} styles={{ label: { overflow: 'visible' } }}>
                          {OUTCOME_ROW_STATUSES[row.status]}
                        </Badge>
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Text size="sm" c={row.status === 'error' ? 'red.8' : undefined}>
                        {row.message}
                      </Text>
                      {isPhone && link}
                    </Table.Td>
                    {!isPhone && (
                      <Table.Td>
                        {link || (
                          <Text size="sm" c="dimmed">
                            —
                          </Text>
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
      {pages > 1 && <Pagination size="sm" total={pages} value={current} onChange={setPage} aria-label="Pagine del report" />}
    </Stack>
  );
};
