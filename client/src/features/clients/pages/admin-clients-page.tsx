import { Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getDisplayName } from '../../../../../shared/rules/display-name';
import { PageHeader } from '../../../components/page-header';
import { useTRPC } from '../../../lib/trpc';
import { useClientsLive } from '../api/use-clients-live';
import { ClientMoveDialog, type TMovingClient } from '../components/client-move-dialog';
import { ClientsListView } from '../components/clients-list-view';

/** The same list as /clienti: for an admin the server returns the clients of every corner, named by corner. */
const AdminClientsPage = () => {
  const trpc = useTRPC();
  const [moving, setMoving] = useState<TMovingClient | null>(null);
  useClientsLive();
  const corners = useQuery(
    trpc.admin.users.find.queryOptions(
      { role: 'corner', page: 1, limit: 0 },
      { select: (answer) => new Map(answer.list.map((user) => [user.id, getDisplayName(user) || user.email] as const)) },
    ),
  );
  return (
    <Stack gap="lg">
      <PageHeader title="Clienti" description="I clienti di tutti i corner della piattaforma." />
      <ClientsListView
        corners={corners.data}
        rowActions={(client) => (
          <Button
            variant="subtle"
            size="compact-sm"
            aria-label={`Sposta ${client.displayName} a un altro corner`}
            onClick={() => setMoving({ id: client.id, name: client.displayName, cornerId: client.cornerId })}
          >
            Sposta
          </Button>
        )}
        emptyText="Nessun corner ha ancora inserito clienti. Compariranno qui, con i contatti e i dati fiscali, man mano che vengono aperte le pratiche."
      />
      <ClientMoveDialog client={moving} onClose={() => setMoving(null)} />
    </Stack>
  );
};

export default AdminClientsPage;
