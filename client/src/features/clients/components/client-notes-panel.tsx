import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { useAddClientNote, useClientNotes } from '../api/use-client-record';
import { formatDateTime } from '../client-format';

/** The notes written about a client, newest first, with who wrote them and when; a box to add one. */
export const ClientNotesPanel = ({ clientId }: { clientId: string }) => {
  const notes = useClientNotes(clientId);
  const add = useAddClientNote(clientId);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);

  const submit = () => {
    setFailure(null);
    add.mutate(
      { clientId, text },
      {
        onSuccess: () => setText(''),
        onError: (error) => setFailure(describeError(error)),
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} fz="md" mb="sm">
        Note
      </Title>
      <Stack gap="sm">
        <Textarea
          label="Nuova nota"
          placeholder="Scrivi una nota sul cliente"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <FormAlert error={failure} />
        <Group justify="flex-end">
          <Button onClick={submit} loading={add.isPending} disabled={text.trim() === ''}>
            Aggiungi nota
          </Button>
        </Group>
        {notes.isPending ? (
          <PageLoader />
        ) : notes.isError ? (
          <QueryError title="Impossibile caricare le note" error={notes.error} onRetry={() => void notes.refetch()} isRetrying={notes.isFetching} />
        ) : notes.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nessuna nota per questo cliente.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Note del cliente">
            {notes.data.map((note) => (
              <Paper key={note.id} component="li" withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
                <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {note.text}
                </Text>
                <Text size="xs" c="dimmed" mt={4}>
                  {note.authorName} · {formatDateTime(note.createdAt)}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
};
