import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ZFileName } from '../../../../shared/schemas/files';
import { Dialog } from '../dialog/dialog';

type TRenameFileDialogProps = {
  /** The file being renamed; null keeps the dialog closed. */
  file: { name: string } | null;
  onClose: () => void;
  /** Saves the new name; the dialog closes only when it answers true (the failure was shown). */
  onSave: (name: string) => Promise<boolean>;
};

/** Spec section 2: the rename editor 'Modifica nome file'. Enter saves (the dialog is a form), Esc cancels. */
export const RenameFileDialog = ({ file, onClose, onSave }: TRenameFileDialogProps) => {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (file) {
      setValue(file.name);
      setError(null);
    }
  }, [file]);

  const save = async (): Promise<boolean> => {
    const parsed = ZFileName.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Nome non valido.');
      return false;
    }
    if (parsed.data === file?.name) return true;
    return onSave(parsed.data);
  };

  return (
    <Dialog opened={file !== null} onClose={onClose} title="Modifica nome file" size="md" onConfirm={save} labels={{ confirm: 'Salva' }}>
      <TextInput
        label="Nome del file"
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setError(null);
        }}
        error={error}
        maxLength={200}
        data-autofocus
        autoComplete="off"
        onFocus={(event) => {
          // The name without its extension is what people change.
          const dot = event.currentTarget.value.lastIndexOf('.');
          if (dot > 0) event.currentTarget.setSelectionRange(0, dot);
        }}
      />
    </Dialog>
  );
};
