import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { TPractice } from '../../../../../shared/schemas/practices';
import type { TPracticeThreadMessage } from '../../../../../shared/schemas/practice-thread';
import { FileList } from '../../../components/files/file-list';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { useSession } from '../../../lib/session/use-session';
import { toast } from '../../../lib/toast';
import { FormAlert } from '../../../components/form-alert';
import { useFileToPractice, usePracticeThread, useSendToThread } from './api/use-thread';
import { formatDateTime } from './practice-format';

const Message = ({ practice, message, isMine }: { practice: TPractice; message: TPracticeThreadMessage; isMine: boolean }) => {
  const fileTo = useFileToPractice();
  return (
    <Paper component="li" withBorder radius="md" p="sm" bg={isMine ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-0)'} ml={isMine ? 'xl' : 0} mr={isMine ? 0 : 'xl'}>
      <Text size="xs" c="dimmed">
        {message.sender.name} · {formatDateTime(message.createdAt)}
      </Text>
      {message.text && (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {message.text}
        </Text>
      )}
      {message.upload.length > 0 && (
        <FileList
          files={message.upload}
          label={`Allegati del messaggio di ${message.sender.name}`}
          renderActions={(file) => (
            <Button
              size="compact-xs"
              variant="subtle"
              loading={fileTo.isPending && fileTo.variables.fileId === file.path}
              onClick={() =>
                fileTo.mutate(
                  { sector: practice.sector, id: practice.id, messageId: message.id, fileId: file.path },
                  { onSuccess: () => toast('success', `${file.name} archiviato nei documenti della pratica.`), onError: (error) => toast('error', describeError(error).messages) },
                )
              }
            >
              Archivia nella pratica
            </Button>
          )}
        />
      )}
    </Paper>
  );
};

/** The practice's conversation between its corner and the sector's brokers (messages of their chat room, tagged with it). */
export const PracticeThreadPanel = ({ practice }: { practice: TPractice }) => {
  const thread = usePracticeThread(practice.sector, practice.id);
  const send = useSendToThread(practice.sector, practice.id);
  const me = useSession().user?.id;
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);

  const submit = () => {
    setFailure(null);
    send.mutate({ sector: practice.sector, id: practice.id, text }, { onSuccess: () => setText(''), onError: (error) => setFailure(describeError(error)) });
  };

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="practice-thread">
      <Title order={2} fz="md" mb="sm" id="practice-thread">
        Conversazione
      </Title>
      {thread.isPending ? (
        <PageLoader />
      ) : thread.isError ? (
        <QueryError title="Impossibile caricare la conversazione" error={thread.error} onRetry={() => void thread.refetch()} isRetrying={thread.isFetching} />
      ) : (
        <Stack gap="sm">
          {thread.data.hasMore && (
            <Text size="xs" c="dimmed">
              I messaggi precedenti sono nella chat.
            </Text>
          )}
          {thread.data.messages.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nessun messaggio su questa pratica.
            </Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Messaggi della pratica">
              {thread.data.messages.map((message) => (
                <Message key={message.id} practice={practice} message={message} isMine={message.sender.id === me} />
              ))}
            </Stack>
          )}
          <Textarea label="Nuovo messaggio" placeholder="Scrivi un messaggio sulla pratica" autosize minRows={2} maxRows={6} maxLength={4000} value={text} onChange={(event) => setText(event.currentTarget.value)} />
          <FormAlert error={failure} />
          <Group justify="flex-end">
            <Button onClick={submit} loading={send.isPending} disabled={text.trim() === ''}>
              Invia messaggio
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
};
