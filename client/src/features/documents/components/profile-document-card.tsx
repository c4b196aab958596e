import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFileItem } from '../../../../../shared/schemas/files';
import { fileRights } from '../../../../../shared/rules/file-permissions';
import { FileList } from '../../../components/files/file-list';
import { FileUploadField } from '../../../components/files/file-upload-field';
import { showApiError } from '../../../lib/api-error-display';
import { useSession } from '../../../lib/session/use-session';
import { useTRPC } from '../../../lib/trpc';
import type { TProfileDocument } from '../document-types';

type TProfileDocumentCardProps = {
  document: TProfileDocument;
  /** Its files, newest first. */
  files: readonly TFileItem[];
  /** Shown next to the title ('Facoltativo'). */
  note?: string;
};

/**
 * One profile document (identity, tax code card, RUI): its files, an upload, and a replace that uploads the new
 * file and then deletes the old ones the rights allow deleting.
 */
export const ProfileDocumentCard = ({ document, files, note }: TProfileDocumentCardProps) => {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const deleteFile = useMutation(trpc.files.delete.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.files.list.pathKey() });
  const { user } = useSession();
  const titleId = `doc-${document.docType}`;
  const hasFiles = files.length > 0;

  const afterUpload = async () => {
    if (hasFiles) {
      const replaceable = files.filter((file) => fileRights({ file, role: user?.role }).canDelete);
      const results = await Promise.allSettled(replaceable.map((file) => deleteFile.mutateAsync({ path: file.path })));
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) showApiError(failure.reason);
    }
    await refresh();
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Title order={2} fz="md" id={titleId}>
            {document.title}
          </Title>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {note && (
              <Badge variant="outline" color="gray">
                {note}
              </Badge>
            )}
            <Badge variant="light" color={hasFiles ? 'teal' : 'orange'}>
              {hasFiles ? 'Caricato' : 'Da caricare'}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {document.description}
        </Text>
        <FileList
          files={files}
          zipName={document.archive}
          label={document.title}
          onRenamed={() => void refresh()}
          onDeleted={() => void refresh()}
        />
        <FileUploadField
          upload={{ query: { docType: document.docType } }}
          onUploaded={afterUpload}
          label={hasFiles ? 'Sostituisci' : 'Seleziona file'}
          hint={hasFiles ? 'Trascina qui il nuovo file oppure' : undefined}
          inputLabel={`${hasFiles ? 'Sostituisci' : 'Carica'}: ${document.title}`}
          multiple
          accept="application/pdf,image/png,image/jpeg,image/heic,image/webp"
        />
      </Stack>
    </Paper>
  );
};
