import { Modal } from '@mantine/core';
import { toast } from '../../../lib/toast';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useCreateClient } from '../api/use-client-record';
import { EMPTY_CLIENT_FORM } from '../client-form-values';
import { ClientForm } from './client-form';

type TClientCreateModalProps = { opened: boolean; onClose: () => void; onCreated: () => void };

/** "Nuovo cliente": the client form in a dialog, the whole screen on a phone. */
export const ClientCreateModal = ({ opened, onClose, onCreated }: TClientCreateModalProps) => {
  const isPhone = useIsPhone();
  const create = useCreateClient();
  return (
    <Modal opened={opened} onClose={onClose} title="Nuovo cliente" size="xl" fullScreen={isPhone} radius={isPhone ? 0 : 'lg'}>
      {/* Mounted only while open: every opening starts from an empty form. */}
      {opened && (
        <ClientForm
          initialValues={EMPTY_CLIENT_FORM}
          submitLabel="Crea cliente"
          isSaving={create.isPending}
          onCancel={onClose}
          onSave={async (input) => {
            await create.mutateAsync(input);
            toast('success', 'Cliente creato.');
            onCreated();
          }}
        />
      )}
    </Modal>
  );
};
