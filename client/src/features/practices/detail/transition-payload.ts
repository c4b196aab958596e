import { z } from 'zod';

/** How a payload field is asked: the quotation to send, a reason, a date, a short text. */
export type TPayloadFieldKind = 'quotation' | 'reason' | 'date' | 'text';
/** `required`: the schema refuses the field left empty (the cessation's reason, for one, is optional). */
export type TPayloadField = { name: string; kind: TPayloadFieldKind; label: string; required: boolean };

/** Italian labels of the payload keys the definitions use; another key shows as its own name. */
const LABELS: Record<string, string> = {
  quotationId: 'Preventivo',
  reason: 'Motivo',
  policyNumber: 'Numero di polizza',
  effectiveDate: 'Decorrenza',
  expiryDate: 'Scadenza',
  activationDate: 'Data di attivazione',
  endDate: 'Data di cessazione',
};

const kindOf = (name: string): TPayloadFieldKind => {
  if (name === 'quotationId') return 'quotation';
  if (name === 'reason' || name === 'notes') return 'reason';
  if (name.endsWith('Date')) return 'date';
  return 'text';
};

/**
 * The fields of a transition's dialog, read from its payload schema (an object: `z.object({})` asks nothing), so
 * a dialog follows the definition: `askEmission` asks the quotation, `emit` the policy number and dates, `refuse`
 * and `backToQuotation` a reason.
 */
export const payloadFields = (schema: z.ZodType): TPayloadField[] => {
  if (!(schema instanceof z.ZodObject)) return [];
  const shape = schema.shape as Record<string, z.ZodType>;
  return Object.keys(shape).map((name) => ({ name, kind: kindOf(name), label: LABELS[name] ?? name, required: !shape[name]!.safeParse(undefined).success }));
};

export type TPayloadCheck = { isValid: true; payload: Record<string, unknown> } | { isValid: false; errors: Record<string, string> };

/** The payload checked by the transition's own schema (the server checks it again), with one message per field. */
export const checkPayload = (schema: z.ZodType, values: Record<string, unknown>): TPayloadCheck => {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { isValid: true, payload: parsed.data as Record<string, unknown> };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return { isValid: false, errors };
};
