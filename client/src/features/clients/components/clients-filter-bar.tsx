import { Button, Collapse, Group, SegmentedControl, Select, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { SearchInput } from '../../../components/inputs/search-input';
import { DateField } from '../../../components/inputs/date-field';
import { CLIENT_FIELD_FILTERS, isReversedRange, type TClientFilters, type TClientSort, type TClientTypeFilter } from '../clients-list';

const SORT_OPTIONS: { value: TClientSort; label: string }[] = [
  // `name` sorts by surname (a company by its business name): labelled so; the name as shown has its own order.
  { value: 'name', label: 'Cognome (A-Z)' },
  { value: 'name-desc', label: 'Cognome (Z-A)' },
  { value: 'first-name', label: 'Nome (A-Z)' },
  { value: 'first-name-desc', label: 'Nome (Z-A)' },
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
  /** Changes on every reset, so the text and date fields drop what they hold along with their value. */
  resetCount: number;
};

/**
 * The free search and each filter field of spec section 3 (searched once typing pauses, so a book of 100,000
 * clients is asked once per word), the type, the order and the period added.
 */
export const ClientsFilterBar = ({ filters, sort, onChange, onSort, onReset, resetCount }: TClientsFilterBarProps) => {
  const fieldsInUse = CLIENT_FIELD_FILTERS.filter(({ field }) => filters.fields[field].trim() !== '').length;
  const [showFields, setShowFields] = useState(fieldsInUse > 0);
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput
          key={`q-${resetCount}`}
          label="Cerca"
          placeholder="Nome, email, telefono, codice fiscale o partita IVA"
          initialValue={filters.search}
          onSearch={(search) => onChange({ ...filters, search })}
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
          onChange={(value) => onSort((value as TClientSort | null) ?? 'name')}
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
        <Button
          variant="subtle"
          size="sm"
          onClick={() => setShowFields((shown) => !shown)}
          aria-expanded={showFields}
          mt={{ base: 0, xs: 25 }}
          w={{ base: '100%', xs: 'auto' }}
        >
          {showFields ? 'Nascondi filtri per campo' : fieldsInUse > 0 ? `Filtri per campo (${fieldsInUse})` : 'Filtri per campo'}
        </Button>
        {/* Enabled even with no filter on: it also clears a date the fields refused. */}
        <Button variant="default" size="sm" onClick={onReset} mt={{ base: 0, xs: 25 }} w={{ base: '100%', xs: 'auto' }}>
          Azzera filtri
        </Button>
      </Group>
      <Collapse in={showFields}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {CLIENT_FIELD_FILTERS.map(({ field, label }) => (
            <SearchInput
              key={`${field}-${resetCount}`}
              label={label}
              leftSection={null}
              initialValue={filters.fields[field]}
              onSearch={(value) => onChange({ ...filters, fields: { ...filters.fields, [field]: value } })}
            />
          ))}
        </SimpleGrid>
      </Collapse>
    </Stack>
  );
};
