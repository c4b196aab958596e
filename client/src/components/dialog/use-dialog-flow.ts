import { useUncontrolled } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { showApiError } from '../../lib/api-error-display';

/** A handler that may veto what the dialog is about to do: `false`, or a promise of `false`, says no. */
export type TDialogGate = () => boolean | Promise<boolean>;

type TDialogFlowOptions = {
  stepCount: number;
  step?: number;
  onStepChange?: (step: number) => void;
  /** The current step's own check before moving forward. */
  getOnNext: (step: number) => TDialogGate | undefined;
  onConfirm?: TDialogGate;
  onClose: () => void;
};

/**
 * Moves a dialog through its steps (spec section 4): forward only when the step's handler agrees, and closes on
 * confirm only when the confirm handler answers true. While a handler runs the dialog is busy.
 */
export const useDialogFlow = ({ stepCount, step, onStepChange, getOnNext, onConfirm, onClose }: TDialogFlowOptions) => {
  const [active, setActive] = useUncontrolled({ value: step, defaultValue: 0, onChange: onStepChange });
  const [isBusy, setIsBusy] = useState(false);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const isLast = active >= stepCount - 1;

  /** Runs a gate; a thrown error is shown to the user and counts as a veto. */
  const runGate = useCallback(async (gate: TDialogGate | undefined): Promise<boolean> => {
    if (!gate) return true;
    setIsBusy(true);
    try {
      return (await gate()) === true;
    } catch (error) {
      showApiError(error);
      return false;
    } finally {
      if (isMounted.current) setIsBusy(false);
    }
  }, []);

  const next = useCallback(async () => {
    if (isBusy) return;
    if (!isLast) {
      if (await runGate(getOnNext(active))) setActive(active + 1);
      return;
    }
    if (!onConfirm) return;
    // The last step's own check runs before the confirm, like any other step's.
    if (!(await runGate(getOnNext(active)))) return;
    if (await runGate(onConfirm)) onClose();
  }, [isBusy, isLast, runGate, getOnNext, active, setActive, onConfirm, onClose]);

  const back = useCallback(() => {
    if (!isBusy && active > 0) setActive(active - 1);
  }, [isBusy, active, setActive]);

  /** Back to the first step once the dialog has left the screen, so the next opening starts over. */
  const reset = useCallback(() => setActive(0), [setActive]);

  return { active, isLast, isBusy, next, back, reset };
};
