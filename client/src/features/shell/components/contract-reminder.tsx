import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session/use-session';
import { useTRPC } from '../../../lib/trpc';

/**
 * Spec section 1: a corner asks for quotes at once but books, issues or activates only after signing its
 * collaboration contract. Every corner whose contract is not signed yet (a person or a company alike) reads it on
 * every page but Documenti, where the contract is signed.
 */
export const ContractReminder = () => {
  const trpc = useTRPC();
  const { user } = useSession();
  const { pathname } = useLocation();
  const isCorner = user?.role === 'corner';
  const status = useQuery(trpc.contract.status.queryOptions(undefined, { enabled: isCorner, staleTime: 60_000 }));
  if (!isCorner || !status.data || status.data.progress === 'completed' || pathname === PATHS.documents) return null;
  return (
    <Alert color="orange" variant="light" radius={0} py="xs" role="status" aria-label="Contratto da firmare">
      <Text size="sm">
        Il contratto di collaborazione non è ancora firmato: puoi chiedere preventivi, ma per emettere polizze e attivare forniture firmalo in{' '}
        <Anchor component={Link} to={PATHS.documents} size="sm" fw={600}>
          Documenti
        </Anchor>
        .
      </Text>
    </Alert>
  );
};
