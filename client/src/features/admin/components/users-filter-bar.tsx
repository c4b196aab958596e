import { Group, Select } from '@mantine/core';
import { ACCOUNT_STATE_LABELS, ACCOUNT_STATES, ROLES, type TAccountState, type TRole } from '../../../../../shared/constants';
import { SearchInput } from '../../../components/inputs/search-input';
import { ROLE_LABELS } from '../../../lib/labels';
import type { TUsersFilters } from '../users-filters';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const STATE_OPTIONS = ACCOUNT_STATES.map((state) => ({ value: state, label: ACCOUNT_STATE_LABELS[state] }));

type TUsersFilterBarProps = { filters: TUsersFilters; onChange: (filters: TUsersFilters) => void };

/** Search (debounced, so typing does not fire a call per key) and the role and state filters. */
export const UsersFilterBar = ({ filters, onChange }: TUsersFilterBarProps) => {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SearchInput
        placeholder="Nome, ragione sociale o email"
        initialValue={filters.q}
        onSearch={(q) => onChange({ ...filters, q, page: 1 })}
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
