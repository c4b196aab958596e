import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getDisplayName } from '../../../../../shared/rules/display-name';
import { useTRPC } from '../../../lib/trpc';

type TProps = { value: string | null; onChange: (id: string | null, label: string) => void; error?: string | null; label?: string };

/** Picks one corner by name, business or e-mail through the admin users search (admin.users.find). */
export const CornerSelect = ({ value, onChange, error, label = 'Corner' }: TProps) => {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const found = useQuery({ ...trpc.admin.users.find.queryOptions({ q: debounced || undefined, role: 'corner', page: 1, limit: 20 }), placeholderData: keepPreviousData });
  const options = (found.data?.list ?? []).map((user) => ({ value: user.id, label: `${getDisplayName(user)} · ${user.email}` }));
  if (chosen && !options.some((option) => option.value === chosen.value)) options.unshift(chosen);
  return (
    <Select
      label={label}
      placeholder="Cerca per nome, ragione sociale o email"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: list }) => list}
      data={options}
      value={value}
      onChange={(id, option) => {
        setChosen(id ? option : null);
        onChange(id, id ? option.label : '');
      }}
      nothingFoundMessage={found.isFetching ? 'Ricerca…' : 'Nessun corner trovato'}
      error={error}
      clearable
      withAsterisk
      maxDropdownHeight={260}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
