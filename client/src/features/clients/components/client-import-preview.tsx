import { Badge, Group, Pagination, Paper, ScrollArea, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { usePageSlice } from '../../../lib/use-page-slice';
import { useState } from 'react';
import {
  CLIENT_IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  type TImportField,
  type TImportMapping,
  type TImportResult,
  type TImportRowResult,
} from '../../../../../shared/schemas/client-import';

const NOT_IMPORTED = '';
const FIELD_OPTIONS = [{ value: NOT_IMPORTED, label: 'Non importare' }, ...CLIENT_IMPORT_FIELDS.map((field) => ({ value: field, label: IMPORT_FIELD_LABELS[field] }))];
const SAMPLE_SHOWN = 5;
const ROWS_PAGE = 10;

export const STATUS_LABELS: Record<TImportRowResult['status'], { label: string; color: string }> = {
  valid: { label: 'Valida', color: 'green' },
  warning: { label: 'Da verificare', color: 'yellow' },
  error: { label: 'Errore', color: 'red' },
  duplicate: { label: 'Duplicato', color: 'gray' },
};

/** The field mapped to a column, or '' when none. */
const fieldOfColumn = (mapping: TImportMapping, column: number): TImportField | '' =>
  CLIENT_IMPORT_FIELDS.find((field) => mapping[field] === column) ?? NOT_IMPORTED;

/** The mapping with `column` given to `field` (taken from any other column), or freed when `field` is ''. */
export const remap = (mapping: TImportMapping, column: number, field: TImportField | ''): TImportMapping => {
  const next: TImportMapping = {};
  for (const key of CLIENT_IMPORT_FIELDS) {
    const current = mapping[key];
    if (current !== undefined && current !== null && current !== column && key !== field) next[key] = current;
  }
  if (field) next[field] = column;
  return next;
};

/** The counts of a run as badges. */
export const ImportCounts = ({ counts }: { counts: TImportResult['counts'] }) => (
  <Group gap="xs" data-testid="import-counts">
    <Badge variant="light">{counts.total} righe</Badge>
    <Badge variant="light" color="green">
      {counts.valid} valide
    </Badge>
    {counts.warnings > 0 && (
      <Badge variant="light" color="yellow">
        {counts.warnings} da verificare
      </Badge>
    )}
    <Badge variant="light" color="red">
      {counts.errors} con errori
    </Badge>
    <Badge variant="light" color="gray">
      {counts.duplicates} duplicati
    </Badge>
  </Group>
);

type TFilter = 'problems' | 'all';

/** The rows' outcomes, problems first by default, ten a page. */
const ImportRows = ({ rows }: { rows: TImportRowResult[] }) => {
  const [filter, setFilter] = useState<TFilter>('problems');
  const shown = filter === 'all' ? rows : rows.filter((row) => row.status !== 'valid');
  const { page: current, pages, setPage, items: pageRows } = usePageSlice(shown, ROWS_PAGE);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Esito per riga
        </Text>
        <SegmentedControl
          size="xs"
          value={filter}
          onChange={(value) => {
            setFilter(value as TFilter);
            setPage(1);
          }}
          data={[
            { value: 'problems', label: 'Da controllare' },
            { value: 'all', label: 'Tutte' },
          ]}
        />
      </Group>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nessun errore, avviso o duplicato: tutte le righe sono valide.
        </Text>
      ) : (
        <ScrollArea>
          <Table striped withTableBorder verticalSpacing={6} fz="sm" data-testid="import-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>Riga</Table.Th>
                <Table.Th>Cliente</Table.Th>
                <Table.Th w={130}>Esito</Table.Th>
                <Table.Th>Dettagli</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pageRows.map((row) => (
                <Table.Tr key={row.row} data-status={row.status}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td>{row.name || '—'}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_LABELS[row.status].color}>
                      {STATUS_LABELS[row.status].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {row.messages.map((message) => (
                      <Text key={message} size="sm">
                        {message}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {pages > 1 && <Pagination size="sm" total={pages} value={current} onChange={setPage} />}
    </Stack>
  );
};

type TClientImportPreviewProps = {
  result: TImportResult;
  mapping: TImportMapping;
  onMappingChange: (mapping: TImportMapping) => void;
  disabled?: boolean;
};

/** The preview: a field for each column of the file (the suggested ones preselected), the first rows, the outcome per row. */
export const ClientImportPreview = ({ result, mapping, onMappingChange, disabled = false }: TClientImportPreviewProps) => (
  <Stack gap="md">
    <ImportCounts counts={result.counts} />
    <Paper withBorder radius="md" p="xs">
      <Text fw={600} size="sm" mb={4}>
        Colonne del file
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        Scegli per ogni colonna il campo del cliente, poi premi «Ricontrolla».
      </Text>
      <ScrollArea>
        <Table withTableBorder withColumnBorders fz="xs" data-testid="import-sample">
          <Table.Thead>
            <Table.Tr>
              {result.header.map((name, column) => (
                <Table.Th key={column} miw={150}>
                  <Select
                    size="xs"
                    label={name || `Colonna ${column + 1}`}
                    aria-label={`Campo della colonna ${name || column + 1}`}
                    data={FIELD_OPTIONS}
                    value={fieldOfColumn(mapping, column)}
                    onChange={(value) => onMappingChange(remap(mapping, column, (value ?? NOT_IMPORTED) as TImportField | ''))}
                    allowDeselect={false}
                    disabled={disabled}
                    comboboxProps={{ withinPortal: true }}
                  />
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.sample.slice(0, SAMPLE_SHOWN).map((row, index) => (
              <Table.Tr key={index}>
                {result.header.map((_name, column) => (
                  <Table.Td key={column}>{row[column] ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
    <ImportRows key={`${result.counts.total}-${result.counts.errors}-${result.counts.duplicates}`} rows={result.rows} />
  </Stack>
);
