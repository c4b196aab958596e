import { Paper, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TAccountState, TRole } from '../../../../../shared/constants';
import { PATHS } from '../../../lib/paths';
import { useTRPC } from '../../../lib/trpc';
import { writeUsersFilters } from '../users-filters';

type TUserStatProps = { label: string; role?: TRole; state?: TAccountState };

/** How many users match a role and/or state, linking to that filtered list. */
export const UserStat = ({ label, role, state }: TUserStatProps) => {
  const trpc = useTRPC();
  // limit 1: only the total is wanted.
  const count = useQuery(trpc.admin.users.find.queryOptions({ role, state, page: 1, limit: 1 }));
  const to = `${PATHS.admin.users}?${writeUsersFilters({ q: '', role: role ?? null, state: state ?? null, page: 1 }).toString()}`;
  return (
    <Paper component={Link} to={to} withBorder radius="lg" p="md" style={{ textDecoration: 'none', color: 'inherit' }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {count.data ? (
        <Text fz={28} fw={700}>
          {count.data.total}
        </Text>
      ) : (
        <Skeleton height={34} width={48} mt={4} aria-label={count.isError ? 'Dato non disponibile' : 'Caricamento'} />
      )}
    </Paper>
  );
};
