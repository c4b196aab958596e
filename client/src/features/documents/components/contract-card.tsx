import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { TContractSummary } from '../../../../../shared/schemas/contract';
import type { TFileItem } from '../../../../../shared/schemas/files';
import { FileList, type TListFile } from '../../../components/files/file-list';
import { FileIcon } from '../../../components/files/file-icons';
import { formatDate } from '../../../lib/format';
import { downloadContractPreview } from '../download-contract-preview';
import { ContractPreviewViewer } from './contract-preview-viewer';
import { SignContractDialog } from './sign-contract-dialog';

type TContractCardProps = {
  contract: TContractSummary;
  /** The caller's documents, to name the contract's files. */
  files: readonly TFileItem[];
};

const PROGRESS = {
  none: { label: 'Da firmare', color: 'gray' },
  sent: { label: 'Codice inviato', color: 'yellow' },
  completed: { label: 'Firmato', color: 'teal' },
} as const;

const contractFile = (files: readonly TFileItem[], path: string | null | undefined, name: string): TListFile | null => {
  if (!path) return null;
  return files.find((file) => file.path === path) ?? { path, name, mime: 'application/pdf', allowDelete: false, allowEdit: false };
};

/**
 * The collaboration contract: its state, then either the contract to read (viewer and download, before any code
 * is sent) and 'Firma con OTP', or the signed document.
 */
export const ContractCard = ({ contract, files }: TContractCardProps) => {
  const [isSigning, setIsSigning] = useState(false);
  // Where the reading began: from the signing dialog, closing the contract goes back to it.
  const [readingFrom, setReadingFrom] = useState<'card' | 'dialog' | null>(null);
  const isSigned = contract.progress === 'completed';
  const progress = PROGRESS[contract.progress];
  const signed = isSigned ? contractFile(files, contract.path, 'Contratto di collaborazione firmato') : null;

  // One overlay at a time: the dialog steps aside while the contract is read (a code already sent is kept).
  const readFromDialog = () => {
    setIsSigning(false);
    setReadingFrom('dialog');
  };
  const closeReading = () => {
    if (readingFrom === 'dialog') setIsSigning(true);
    setReadingFrom(null);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="contract-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Group gap="xs" wrap="nowrap">
            <FileIcon name="signature" size={22} />
            <Title order={2} fz="lg" id="contract-title">
              Contratto di collaborazione
            </Title>
          </Group>
          <Badge color={progress.color} variant="light" data-testid="contract-progress" style={{ flexShrink: 0 }}>
            {progress.label}
          </Badge>
        </Group>
        {isSigned ? (
          <Text size="sm">
            Hai firmato il contratto{contract.signedAt ? ` il ${formatDate(contract.signedAt)}` : ''}: profilo e settori sono abilitati. Il documento
            firmato contiene la pagina con i dati della firma.
          </Text>
        ) : (
          <Text size="sm">
            Per prenotare, emettere o attivare una pratica devi firmare il contratto con un codice temporaneo (OTP) che ti inviamo via e-mail: leggilo
            prima di chiedere il codice. I preventivi e i confronti sono disponibili anche prima.
          </Text>
        )}
        {signed && <FileList files={[signed]} label="Contratto" canDelete={false} canEdit={false} />}
        {!isSigned && (
          <Group gap="sm">
            <Button variant="light" leftSection={<FileIcon name="eye" size={16} />} onClick={() => setReadingFrom('card')}>
              Leggi il contratto
            </Button>
            <Button variant="default" leftSection={<FileIcon name="download" size={16} />} onClick={() => void downloadContractPreview()}>
              Scarica il contratto
            </Button>
            <Button leftSection={<FileIcon name="signature" size={16} />} onClick={() => setIsSigning(true)}>
              Firma con OTP
            </Button>
          </Group>
        )}
      </Stack>
      <SignContractDialog opened={isSigning} onClose={() => setIsSigning(false)} onReadContract={readFromDialog} />
      <ContractPreviewViewer opened={readingFrom !== null} onClose={closeReading} />
    </Paper>
  );
};
