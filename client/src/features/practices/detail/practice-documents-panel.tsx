import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFileItem } from '../../../../../shared/schemas/files';
import { PRECONTRACT_DOC_TYPES } from '../../../../../shared/schemas/precontract';
import type { TPractice } from '../../../../../shared/schemas/practices';
import { FileList } from '../../../components/files/file-list';
import { FileUploadField } from '../../../components/files/file-upload-field';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useTRPC } from '../../../lib/trpc';

const ACCEPT = 'application/pdf,image/png,image/jpeg,image/heic,image/webp';
const OTHER = { docType: 'other', label: 'Altri documenti', required: false } as const;
/**
 * The issued policy's documents (the sector's `policyDocs`: the policy, for RC Auto the certificate too), which the
 * broker files once issue is asked (issuing needs them) and the corner then finds here.
 */
const POLICY_STATES = new Set(['askEmission', 'emitted']);

/** Doc types of the pre-contract pack: its own panel shows them. */
const PACK_DOC_TYPES = new Set<string>(Object.values(PRECONTRACT_DOC_TYPES));

const useDocuments = (practice: TPractice) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const input = { sector: practice.sector, id: practice.id };
  const documents = useQuery(trpc.practices.documents.list.queryOptions(input));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.practices.pathKey() });
  return { documents, refresh };
};

type TSection = { docType: string; label: string; required: boolean };

const DocTypeSection = ({ practice, section, files, canWrite, onChanged }: { practice: TPractice; section: TSection; files: readonly TFileItem[]; canWrite: boolean; onChanged: () => Promise<unknown> }) => {
  const titleId = `practice-doc-${section.docType}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="sm" id={titleId}>
          {section.label}
          {section.required && (
            <Text span c="red" inherit aria-label="obbligatorio">
              {' '}
              *
            </Text>
          )}
        </Title>
        <Badge variant="light" color={files.length > 0 ? 'teal' : section.required ? 'orange' : 'gray'}>
          {files.length > 0 ? `${files.length} file` : section.required ? 'Da caricare' : 'Nessun file'}
        </Badge>
      </Group>
      <FileList
        files={files}
        label={section.label}
        zipName={section.label}
        onRenamed={() => void onChanged()}
        onDeleted={() => void onChanged()}
        empty={
          <Text size="sm" c="dimmed">
            Nessun documento caricato.
          </Text>
        }
      />
      {canWrite && (
        <FileUploadField
          upload={{ url: `/api/practices/${encodeURIComponent(practice.sector)}/${encodeURIComponent(practice.id)}/documents`, query: { docType: section.docType } }}
          onUploaded={async () => {
            await onChanged();
          }}
          multiple
          accept={ACCEPT}
          label="Seleziona file"
          inputLabel={`Carica: ${section.label}`}
        />
      )}
    </Stack>
  );
};

/**
 * The practice's documents (files subject `practice`), one section per document the sector's settings ask for
 * (required ones marked), then the others. The corner adds them while the practice is open, brokers and admins
 * always; each upload is written in the history.
 */
export const PracticeDocumentsPanel = ({ practice, canWrite }: { practice: TPractice; canWrite: boolean }) => {
  const { documents, refresh } = useDocuments(practice);
  const policyTypes = new Set(practice.policyDocs.map((doc) => doc.docType));
  const hasPolicyFiles = (documents.data ?? []).some((file) => policyTypes.has(file.docType ?? ''));
  const policySections: TSection[] = practice.policyDocs.map((doc) => ({ ...doc, required: practice.state === 'askEmission' }));
  const sections: TSection[] = [
    ...practice.requiredDocs.filter((doc) => doc.docType !== OTHER.docType && !policyTypes.has(doc.docType)),
    ...(POLICY_STATES.has(practice.state) || hasPolicyFiles ? policySections : []),
    OTHER,
  ];
  const known = new Set(sections.map((section) => section.docType));
  const filesOf = (docType: string) =>
    (documents.data ?? []).filter((file) => (docType === OTHER.docType ? !known.has(file.docType ?? '') || file.docType === OTHER.docType : file.docType === docType)).filter((file) => !PACK_DOC_TYPES.has(file.docType ?? ''));
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="practice-documents">
      <Title order={2} fz="md" mb="sm" id="practice-documents">
        Documenti
      </Title>
      {documents.isPending ? (
        <PageLoader />
      ) : documents.isError ? (
        <QueryError title="Impossibile caricare i documenti" error={documents.error} onRetry={() => void documents.refetch()} isRetrying={documents.isFetching} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
          {sections.map((section) => (
            <DocTypeSection key={section.docType} practice={practice} section={section} files={filesOf(section.docType)} canWrite={canWrite} onChanged={refresh} />
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
};
