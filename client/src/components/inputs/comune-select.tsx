import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TComune } from '../../../../shared/schemas/geo';
import { useTRPC } from '../../lib/trpc';

/** How a comune reads in pickers and lists: "Milano (MI)". */
export const comuneLabel = (comune: Pick<TComune, 'name' | 'sigla'>) => `${comune.name} (${comune.sigla})`;

type TComuneSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: TComune | null;
  onChange: (comune: TComune | null) => void;
  /** Only comuni of this province (sigla). */
  province?: string;
  /** A comune never offered (the one being merged, in the admin editor). */
  excludeIstat?: string;
};

/** Picks an Italian comune by typing its name (geo.searchComuni, debounced); the province is shown beside it. */
export const ComuneSelect = ({ value, onChange, province, excludeIstat, label = 'Comune', placeholder = 'Scrivi il nome del comune', ...rest }: TComuneSelectProps) => {
  const trpc = useTRPC();
  const [search, setSearch] = useState(value ? comuneLabel(value) : '');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // While the text is the chosen comune's label there is nothing to look up.
  const term = value && debounced === comuneLabel(value) ? '' : debounced;
  const found = useQuery({
    ...trpc.geo.searchComuni.queryOptions({ q: term, province, limit: 15 }),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
  });
  const options = new Map<string, TComune>();
  if (value) options.set(value.istat, value);
  for (const comune of term ? (found.data ?? []) : []) if (comune.istat !== excludeIstat) options.set(comune.istat, comune);

  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: list }) => list}
      data={[...options.values()].map((comune) => ({ value: comune.istat, label: comuneLabel(comune) }))}
      value={value?.istat ?? null}
      onChange={(istat) => onChange(istat ? (options.get(istat) ?? null) : null)}
      nothingFoundMessage={term ? (found.isFetching ? 'Ricerca…' : 'Nessun comune trovato') : 'Scrivi almeno una lettera'}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
};
