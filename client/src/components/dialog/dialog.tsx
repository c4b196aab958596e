import { Modal, Stack, Stepper, type MantineColor, type MantineSize } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useCallback, type FormEvent, type ReactNode } from 'react';
import classes from './dialog.module.css';
import { DialogFooter, type TDialogLabels } from './dialog-footer';
import { DIALOG_TRANSITION_MS } from './dialog-timing';
import { useDialogFlow, type TDialogGate } from './use-dialog-flow';
import { useShake } from './use-shake';

export type TDialogStep = {
  title: string;
  content: ReactNode;
  /** Runs on "Avanti" (and before the confirm on the last step); `false` keeps the dialog on this step. */
  onNext?: TDialogGate;
};

export type TDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Single-step content, or what every step shows above its own content (a warning, a form error). */
  children?: ReactNode;
  steps?: readonly TDialogStep[];
  /** The last step's action; the dialog closes only when it answers true. Without it there is only "Chiudi". */
  onConfirm?: TDialogGate;
  /** `false`: no close button, Esc and the backdrop do nothing, and a backdrop click shakes the dialog. */
  isDismissable?: boolean;
  labels?: TDialogLabels;
  confirmColor?: MantineColor;
  size?: MantineSize | number;
  /** Controlled step, for a caller that must send the user back to the step holding an error. */
  step?: number;
  onStepChange?: (step: number) => void;
  /** After the exit animation: the moment to reset a form without the user seeing it. */
  onExited?: () => void;
};

const NO_STEPS: readonly TDialogStep[] = [];

/** The platform's dialog (spec sections 4 and 9) on Mantine's Modal. Its content sits in a form: Enter moves on. */
export const Dialog = (props: TDialogProps) => {
  const { opened, onClose, title, children, steps = NO_STEPS, onConfirm, isDismissable = true } = props;
  const reduceMotion = useReducedMotion();
  const { isShaking, shake } = useShake();
  const getOnNext = useCallback((index: number) => steps[index]?.onNext, [steps]);
  const flow = useDialogFlow({
    stepCount: Math.max(steps.length, 1),
    step: props.step,
    onStepChange: props.onStepChange,
    getOnNext,
    onConfirm,
    onClose,
  });
  const canClose = isDismissable && !flow.isBusy;
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    void flow.next();
  };
  const handleExited = () => {
    flow.reset();
    props.onExited?.();
  };
  const duration = reduceMotion ? 0 : DIALOG_TRANSITION_MS;
  const current = steps[flow.active];

  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      closeOnEscape={canClose}
      closeOnClickOutside={canClose}
      onExitTransitionEnd={handleExited}
      transitionProps={{ transition: 'pop', duration, exitDuration: duration, timingFunction: 'ease' }}
      size={props.size ?? 'lg'}
      centered
    >
      <Modal.Overlay backgroundOpacity={0.45} blur={2} onClick={isDismissable ? undefined : shake} />
      <Modal.Content className={isShaking ? classes.shake : undefined} data-shaking={isShaking || undefined} radius="lg">
        <Modal.Header>
          <Modal.Title fw={650} fz="lg">
            {title}
          </Modal.Title>
          {isDismissable && <Modal.CloseButton aria-label="Chiudi" disabled={flow.isBusy} />}
        </Modal.Header>
        <Modal.Body>
          <form noValidate onSubmit={handleSubmit}>
            <Stack gap="lg">
              {steps.length > 1 && (
                <Stepper active={flow.active} size="sm" iconSize={28} allowNextStepsSelect={false}>
                  {steps.map((step) => (
                    <Stepper.Step key={step.title} label={step.title} />
                  ))}
                </Stepper>
              )}
              {children}
              {current?.content}
              <DialogFooter
                labels={props.labels ?? {}}
                isDismissable={isDismissable}
                isBusy={flow.isBusy}
                isLast={flow.isLast}
                canGoBack={flow.active > 0}
                hasConfirm={Boolean(onConfirm)}
                confirmColor={props.confirmColor}
                onBack={flow.back}
                onClose={onClose}
              />
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
};
