import { Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { TTransitionDefinition } from '../../../../../shared/practices/definition';
import { DateField } from '../../../components/inputs/date-field';
import { Dialog } from '../../../components/dialog/dialog';
import { ApiError } from '../../../lib/api-error';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { fromTrpcError } from '../../../lib/trpc-error';
import { ActionError } from './action-error';
import { checkPayload, payloadFields, type TPayloadField } from './transition-payload';

/** A quotation the dialog may send (askEmission): the chosen one is preselected. */
export type TQuotationChoice = { id: string; label: string; isChosen: boolean };

type TTransitionDialogProps = {
  /** The transition to make; null keeps the dialog closed. */
  transition: TTransitionDefinition | null;
  quotations: readonly TQuotationChoice[];
  onClose: () => void;
  /** Makes the transition; it throws the server's refusal. */
  onSubmit: (to: string, payload: Record<string, unknown>) => Promise<unknown>;
};

type TValues = Record<string, string | null>;

const initialValues = (fields: readonly TPayloadField[], quotations: readonly TQuotationChoice[]): TValues =>
  Object.fromEntries(fields.map((field) => [field.name, field.kind === 'quotation' ? (quotations.find((quotation) => quotation.isChosen)?.id ?? null) : field.kind === 'date' ? null : '']));

/** Drops empty values, so the schema's own "required" messages answer for them. */
const toPayload = (values: TValues): Record<string, unknown> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== ''));

const PayloadInput = ({ field, value, error, quotations, onChange }: { field: TPayloadField; value: string | null; error?: string; quotations: readonly TQuotationChoice[]; onChange: (value: string | null) => void }) => {
  switch (field.kind) {
    case 'quotation':
      return (
        <Select
          label={field.label}
          data={quotations.map((quotation) => ({ value: quotation.id, label: quotation.label }))}
          value={value}
          onChange={onChange}
          error={error}
          placeholder={quotations.length === 0 ? 'Nessun preventivo scelto' : 'Scegli il preventivo'}
          description={quotations.length === 0 ? 'Scegli prima un preventivo nel confronto dei preventivi.' : 'Il preventivo scelto nel confronto.'}
          comboboxProps={{ withinPortal: true }}
          required
        />
      );
    case 'date':
      return <DateField label={field.label} value={value} onChange={onChange} error={error} required={field.required} />;
    case 'reason':
      return <Textarea label={field.label} value={value ?? ''} onChange={(event) => onChange(event.currentTarget.value)} error={error} autosize minRows={3} maxLength={2000} required={field.required} />;
    default:
      return <TextInput label={field.label} value={value ?? ''} onChange={(event) => onChange(event.currentTarget.value)} error={error} required={field.required} />;
  }
};

/**
 * The dialog of one transition, built from it: the fields its payload schema asks (TransitionPayload), checked
 * by that schema before sending; the server's refusals shown on the field they concern or above the fields
 * (a 409 when the practice changed meanwhile, the contract guard with its link).
 */
export const TransitionDialog = ({ transition, quotations, onClose, onSubmit }: TTransitionDialogProps) => {
  const fields = transition ? payloadFields(transition.payload) : [];
  const [values, setValues] = useState<TValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  // A new transition starts from its own empty form (the chosen quotation preselected).
  if (transition && openedFor !== transition.name) {
    setOpenedFor(transition.name);
    setValues(initialValues(fields, quotations));
    setErrors({});
    setFailure(null);
  }

  const confirm = async (): Promise<boolean> => {
    if (!transition) return false;
    setFailure(null);
    const checked = checkPayload(transition.payload, toPayload(values));
    if (!checked.isValid) {
      setErrors(checked.errors);
      return false;
    }
    try {
      await onSubmit(transition.to, checked.payload);
      toast('success', `${transition.label}: fatto.`);
      return true;
    } catch (caught) {
      const error = fromTrpcError(caught);
      const fieldNames = new Set(fields.map((field) => field.name));
      if (error instanceof ApiError && Object.keys(error.fields).some((key) => fieldNames.has(key.replace(/^payload\./, '')))) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([key, messages]) => [key.replace(/^payload\./, ''), messages.join('\n')])));
      } else {
        setFailure(describeError(caught));
      }
      return false;
    }
  };

  return (
    <Dialog
      opened={transition !== null}
      onClose={onClose}
      onExited={() => setOpenedFor(null)}
      title={transition?.label ?? ''}
      size="md"
      onConfirm={confirm}
      labels={{ confirm: transition?.label ?? 'Conferma' }}
    >
      <Stack gap="md">
        <ActionError error={failure} />
        {fields.length === 0 && <Text size="sm">Confermi «{transition?.label}»?</Text>}
        {fields.map((field) => (
          <PayloadInput
            key={field.name}
            field={field}
            value={values[field.name] ?? null}
            error={errors[field.name]}
            quotations={quotations}
            onChange={(value) => {
              setValues((current) => ({ ...current, [field.name]: value }));
              setErrors((current) => ({ ...current, [field.name]: '' }));
            }}
          />
        ))}
      </Stack>
    </Dialog>
  );
};
