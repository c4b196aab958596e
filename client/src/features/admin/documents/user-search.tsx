import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getDisplayName } from '../../../../../shared/rules/display-name';
import { useTRPC } from '../../../lib/trpc';

type TKnownUser = { id: string; name: string; email: string };

type TUserSearchProps = {
  value: string[];
  onChange: (ids: string[]) => void;
  /** Users already chosen, with their names (the document's audience). */
  initialUsers?: readonly TKnownUser[];
  error?: string | null;
};

/** Picks users by name, business or e-mail through the admin users search (admin.users.find). */
export const UserSearch = ({ value, onChange, initialUsers = [], error }: TUserSearchProps) => {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [known, setKnown] = useState<Map<string, TKnownUser>>(() => new Map(initialUsers.map((user) => [user.id, user])));
  const found = useQuery({
    ...trpc.admin.users.find.queryOptions({ q: debounced || undefined, state: 'active', page: 1, limit: 20 }),
    placeholderData: keepPreviousData,
  });
  const results = (found.data?.list ?? []).map((user) => ({ id: user.id, name: getDisplayName(user), email: user.email }));
  const options = new Map<string, TKnownUser>(known);
  for (const user of results) options.set(user.id, user);

  return (
    <MultiSelect
      label="Utenti"
      placeholder={value.length === 0 ? 'Cerca per nome, ragione sociale o email' : undefined}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: list }) => list}
      data={[...options.values()].map((user) => ({ value: user.id, label: `${user.name} · ${user.email}` }))}
      value={value}
      onChange={(ids) => {
        setKnown((current) => {
          const next = new Map(current);
          for (const id of ids) {
            const user = options.get(id);
            if (user) next.set(id, user);
          }
          return next;
        });
        onChange(ids);
      }}
      nothingFoundMessage={found.isFetching ? 'Ricerca…' : 'Nessun utente trovato'}
      error={error}
      hidePickedOptions
      clearable
      maxDropdownHeight={260}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
