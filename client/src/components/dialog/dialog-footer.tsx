import { Button, Group, type MantineColor } from '@mantine/core';
import classes from './dialog.module.css';
import { DIALOG_LABELS } from './dialog-timing';

export type TDialogLabels = { cancel?: string; confirm?: string; close?: string };

type TDialogFooterProps = {
  labels: TDialogLabels;
  isDismissable: boolean;
  isBusy: boolean;
  isLast: boolean;
  canGoBack: boolean;
  hasConfirm: boolean;
  confirmColor?: MantineColor;
  onBack: () => void;
  onClose: () => void;
};

/**
 * The buttons of a dialog: Annulla (when it may be dismissed), Indietro after the first step, Avanti before the
 * last, Conferma on the last. A dialog with nothing to confirm only has Chiudi. The forward button submits the
 * dialog's form, so Enter in a field moves on too.
 */
export const DialogFooter = (props: TDialogFooterProps) => {
  const { labels, isDismissable, isBusy, isLast, canGoBack, hasConfirm, confirmColor, onBack, onClose } = props;
  if (!hasConfirm && isLast && !canGoBack) {
    return (
      <Group justify="flex-end" className={classes.footer}>
        {isDismissable && <Button onClick={onClose}>{labels.close ?? DIALOG_LABELS.close}</Button>}
      </Group>
    );
  }
  return (
    <Group justify="space-between" gap="sm" className={classes.footer}>
      <div>
        {isDismissable && (
          <Button variant="subtle" color="gray" onClick={onClose} disabled={isBusy}>
            {labels.cancel ?? DIALOG_LABELS.cancel}
          </Button>
        )}
      </div>
      <Group gap="sm" justify="flex-end">
        {canGoBack && (
          <Button variant="default" onClick={onBack} disabled={isBusy}>
            {DIALOG_LABELS.back}
          </Button>
        )}
        {(!isLast || hasConfirm) && (
          <Button type="submit" loading={isBusy} color={isLast ? confirmColor : undefined}>
            {isLast ? (labels.confirm ?? DIALOG_LABELS.confirm) : DIALOG_LABELS.next}
          </Button>
        )}
      </Group>
    </Group>
  );
};
