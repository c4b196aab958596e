import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { TClientRecord } from '../../../../../shared/schemas/client-record';
import { useConfirm } from '../../../components/dialog/use-confirm';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api-error';
import { showApiError } from '../../../lib/api-error-display';
import { PATHS } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { fromTrpcError } from '../../../lib/trpc-error';
import { useClientRecord, useRemoveClient, useUpdateClient } from '../api/use-client-record';
import { useClientsLive } from '../api/use-clients-live';
import { useSession } from '../../../lib/session/use-session';
import { ClientMoveDialog } from '../components/client-move-dialog';
import { clientDisplayName, toClientFormValues } from '../client-form-values';
import { ClientForm } from '../components/client-form';
import { ClientNotesPanel } from '../components/client-notes-panel';
import { ClientDocumentsPanel } from '../components/client-documents-panel';
import { ClientGdprActions } from '../components/client-gdpr-actions';
import { ClientRecordView } from '../components/client-record-view';
import { ClientPracticesPanel } from '../../../components/practices/client-practices-panel';

/** Another corner's client, a removed one or a malformed id all read as missing. */
const isMissing = (error: unknown): boolean => {
  const failure = fromTrpcError(error);
  return failure instanceof ApiError && (failure.status === 404 || failure.status === 400);
};

const BackLink = () => (
  <Button component={Link} to={PATHS.clients} variant="subtle" size="compact-sm" style={{ alignSelf: 'flex-start' }}>
    ← Tutti i clienti
  </Button>
);

const ClientRecordPanel = ({ record }: { record: TClientRecord }) => {
  const navigate = useNavigate();
  const [isEditing, setIsEditing] = useState(false);
  const [isMoving, setIsMoving] = useState(false);
  const isAdmin = useSession().user?.role === 'admin';
  const update = useUpdateClient();
  const remove = useRemoveClient();
  const { confirm, dialog } = useConfirm();
  const name = clientDisplayName(record);

  const askRemove = () =>
    void confirm({
      title: 'Eliminare il cliente?',
      message: `${name} sarà eliminato dalla tua rubrica con le sue note. L'operazione non si può annullare.`,
      confirmLabel: 'Elimina',
      isDestructive: true,
      action: async () => {
        try {
          const { message } = await remove.mutateAsync({ id: record.id });
          toast('success', message);
          void navigate(PATHS.clients);
          return true;
        } catch (caught) {
          showApiError(caught);
          return false;
        }
      },
    });

  return (
    <Stack gap="lg">
      <BackLink />
      <PageHeader
        title={name || 'Cliente'}
        actions={
          !isEditing && (
            <Group gap="sm">
              <Button variant="default" onClick={() => setIsEditing(true)}>
                Modifica
              </Button>
              {isAdmin && (
                <Button variant="default" onClick={() => setIsMoving(true)}>
                  Sposta a un altro corner
                </Button>
              )}
              <Button variant="light" color="red" onClick={askRemove}>
                Elimina
              </Button>
            </Group>
          )
        }
      />
      <Group gap="xs" mt={-8}>
        <Badge variant="light" color={record.kind === 'azienda' ? 'grape' : 'indigo'}>
          {record.kind === 'azienda' ? 'Azienda' : 'Persona'}
        </Badge>
        {record.cornerName && (
          <Text size="sm" c="dimmed">
            Corner: {record.cornerName}
          </Text>
        )}
      </Group>
      {isEditing ? (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
          <ClientForm
            initialValues={toClientFormValues(record)}
            submitLabel="Salva"
            isSaving={update.isPending}
            onCancel={() => setIsEditing(false)}
            onSave={async (data) => {
              await update.mutateAsync({ id: record.id, data });
              toast('success', 'Cliente aggiornato.');
              setIsEditing(false);
            }}
          />
        </Paper>
      ) : (
        <ClientRecordView record={record} />
      )}
      <ClientDocumentsPanel clientId={record.id} />
      <ClientNotesPanel clientId={record.id} />
      <ClientPracticesPanel clientId={record.id} />
      <ClientGdprActions clientId={record.id} name={name} />
      {dialog}
      {isAdmin && <ClientMoveDialog client={isMoving ? { id: record.id, name, cornerId: record.cornerId } : null} onClose={() => setIsMoving(false)} />}
    </Stack>
  );
};

/** /clienti/:id: one client's record, edited in place, with its notes and its practices. */
const ClientDetailPage = () => {
  const { id = '' } = useParams();
  const client = useClientRecord(id);
  useClientsLive();
  if (client.isPending) return <PageLoader />;
  // The record was open and then left the user's reach: deleted, or moved to another corner, by someone else.
  if (client.isError && client.data && isMissing(client.error)) {
    return (
      <Stack gap="lg">
        <BackLink />
        <EmptyState title="Cliente non più disponibile" icon="users">
          Questo cliente è stato eliminato o spostato da un altro utente.{' '}
          <Anchor component={Link} to={PATHS.clients} inherit>
            Torna ai clienti
          </Anchor>
        </EmptyState>
      </Stack>
    );
  }
  if (client.isError) {
    return isMissing(client.error) ? (
      <Stack gap="lg">
        <BackLink />
        <EmptyState title="Cliente non trovato" icon="users">
          Il cliente non esiste, è stato eliminato o non fa parte della tua rubrica.
        </EmptyState>
      </Stack>
    ) : (
      <QueryError title="Impossibile caricare il cliente" error={client.error} onRetry={() => void client.refetch()} isRetrying={client.isFetching} />
    );
  }
  return <ClientRecordPanel key={client.data.id} record={client.data} />;
};

export default ClientDetailPage;
