import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

type TConfirmRequest = {
  message: ReactNode;
  title?: string;
  confirmLabel?: string;
  isDestructive?: boolean;
  /** Runs inside the dialog (with its loading state); answer false to keep it open, e.g. after a failure. */
  action?: () => boolean | Promise<boolean>;
};

/**
 * Asks "Sei sicuro?" and answers with a promise: `if (await confirm({ message })) ...`. Render `dialog` once in the
 * component that asks.
 */
export const useConfirm = () => {
  const [request, setRequest] = useState<TConfirmRequest | null>(null);
  const [opened, setOpened] = useState(false);
  const settle = useRef<((answer: boolean) => void) | null>(null);

  const finish = useCallback((answer: boolean) => {
    settle.current?.(answer);
    settle.current = null;
    setOpened(false);
  }, []);

  const confirm = useCallback((next: TConfirmRequest): Promise<boolean> => {
    settle.current?.(false);
    setRequest(next);
    setOpened(true);
    return new Promise<boolean>((resolve) => {
      settle.current = resolve;
    });
  }, []);

  const handleConfirm = async (): Promise<boolean> => {
    const isDone = request?.action ? await request.action() : true;
    if (isDone) {
      settle.current?.(true);
      settle.current = null;
    }
    return isDone;
  };

  const dialog = request ? (
    <ConfirmDialog
      opened={opened}
      onClose={() => finish(false)}
      onConfirm={handleConfirm}
      message={request.message}
      title={request.title}
      confirmLabel={request.confirmLabel}
      isDestructive={request.isDestructive}
    />
  ) : null;

  return { confirm, dialog };
};
