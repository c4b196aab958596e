import { Badge, Button, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TAdminComune, TAdminComuniQuery } from '../../../../../shared/schemas/geo';
import { useIsPhone } from '../../../lib/use-is-phone';

type TSort = TAdminComuniQuery['sort'];

/** The state of a comune in words: active, merged into another, or no longer offered. */
export const comuneState = (comune: TAdminComune): { label: string; color: string } =>
  comune.mergedInto ? { label: 'Unito', color: 'orange' } : comune.active ? { label: 'Attivo', color: 'teal' } : { label: 'Non attivo', color: 'gray' };

type TSortHeaderProps = { children: ReactNode; sort: TSort; ascending: TSort; descending?: TSort; onSort: (sort: TSort) => void; visibleFrom?: 'sm' };

/** A column header that sorts: a click sorts ascending, a second click (where there is one) descending. */
const SortHeader = ({ children, sort, ascending, descending, onSort, visibleFrom }: TSortHeaderProps) => {
  const direction = sort === ascending ? 'ascending' : sort === descending ? 'descending' : 'none';
  const next = sort === ascending && descending ? descending : ascending;
  return (
    <Table.Th aria-sort={direction} visibleFrom={visibleFrom}>
      <UnstyledButton onClick={() => onSort(next)} fw={600} fz="sm">
        {children} {direction === 'ascending' ? '↑' : direction === 'descending' ? '↓' : ''}
      </UnstyledButton>
    </Table.Th>
  );
};

type TComuniTableProps = { comuni: TAdminComune[]; sort: TSort; onSort: (sort: TSort) => void; onEdit: (comune: TAdminComune) => void };

/** Comuni with their province, codes, CAPs and state; on a phone the codes move under the name. */
export const ComuniTable = ({ comuni, sort, onSort, onEdit }: TComuniTableProps) => {
  const isPhone = useIsPhone();
  return (
    <Table.ScrollContainer minWidth={isPhone ? 0 : 820}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortHeader sort={sort} ascending="name" descending="-name" onSort={onSort}>
              Comune
            </SortHeader>
            <SortHeader sort={sort} ascending="province" onSort={onSort} visibleFrom="sm">
              Provincia
            </SortHeader>
            <SortHeader sort={sort} ascending="istat" descending="-istat" onSort={onSort} visibleFrom="sm">
              ISTAT
            </SortHeader>
            <Table.Th visibleFrom="sm">Codice catastale</Table.Th>
            <Table.Th visibleFrom="sm">CAP</Table.Th>
            <Table.Th>Stato</Table.Th>
            <Table.Th>
              <VisuallyHidden>Azioni</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {comuni.map((comune) => {
            const state = comuneState(comune);
            const caps = comune.caps.length > 3 ? `${comune.caps.slice(0, 3).join(', ')} e altri ${comune.caps.length - 3}` : comune.caps.join(', ');
            return (
              <Table.Tr key={comune.istat}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {comune.name}
                  </Text>
                  {isPhone && (
                    <Text size="xs" c="dimmed">
                      {comune.sigla} · ISTAT {comune.istat} · {comune.cadastralCode} · CAP {caps}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">
                    {comune.provinceName} ({comune.sigla})
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{comune.istat}</Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{comune.cadastralCode}</Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" title={comune.caps.join(', ')}>
                    {caps}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={state.color}>
                    {state.label}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  <Button size="compact-sm" variant="light" onClick={() => onEdit(comune)} aria-label={`Modifica ${comune.name}`}>
                    Modifica
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
