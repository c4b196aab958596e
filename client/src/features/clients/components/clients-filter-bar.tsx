import { Button, Group, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { Icon } from '../../../components/icons';
import { DateField } from '../../../components/inputs/date-field';
import { isReversedRange, type TClientFilters, type TClientSort, type TClientTypeFilter } from '../clients-list';

const SORT_OPTIONS: { value: TClientSort; label: string }[] = [
  { value: 'name-asc', label: 'Nome (A-Z)' },
  { value: 'name-desc', label: 'Nome (Z-A)' },
  { value: 'newest', label: 'Più recenti' },
  { value: 'oldest', label: 'Meno recenti' },
];

/** On a phone every filter takes the whole width, one under the other. */
const FIELD_WIDTH = { base: '100%', xs: 170 };
/** Wide enough for "Data non valida: usa gg/mm/aaaa." on one line. */
const DATE_WIDTH = { base: '100%', xs: 200 };

type TClientsFilterBarProps = {
  filters: TClientFilters;
  sort: TClientSort;
  onChange: (filters: TClientFilters) => void;
  onSort: (sort: TClientSort) => void;
  onReset: () => void;
  /** Changes on every reset, so the date fields drop a refused text along with their value. */
  resetCount: number;
};

export const ClientsFilterBar = ({ filters, sort, onChange, onSort, onReset, resetCount }: TClientsFilterBarProps) => (
  <Stack gap="sm">
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Cerca"
        placeholder="Nome, email, telefono, codice fiscale o partita IVA"
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.currentTarget.value })}
        leftSection={<Icon name="search" size={16} />}
        size="sm"
        style={{ flex: '1 1 260px' }}
      />
      <SegmentedControl
        aria-label="Tipo di cliente"
        value={filters.type}
        onChange={(value) => onChange({ ...filters, type: value as TClientTypeFilter })}
        data={[
          { value: 'all', label: 'Tutti' },
          { value: 'persona', label: 'Persone' },
          { value: 'azienda', label: 'Aziende' },
        ]}
        size="sm"
      />
      <Select
        label="Ordina per"
        data={SORT_OPTIONS}
        value={sort}
        onChange={(value) => onSort((value as TClientSort | null) ?? 'name-asc')}
        allowDeselect={false}
        size="sm"
        w={FIELD_WIDTH}
      />
    </Group>
    <Group gap="sm" align="flex-start" wrap="wrap">
      <DateField
        key={`from-${resetCount}`}
        label="Aggiunti dal"
        value={filters.addedFrom}
        onChange={(addedFrom) => onChange({ ...filters, addedFrom })}
        clearable
        size="sm"
        w={DATE_WIDTH}
      />
      <DateField
        key={`to-${resetCount}`}
        label="Aggiunti al"
        value={filters.addedTo}
        onChange={(addedTo) => onChange({ ...filters, addedTo })}
        error={isReversedRange(filters) ? 'Deve venire dopo «Aggiunti dal».' : undefined}
        clearable
        size="sm"
        w={DATE_WIDTH}
      />
      {/* Enabled even with no filter on: it also clears a date the fields refused. */}
      <Button variant="default" size="sm" onClick={onReset} mt={{ base: 0, xs: 25 }} w={{ base: '100%', xs: 'auto' }}>
        Azzera filtri
      </Button>
    </Group>
  </Stack>
);
