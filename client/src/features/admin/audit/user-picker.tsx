import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TRole } from '../../../../../shared/constants';
import { useTRPC } from '../../../lib/trpc';

type TUserPickerProps = { label: string; placeholder: string; value: string; onChange: (id: string) => void; role?: TRole };

const nameOf = (user: { email: string; name: string; surname: string; business: string }) =>
  `${user.business || [user.name, user.surname].filter(Boolean).join(' ') || user.email} (${user.email})`;

/** A user chosen by name or e-mail among the platform's users (admin list search). */
export const UserPicker = ({ label, placeholder, value, onChange, role }: TUserPickerProps) => {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // The chosen user's label stays known when a later search no longer lists it.
  const [known, setKnown] = useState<Record<string, string>>({});
  // Once a user is chosen the field shows its label: that is not a search.
  const q = debounced && debounced !== known[value] ? debounced : undefined;
  const users = useQuery(trpc.admin.users.find.queryOptions({ q, role, page: 1, limit: 20 }));
  const options = new Map((users.data?.list ?? []).map((user) => [user.id, nameOf(user)]));
  if (value && !options.has(value)) options.set(value, known[value] ?? 'Utente selezionato');
  return (
    <Select
      size="md"
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      data={[...options].map(([id, name]) => ({ value: id, label: name }))}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={users.isFetching ? 'Ricerca…' : 'Nessun utente'}
      onChange={(id) => {
        if (id) setKnown((current) => ({ ...current, [id]: options.get(id) ?? id }));
        onChange(id ?? '');
      }}
    />
  );
};
