import { Button, CloseButton, Group, Pill, Select, Stack } from '@mantine/core';
import type { TPracticeSort } from '../../../../../shared/schemas/practices';
import type { TSectorSlug } from '../../../../../shared/sectors';
import { DateField } from '../../../components/inputs/date-field';
import { SearchInput } from '../../../components/inputs/search-input';
import { ProductFilter } from '../sectors/products/product-filter';
import {
  hasProductFilter,
  isReversedPracticeRange,
  isUtilitySector,
  PRACTICE_AGE_LABELS,
  PRACTICE_AGES,
  PRACTICE_SORT_LABELS,
  type TPracticeAge,
  type TPracticeFilters,
} from '../practices-list';
import { ClientPicker } from './client-picker';
import { UtilityFilters } from './utility-columns/utility-filters';

const FIELD_WIDTH = { base: '100%', xs: 200 };
const DATE_WIDTH = { base: '100%', xs: 200 };

type TPracticesFilterBarProps = {
  /** Luce e gas and GPL add the offer, the POD or PDR (luce e gas) and the expected start; the product sectors the product. */
  sector: TSectorSlug;
  filters: TPracticeFilters;
  sort: TPracticeSort;
  /** The sector's states with their labels, in the definition's order. */
  states: readonly { value: string; label: string }[];
  /** The worklist (brokers): age instead of client and dates. */
  worklist: boolean;
  /** The name of the corner the list is filtered to, when it is. */
  cornerName: string | null;
  onChange: (filters: TPracticeFilters) => void;
  onSort: (sort: TPracticeSort) => void;
  onReset: () => void;
  /** Changes on every reset, so the text and date fields drop what they hold. */
  resetCount: number;
  searchPlaceholder: string;
};

/**
 * The free search (once typing pauses), the state, the order, the product where the sector has products; for the
 * utilities the offer, the meter's code and the expected start; the client or the age, the period.
 */
export const PracticesFilterBar = ({ sector, filters, sort, states, worklist, cornerName, onChange, onSort, onReset, resetCount, searchPlaceholder }: TPracticesFilterBarProps) => (
  <Stack gap="sm">
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SearchInput
        key={`q-${resetCount}`}
        label="Cerca"
        placeholder={searchPlaceholder}
        initialValue={filters.search}
        onSearch={(search) => onChange({ ...filters, search })}
        style={{ flex: '1 1 240px' }}
      />
      <Select
        label="Stato"
        placeholder="Tutti gli stati"
        data={states}
        value={filters.state}
        onChange={(state) => onChange({ ...filters, state })}
        clearable
        size="sm"
        w={FIELD_WIDTH}
      />
      <Select
        label="Ordina per"
        data={(Object.keys(PRACTICE_SORT_LABELS) as TPracticeSort[]).map((value) => ({ value, label: PRACTICE_SORT_LABELS[value] }))}
        value={sort}
        onChange={(value) => onSort((value as TPracticeSort | null) ?? sort)}
        allowDeselect={false}
        size="sm"
        w={FIELD_WIDTH}
      />
      {hasProductFilter(sector) && <ProductFilter sector={sector} value={filters.productId} onChange={(productId) => onChange({ ...filters, productId })} />}
    </Group>
    {isUtilitySector(sector) && <UtilityFilters sector={sector} filters={filters} onChange={onChange} resetCount={resetCount} />}
    <Group gap="sm" align="flex-start" wrap="wrap">
      {worklist ? (
        <Select
          label="Da quanto"
          placeholder="Qualsiasi"
          data={PRACTICE_AGES.map((age) => ({ value: String(age), label: PRACTICE_AGE_LABELS[age] }))}
          value={filters.age ? String(filters.age) : null}
          onChange={(value) => onChange({ ...filters, age: value ? (Number(value) as TPracticeAge) : null })}
          clearable
          size="sm"
          w={{ base: '100%', xs: 240 }}
        />
      ) : (
        <ClientPicker
          key={`client-${resetCount}`}
          label="Cliente"
          placeholder="Tutti i clienti"
          value={filters.clientId}
          onChange={(clientId) => onChange({ ...filters, clientId })}
          size="sm"
          w={{ base: '100%', xs: 260 }}
        />
      )}
      <DateField
        key={`from-${resetCount}`}
        label="Aperte dal"
        value={filters.createdFrom}
        onChange={(createdFrom) => onChange({ ...filters, createdFrom })}
        clearable
        size="sm"
        w={DATE_WIDTH}
      />
      <DateField
        key={`to-${resetCount}`}
        label="Aperte al"
        value={filters.createdTo}
        onChange={(createdTo) => onChange({ ...filters, createdTo })}
        error={isReversedPracticeRange(filters) ? 'Deve venire dopo «Aperte dal».' : undefined}
        clearable
        size="sm"
        w={DATE_WIDTH}
      />
      <Button variant="default" size="sm" onClick={onReset} mt={{ base: 0, xs: 25 }} w={{ base: '100%', xs: 'auto' }}>
        Azzera filtri
      </Button>
    </Group>
    {filters.cornerId && (
      <Group gap="xs">
        <Pill size="md">
          <Group gap={4} wrap="nowrap">
            Corner: {cornerName ?? '…'}
            <CloseButton size="xs" aria-label="Togli il filtro per corner" onClick={() => onChange({ ...filters, cornerId: null })} />
          </Group>
        </Pill>
      </Group>
    )}
  </Stack>
);
