import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { Icon } from '../../../components/icons';
import type { TClientSort, TClientTypeFilter } from '../clients-list';

const SORT_OPTIONS: { value: TClientSort; label: string }[] = [
  { value: 'name-asc', label: 'Nome (A-Z)' },
  { value: 'name-desc', label: 'Nome (Z-A)' },
  { value: 'newest', label: 'Più recenti' },
  { value: 'oldest', label: 'Meno recenti' },
];

type TClientsFilterBarProps = {
  search: string;
  type: TClientTypeFilter;
  sort: TClientSort;
  onSearch: (search: string) => void;
  onType: (type: TClientTypeFilter) => void;
  onSort: (sort: TClientSort) => void;
};

export const ClientsFilterBar = ({ search, type, sort, onSearch, onType, onSort }: TClientsFilterBarProps) => (
  <Group gap="sm" align="flex-end" wrap="wrap">
    <TextInput
      label="Cerca"
      placeholder="Nome, email, telefono, codice fiscale o partita IVA"
      value={search}
      onChange={(event) => onSearch(event.currentTarget.value)}
      leftSection={<Icon name="search" size={16} />}
      size="sm"
      style={{ flex: '1 1 260px' }}
    />
    <SegmentedControl
      aria-label="Tipo di cliente"
      value={type}
      onChange={(value) => onType(value as TClientTypeFilter)}
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
      w={{ base: '100%', xs: 170 }}
    />
  </Group>
);
