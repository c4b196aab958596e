import { ActionIcon, Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TAdminDocType } from '../../../../../shared/schemas/contract';
import { FileIcon } from '../../../components/files/file-icons';
import { formatFileSize } from '../../../components/files/file-kinds';
import { FilePicker } from '../../../components/files/file-picker';
import type { TPickedFile } from '../../../components/files/picked-file';
import { UploadProgress } from '../../../components/files/upload-progress';
import { useUpload } from '../../../components/files/use-upload';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { audienceQuery, type TAudienceValue } from './admin-documents-api';
import { audienceProblem, DOC_TYPE_LABELS } from './audience';
import { AudienceFields } from './audience-fields';

const DEFAULT_AUDIENCE: Record<TAdminDocType, TAudienceValue> = {
  other: { audience: 'all', roles: [], userIds: [] },
  'contract-template': { audience: 'none', roles: [], userIds: [] },
};

/** Publishes contract templates and other documents to everyone, some roles or some users. */
export const PublishCard = () => {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const { upload, abort, progress } = useUpload();
  const [docType, setDocType] = useState<TAdminDocType>('other');
  const [audience, setAudience] = useState<TAudienceValue>(DEFAULT_AUDIENCE.other);
  const [picked, setPicked] = useState<TPickedFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const publish = async () => {
    const missing = picked.length === 0 ? 'Scegli almeno un file.' : audienceProblem(audience);
    setProblem(missing);
    if (missing) return;
    const answer = await upload(picked, { url: '/api/admin/docs/upload', query: audienceQuery(audience, docType) });
    if (!answer) return;
    toast('success', answer.message);
    setPicked([]);
    await queryClient.invalidateQueries({ queryKey: trpc.adminDocs.list.pathKey() });
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="publish-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="publish-title">
          Pubblica documenti
        </Title>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="doc-type-label">
            Tipo
          </Text>
          <SegmentedControl
            aria-labelledby="doc-type-label"
            data={[
              { value: 'other', label: DOC_TYPE_LABELS.other },
              { value: 'contract-template', label: DOC_TYPE_LABELS['contract-template'] },
            ]}
            value={docType}
            onChange={(value) => {
              const next = value as TAdminDocType;
              setDocType(next);
              setAudience(DEFAULT_AUDIENCE[next]);
            }}
            fullWidth
          />
          {docType === 'contract-template' && (
            <Text size="xs" c="dimmed">
              Il modello più recente genera il contratto di ogni corner (PDF; i campi modulo nome, cognome, codice_fiscale… vengono compilati con i suoi dati).
            </Text>
          )}
        </Stack>
        <AudienceFields
          value={audience}
          onChange={(value) => {
            setAudience(value);
            setProblem(null);
          }}
        />
        <FilePicker
          onPick={(files) => {
            setPicked((current) => [...current, ...files]);
            setProblem(null);
          }} multiple disabled={progress !== null} inputLabel="File da pubblicare" />
        {picked.length > 0 && (
          <Stack gap={4} component="ul" aria-label="File scelti" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {picked.map((file) => (
              <Group component="li" key={file.id} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" truncate="end">
                  {file.metadata.name} <Text span size="xs" c="dimmed">({formatFileSize(file.file.size)})</Text>
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Togli ${file.metadata.name}`}
                  onClick={() => setPicked((current) => current.filter((item) => item.id !== file.id))}
                  disabled={progress !== null}
                >
                  <FileIcon name="close" size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        {problem && (
          <Alert color="yellow" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        {progress !== null && <UploadProgress progress={progress} onAbort={abort} />}
        <Group justify="flex-end">
          <Button onClick={() => void publish()} loading={progress !== null} leftSection={<FileIcon name="upload" size={16} />}>
            Pubblica
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
