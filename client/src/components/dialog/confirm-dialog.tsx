import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from './dialog';
import type { TDialogGate } from './use-dialog-flow';

export type TConfirmDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The action; the dialog closes when it answers true and stays open (not busy) when it answers false. */
  onConfirm: TDialogGate;
  title?: string;
  /** What will happen, in the user's words: "Il file verrà eliminato definitivamente." */
  message: ReactNode;
  confirmLabel?: string;
  /** Destructive actions are red unless the caller says otherwise. */
  isDestructive?: boolean;
};

/** "Sei sicuro?" before an action that cannot be undone. */
export const ConfirmDialog = ({ title = 'Sei sicuro?', message, confirmLabel, isDestructive = true, ...rest }: TConfirmDialogProps) => (
  <Dialog {...rest} title={title} size="sm" labels={{ confirm: confirmLabel }} confirmColor={isDestructive ? 'red' : undefined}>
    {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
  </Dialog>
);
