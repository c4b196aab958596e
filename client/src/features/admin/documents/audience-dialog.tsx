import { Alert, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TAdminDoc } from '../../../../../shared/schemas/contract';
import { Dialog } from '../../../components/dialog/dialog';
import { showApiError } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { audienceInput, type TAudienceValue } from './admin-documents-api';
import { audienceProblem } from './audience';
import { AudienceFields } from './audience-fields';

type TAudienceDialogProps = { doc: TAdminDoc | null; onClose: () => void; onSaved: () => void };

/** Changes who sees a published document (adminDocs.setAudience). */
export const AudienceDialog = ({ doc, onClose, onSaved }: TAudienceDialogProps) => {
  const trpc = useTRPC();
  const setAudience = useMutation(trpc.adminDocs.setAudience.mutationOptions());
  const [value, setValue] = useState<TAudienceValue>({ audience: 'all', roles: [], userIds: [] });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (doc) {
      setValue({ audience: doc.audience, roles: [...doc.roles], userIds: [...doc.userIds] });
      setProblem(null);
    }
  }, [doc]);

  const save = async (): Promise<boolean> => {
    if (!doc) return false;
    const missing = audienceProblem(value);
    setProblem(missing);
    if (missing) return false;
    try {
      const answer = await setAudience.mutateAsync(audienceInput(doc.path, value));
      toast('success', answer.message);
      onSaved();
      return true;
    } catch (error) {
      showApiError(error);
      return false;
    }
  };

  return (
    <Dialog opened={doc !== null} onClose={onClose} title="Cambia destinatari" size="lg" onConfirm={save} labels={{ confirm: 'Salva' }}>
      <Stack gap="sm">
        {doc && (
          <Text size="sm" c="dimmed">
            {doc.name}
          </Text>
        )}
        {doc && <AudienceFields key={doc.path} value={value} onChange={setValue} initialUsers={doc.users} />}
        {problem && (
          <Alert color="yellow" variant="light" role="alert">
            {problem}
          </Alert>
        )}
      </Stack>
    </Dialog>
  );
};
