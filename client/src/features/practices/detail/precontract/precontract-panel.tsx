import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PRECONTRACT_DOC_TYPES, type TPrecontract, type TPrecontractStatus } from '../../../../../../shared/schemas/precontract';
import type { TPractice } from '../../../../../../shared/schemas/practices';
import { buildFileUrl } from '../../../../components/files/download-url';
import { FileList } from '../../../../components/files/file-list';
import { FileUploadField } from '../../../../components/files/file-upload-field';
import { PageLoader } from '../../../../components/page-loader';
import { QueryError } from '../../../../components/query-error';
import { describeError, type TErrorDisplay } from '../../../../lib/api-error-display';
import { toast } from '../../../../lib/toast';
import { ActionError } from '../action-error';
import { usePaperPrecontract, usePrecontract, useSaveQuestionnaire, useSendPrecontract } from '../api/use-precontract';
import { DetailField } from '../detail-field';
import { formatDateTime } from '../practice-format';
import { QuestionnaireDialog } from './questionnaire-dialog';

const STATUS_COLORS: Record<TPrecontractStatus, string> = { missing: 'gray', sent: 'blue', signed: 'teal', paper: 'teal' };
const ACCEPT = 'application/pdf,image/png,image/jpeg,image/heic,image/webp';

const when = (value: Date | null) => (value ? formatDateTime(value) : null);

const PackDetails = ({ pack }: { pack: TPrecontract }) => (
  <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
    <DetailField label="Questionario">{pack.questionnaire ? (pack.questionnaire.declined ? 'Il cliente non ha voluto rispondere' : `Compilato il ${when(pack.questionnaireAt)}`) : 'Da compilare'}</DetailField>
    {pack.sentTo && <DetailField label="Inviato a">{pack.sentTo}</DetailField>}
    {pack.sentAt && <DetailField label="Inviato il">{when(pack.sentAt)}</DetailField>}
    {pack.linkExpiresAt && pack.status === 'sent' && <DetailField label="Link valido fino al">{when(pack.linkExpiresAt)}</DetailField>}
    {pack.signedAt && <DetailField label="Firmato con codice il">{when(pack.signedAt)}</DetailField>}
    {pack.paperAt && <DetailField label="Firma su carta registrata il">{when(pack.paperAt)}</DetailField>}
    {pack.evidenceUrl && (
      <DetailField label="Documento firmato">
        <Anchor href={buildFileUrl(pack.evidenceUrl)} target="_blank" rel="noopener" size="sm">
          Apri con le evidenze della firma
        </Anchor>
      </DetailField>
    )}
  </SimpleGrid>
);

/**
 * The pre-contract pack (IVASS single pre-contract form and demands-and-needs questionnaire) when the sector's
 * setting asks for it: its status; for the practice's corner (or an admin) while quoting, the questionnaire, the
 * sending of the signing link to the client, and the paper route (scans uploaded, then recorded).
 */
export const PrecontractPanel = ({ practice, canManage }: { practice: TPractice; canManage: boolean }) => {
  const pack = usePrecontract(practice.sector, practice.id);
  const save = useSaveQuestionnaire(practice.sector, practice.id);
  const send = useSendPrecontract(practice.sector, practice.id);
  const paper = usePaperPrecontract(practice.sector, practice.id);
  const [isAsking, setIsAsking] = useState(false);
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  if (pack.isSuccess && !pack.data.required && pack.data.status === 'missing') return null;

  const act = (run: () => Promise<unknown>, success: (answer: unknown) => string) => {
    setFailure(null);
    run().then(
      (answer) => toast('success', success(answer)),
      (error: unknown) => setFailure(describeError(error)),
    );
  };
  const input = { sector: practice.sector, id: practice.id };
  const isSigned = pack.data?.status === 'signed' || pack.data?.status === 'paper';
  const paperScans = (pack.data?.files ?? []).filter((file) => file.docType === PRECONTRACT_DOC_TYPES.paper);

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="practice-precontract">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md" id="practice-precontract">
          Documenti precontrattuali
        </Title>
        {pack.data && (
          <Badge variant="light" color={STATUS_COLORS[pack.data.status]} style={{ textTransform: 'none' }} aria-label={`Stato dei documenti precontrattuali: ${pack.data.statusLabel}`}>
            {pack.data.statusLabel}
          </Badge>
        )}
      </Group>
      {pack.isPending ? (
        <PageLoader />
      ) : pack.isError ? (
        <QueryError title="Impossibile caricare i documenti precontrattuali" error={pack.error} onRetry={() => void pack.refetch()} isRetrying={pack.isFetching} />
      ) : (
        <Stack gap="md">
          <ActionError error={failure} />
          <PackDetails pack={pack.data} />
          <FileList
            files={pack.data.files}
            label="Documenti precontrattuali"
            zipName="documenti-precontrattuali"
            onRenamed={() => void pack.refetch()}
            onDeleted={() => void pack.refetch()}
            empty={
              <Text size="sm" c="dimmed">
                Nessun documento ancora.
              </Text>
            }
          />
          {canManage && !isSigned && (
            <Stack gap="sm">
              <Group gap="sm">
                <Button variant="default" onClick={() => setIsAsking(true)}>
                  {pack.data.questionnaire ? 'Modifica il questionario' : 'Compila il questionario'}
                </Button>
                <Button
                  loading={send.isPending}
                  disabled={!pack.data.questionnaire}
                  onClick={() => act(() => send.mutateAsync(input), (answer) => (answer as { message: string }).message)}
                >
                  {pack.data.status === 'sent' ? 'Invia di nuovo al cliente' : 'Invia al cliente per la firma'}
                </Button>
              </Group>
              <Stack gap="xs">
                <Text size="sm" fw={500}>
                  Firma su carta
                </Text>
                <Text size="xs" c="dimmed">
                  Se il cliente firma su carta, carica le scansioni del modulo firmato e registra la firma.
                </Text>
                <FileUploadField
                  upload={{ url: `/api/practices/${encodeURIComponent(practice.sector)}/${encodeURIComponent(practice.id)}/documents`, query: { docType: PRECONTRACT_DOC_TYPES.paper } }}
                  onUploaded={async () => {
                    await pack.refetch();
                  }}
                  multiple
                  accept={ACCEPT}
                  label="Seleziona file"
                  inputLabel="Carica: modulo precontrattuale firmato su carta"
                />
                <Group>
                  <Button variant="light" loading={paper.isPending} disabled={paperScans.length === 0} onClick={() => act(() => paper.mutateAsync(input), () => 'Firma su carta registrata.')}>
                    Registra la firma su carta
                  </Button>
                </Group>
              </Stack>
            </Stack>
          )}
          <QuestionnaireDialog opened={isAsking} questions={pack.data.questions} initial={pack.data.questionnaire} onClose={() => setIsAsking(false)} onSave={(answers) => save.mutateAsync({ ...input, answers })} />
        </Stack>
      )}
    </Paper>
  );
};
