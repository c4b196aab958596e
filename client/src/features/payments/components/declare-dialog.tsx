import { Alert, Group, List, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TPayment } from '../../../../../shared/schemas/data';
import type { TFileItem } from '../../../../../shared/schemas/files';
import { PAYMENT_PROOF_SUBJECT } from '../../../../../shared/schemas/payments';
import { Dialog } from '../../../components/dialog/dialog';
import { FileUploadField } from '../../../components/files/file-upload-field';
import { FormAlert } from '../../../components/form-alert';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { formatCents } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';

const ACCEPT = 'application/pdf,image/png,image/jpeg,image/heic,image/webp';

/**
 * «Ho pagato»: the corner declares the chosen payments paid with one transfer, attaching its receipt (PDF or image),
 * uploaded to its own proofs first; the admins confirm it once they see the money.
 */
export const DeclareDialog = ({ opened, cornerId, payments, onClose }: { opened: boolean; cornerId: string; payments: TPayment[]; onClose: () => void }) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const declare = useMutation(trpc.payments.declare.mutationOptions());
  const [proof, setProof] = useState<TFileItem | null>(null);
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const total = payments.reduce((sum, payment) => sum + payment.amount, 0);

  const confirm = async (): Promise<boolean> => {
    setFailure(null);
    if (!proof) {
      setFailure({ kind: 'warn', messages: ['Allega la ricevuta del bonifico (PDF o immagine).'] });
      return false;
    }
    try {
      const answer = await declare.mutateAsync({ paymentIds: payments.map((payment) => payment.id), proofFileId: proof.path.replace(/^files\//, '') });
      await queryClient.invalidateQueries(trpc.payments.pathFilter());
      toast('success', answer.message);
      return true;
    } catch (error) {
      setFailure(describeError(error));
      return false;
    }
  };

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      onExited={() => {
        setProof(null);
        setFailure(null);
      }}
      title="Dichiara il pagamento"
      onConfirm={confirm}
      labels={{ confirm: 'Dichiara pagato' }}
    >
      <Stack gap="md">
        <FormAlert error={failure} />
        <Text size="sm">{payments.length === 1 ? 'Hai pagato con un bonifico:' : `Hai pagato con un solo bonifico questi ${payments.length} pagamenti:`}</Text>
        <List size="sm" spacing={4}>
          {payments.map((payment) => (
            <List.Item key={payment.id}>
              {payment.description}: {formatCents(payment.amount)}
            </List.Item>
          ))}
        </List>
        <Group justify="space-between">
          <Text fw={600}>Totale</Text>
          <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatCents(total)}
          </Text>
        </Group>
        {proof ? (
          <Alert color="teal" variant="light" title="Ricevuta allegata">
            {proof.name}
          </Alert>
        ) : (
          <FileUploadField
            upload={{ url: '/api/docs/upload', query: { subjectType: PAYMENT_PROOF_SUBJECT, subjectId: cornerId, docType: 'paymentProof' } }}
            onUploaded={(files) => setProof(files[0] ?? null)}
            accept={ACCEPT}
            label="Seleziona la ricevuta"
            inputLabel="Ricevuta del bonifico"
            hint="PDF o immagine della ricevuta del bonifico."
          />
        )}
      </Stack>
    </Dialog>
  );
};
