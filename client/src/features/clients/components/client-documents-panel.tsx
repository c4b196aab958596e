import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CLIENT_DOC_TYPE_LABELS, CLIENT_DOC_TYPES, CLIENT_FILE_SUBJECT, type TClientDocType } from '../../../../../shared/schemas/client-gdpr';
import type { TFileItem } from '../../../../../shared/schemas/files';
import { FileList } from '../../../components/files/file-list';
import { FileUploadField } from '../../../components/files/file-upload-field';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useClientDocuments, useRefreshClientDocuments } from '../api/use-client-gdpr';

const ACCEPT = 'application/pdf,image/png,image/jpeg,image/heic,image/webp';

/** The section a file belongs to: its docType, or 'Altro' for anything else. */
const sectionOf = (file: TFileItem): TClientDocType =>
  (CLIENT_DOC_TYPES as readonly string[]).includes(file.docType ?? '') ? (file.docType as TClientDocType) : 'other';

const DocTypeSection = ({ clientId, docType, files, onChanged }: { clientId: string; docType: TClientDocType; files: readonly TFileItem[]; onChanged: () => Promise<unknown> }) => {
  const title = CLIENT_DOC_TYPE_LABELS[docType];
  const titleId = `client-doc-${docType}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="sm" id={titleId}>
          {title}
        </Title>
        <Badge variant="light" color={files.length > 0 ? 'teal' : 'gray'}>
          {files.length > 0 ? `${files.length} file` : 'Nessun file'}
        </Badge>
      </Group>
      <FileList
        files={files}
        label={title}
        zipName={title}
        onRenamed={() => void onChanged()}
        onDeleted={() => void onChanged()}
        empty={
          <Text size="sm" c="dimmed">
            Nessun documento caricato.
          </Text>
        }
      />
      <FileUploadField
        upload={{ query: { subjectType: CLIENT_FILE_SUBJECT, subjectId: clientId, docType } }}
        onUploaded={async () => {
          await onChanged();
        }}
        multiple
        accept={ACCEPT}
        label="Seleziona file"
        inputLabel={`Carica: ${title}`}
      />
    </Stack>
  );
};

/** /clienti/:id: the client's documents, one section per kind (identity document, tax code card, other). */
export const ClientDocumentsPanel = ({ clientId }: { clientId: string }) => {
  const documents = useClientDocuments(clientId);
  const refresh = useRefreshClientDocuments(clientId);
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} fz="md" mb="sm">
        Documenti
      </Title>
      {documents.isPending ? (
        <PageLoader />
      ) : documents.isError ? (
        <QueryError title="Impossibile caricare i documenti" error={documents.error} onRetry={() => void documents.refetch()} isRetrying={documents.isFetching} />
      ) : (
        <Stack gap="lg">
          {CLIENT_DOC_TYPES.map((docType) => (
            <DocTypeSection key={docType} clientId={clientId} docType={docType} files={documents.data.filter((file) => sectionOf(file) === docType)} onChanged={refresh} />
          ))}
        </Stack>
      )}
    </Paper>
  );
};
