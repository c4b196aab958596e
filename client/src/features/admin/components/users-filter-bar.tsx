import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { ACCOUNT_STATE_LABELS, ACCOUNT_STATES, ROLES, type TAccountState, type TRole } from '../../../../../shared/constants';
import { Icon } from '../../../components/icons';
import { ROLE_LABELS } from '../../../lib/labels';
import type { TUsersFilters } from '../users-filters';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const STATE_OPTIONS = ACCOUNT_STATES.map((state) => ({ value: state, label: ACCOUNT_STATE_LABELS[state] }));

type TUsersFilterBarProps = { filters: TUsersFilters; onChange: (filters: TUsersFilters) => void };

/** Search (debounced, so typing does not fire a call per key) and the role and state filters. */
export const UsersFilterBar = ({ filters, onChange }: TUsersFilterBarProps) => {
  const [text, setText] = useState(filters.q);
  const commitSearch = useDebouncedCallback((q: string) => onChange({ ...filters, q: q.trim(), page: 1 }), 300);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Cerca"
        placeholder="Nome, ragione sociale o email"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          commitSearch(event.currentTarget.value);
        }}
        leftSection={<Icon name="search" size={16} />}
        size="sm"
        style={{ flex: '1 1 240px' }}
      />
      <Select
        label="Ruolo"
        placeholder="Tutti i ruoli"
        data={ROLE_OPTIONS}
        value={filters.role}
        onChange={(role) => onChange({ ...filters, role: role as TRole | null, page: 1 })}
        clearable
        size="sm"
        w={{ base: '100%', xs: 170 }}
      />
      <Select
        label="Stato"
        placeholder="Tutti gli stati"
        data={STATE_OPTIONS}
        value={filters.state}
        onChange={(state) => onChange({ ...filters, state: state as TAccountState | null, page: 1 })}
        clearable
        size="sm"
        w={{ base: '100%', xs: 170 }}
      />
    </Group>
  );
};
