import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { getDisplayName } from '../../../../../shared/rules/display-name';
import { useTRPC } from '../../../lib/trpc';

type TClientPickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: string | null;
  onChange: (clientId: string | null, name: string | null) => void;
};

/**
 * A client of the caller's book, searched on the server as the user types (name, tax code, phone...), 20 at a
 * time; the client already chosen (from the address) is shown by name.
 */
export const ClientPicker = ({ value, onChange, ...props }: TClientPickerProps) => {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useQuery({ ...trpc.clients.find.queryOptions({ q: debounced || undefined, page: 1, limit: 20, sort: 'name' }), placeholderData: keepPreviousData });
  const chosen = useQuery({ ...trpc.clients.get.queryOptions({ id: value ?? '' }, { retry: false }), enabled: value !== null });
  const data = useMemo(() => {
    const options = new Map((found.data?.list ?? []).map((client) => [client.id, getDisplayName(client) || client.email || client.id] as const));
    if (value && chosen.data && !options.has(value)) options.set(value, getDisplayName({ type: chosen.data.kind, name: chosen.data.name, surname: chosen.data.surname, business: chosen.data.businessName }) || chosen.data.email || value);
    return [...options].map(([id, label]) => ({ value: id, label }));
  }, [found.data, chosen.data, value]);
  return (
    <Select
      searchable
      clearable
      data={data}
      value={value}
      onChange={(id, option) => onChange(id, option ? option.label : null)}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? 'Ricerca…' : 'Nessun cliente trovato'}
      {...props}
    />
  );
};
