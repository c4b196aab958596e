import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { ApiError } from '../../../lib/api-error';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { fromTrpcError } from '../../../lib/trpc-error';

/**
 * What every sector's request form is built of: its sections, the props of the inputs that hold something other
 * than free text, and the submit (the server's refusals under the inputs they concern, the rest above the buttons).
 */

/** Any sector's form (the helpers read and write only the path they are given). */
type TAnyForm = UseFormReturnType<any>;

/** Two columns from a tablet up, one on a phone. */
export const COLS = { base: 1, sm: 2 };

/** The options of a Select from a record of Italian labels. */
export const options = (record: Record<string, string>) => Object.entries(record).map(([value, label]) => ({ value, label }));

/** A titled group of inputs (a fieldset, so a screen reader and a browser test find its inputs by its title). */
export const Section = ({ title, description, children }: { title: string; description?: string; children: ReactNode }) => (
  <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} component="fieldset" style={{ margin: 0, minWidth: 0 }}>
    <Title order={2} fz="md" component="legend" style={{ padding: 0, float: 'left', width: '100%', marginBottom: 'var(--mantine-spacing-sm)' }}>
      {title}
    </Title>
    <Stack gap="sm" style={{ clear: 'both' }}>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
      {children}
    </Stack>
  </Paper>
);

/** Upper case as typed, no spell checking: plates, chassis numbers, tax codes, POD, IBAN, CIG, province codes. */
export const upperProps = (form: TAnyForm, path: string) => {
  const props = form.getInputProps(path);
  return {
    ...props,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => props.onChange(event.currentTarget.value.toUpperCase()),
    autoCapitalize: 'characters',
    autoCorrect: 'off',
    spellCheck: false,
  };
};

/** The input props of a field whose input wants its own value type (dates as "YYYY-MM-DD" or null, euro as a number). */
export const typedProps = <T,>(form: TAnyForm, path: string) => {
  const props = form.getInputProps(path);
  return { ...props, value: props.value as T, onChange: props.onChange as (value: T) => void };
};

/** A whole number (years, kW, kWh, litres). */
export const numberProps = (form: TAnyForm, path: string) => ({ ...form.getInputProps(path), allowDecimal: false, allowNegative: false, inputMode: 'numeric' as const, hideControls: true });

/** For useForm's `enhanceGetInputProps`: a field is checked when left once something was typed in it. */
export const checkWhenLeft = ({ field, form }: { field: string; form: TAnyForm }) => ({
  onBlur: () => {
    if (form.isDirty(field)) form.validateField(field);
  },
});

type TSectorSubmitOptions<T> = {
  /** The practice's `data` sent for the form's values. */
  toInput: (values: T) => Record<string, unknown>;
  onSave: (data: Record<string, unknown>) => Promise<unknown>;
  /** The form's wording of the server's messages at a path (default: the messages, one a line). */
  message?: (path: string, messages: string[]) => string;
  /** The input a server path shows under (default: the path itself; the first message wins). */
  inputOf?: (path: string) => string;
};

const joinLines = (_path: string, messages: string[]) => messages.join('\n');
const samePath = (path: string) => path;

/**
 * The submit of a sector's request form: the form's own check first ("Controlla i campi evidenziati." above the
 * buttons), then the save; what the server refuses on a field of the form lands under its input, the rest (and any
 * other failure) in the alert.
 */
export const useSectorSubmit = <T extends Record<string, unknown>>(form: UseFormReturnType<T>, { toInput, onSave, message = joinLines, inputOf = samePath }: TSectorSubmitOptions<T>) => {
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);

  const submit = async (values: T) => {
    setFailure(null);
    try {
      await onSave(toInput(values));
    } catch (caught) {
      const error = fromTrpcError(caught);
      if (error instanceof ApiError && error.hasFields) {
        const inline: Record<string, string> = {};
        const rest: string[] = [];
        for (const [path, messages] of Object.entries(error.fields)) {
          const root = path.split('.')[0] ?? path;
          if (root in values) inline[inputOf(path)] ??= message(path, messages);
          else rest.push(...messages);
        }
        form.setErrors(inline);
        setFailure(rest.length > 0 ? { kind: 'error', messages: rest } : null);
      } else {
        setFailure(describeError(error));
      }
    }
  };

  const onSubmit = form.onSubmit(
    (values) => void submit(values),
    () => setFailure({ kind: 'error', messages: ['Controlla i campi evidenziati.'] }),
  );
  return { failure, onSubmit };
};

/** The alert and the buttons under a request form. */
export const FormFooter = ({ failure, submitLabel, onCancel, isSaving, disabled }: { failure: TErrorDisplay | null; submitLabel: string; onCancel?: () => void; isSaving: boolean; disabled: boolean }) => (
  <>
    <FormAlert error={failure} />
    <Group justify="flex-end" gap="sm">
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={isSaving}>
          Annulla
        </Button>
      )}
      <Button type="submit" loading={isSaving} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  </>
);
