import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { TContractSummary } from '../../../../../shared/schemas/contract';
import type { TFileItem } from '../../../../../shared/schemas/files';
import { FileList, type TListFile } from '../../../components/files/file-list';
import { FileIcon } from '../../../components/files/file-icons';
import { formatDate } from '../../../lib/format';
import { SignContractDialog } from './sign-contract-dialog';

type TWireContract = Omit<TContractSummary, 'signedAt'> & { signedAt: string | Date | null };

type TContractCardProps = {
  contract: TWireContract;
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

/** The collaboration contract: its state, the document to read or the signed one, and 'Firma con OTP'. */
export const ContractCard = ({ contract, files }: TContractCardProps) => {
  const [isSigning, setIsSigning] = useState(false);
  const isSigned = contract.progress === 'completed';
  const progress = PROGRESS[contract.progress];
  const signed = contractFile(files, contract.path, 'Contratto di collaborazione firmato');
  const toSign = contractFile(files, contract.generatedPath, 'Contratto di collaborazione');
  const shown = isSigned ? signed : toSign;

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
            Per prenotare, emettere o attivare una pratica devi firmare il contratto con un codice temporaneo (OTP) che ti inviamo via e-mail. I
            preventivi e i confronti sono disponibili anche prima.
          </Text>
        )}
        {shown && <FileList files={[shown]} label="Contratto" canDelete={false} canEdit={false} />}
        {!isSigned && (
          <Group>
            <Button leftSection={<FileIcon name="signature" size={16} />} onClick={() => setIsSigning(true)}>
              Firma con OTP
            </Button>
          </Group>
        )}
      </Stack>
      <SignContractDialog opened={isSigning} onClose={() => setIsSigning(false)} />
    </Paper>
  );
};
