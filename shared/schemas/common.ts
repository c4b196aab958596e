import { z } from 'zod';
import { MSG } from '../messages';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { normalizeEmail } from '../validation/normalize';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** True when a text holds a C0 control character other than tab, newline and carriage return, or DEL. */
export const hasControlChars = (value: string): boolean => CONTROL_CHARS.test(value);

/** The same check over every string and key of a JSON value (settings, file metadata). */
export const hasControlCharsDeep = (value: unknown): boolean => {
  if (typeof value === 'string') return hasControlChars(value);
  if (Array.isArray(value)) return value.some(hasControlCharsDeep);
  if (typeof value === 'object' && value !== null) return Object.entries(value).some(([key, item]) => hasControlChars(key) || hasControlCharsDeep(item));
  return false;
};

/**
 * The one text primitive every text input starts from (body fields, query strings, socket payloads): control
 * characters are refused with a 400 and an Italian message. PostgreSQL refuses a NUL in text (the request would
 * fail with a 500), and none of them belongs in what a person types.
 */
export const zText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !hasControlChars(value), { error: MSG.textControlChars });

/** A JSON value (any shape) whose strings and keys hold no control characters. */
export const zJsonWithoutControlChars = () => z.json().refine((value) => !hasControlCharsDeep(value), { error: MSG.textControlChars });

/** A required trimmed string with the Italian "required" message. */
export const zRequiredText = (max = 200) =>
  zText({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .max(max, { error: `Massimo ${max} caratteri.` });

/** An optional trimmed string; missing or null is stored as an empty string (spec section 5). */
export const zOptionalText = (max = 200) =>
  zText()
    .trim()
    .max(max, { error: `Massimo ${max} caratteri.` })
    .nullish()
    .transform((value) => value ?? '');

export const ZEmail = zText({ error: MSG.emailInvalid })
  .trim()
  .max(254, { error: MSG.emailInvalid })
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform(normalizeEmail);

export const ZPassword = z
  .string({ error: MSG.required })
  .min(PASSWORD_MIN_LENGTH, { error: MSG.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: MSG.passwordTooLong })
  .refine((value) => /\p{L}/u.test(value) && /\d/.test(value), { error: MSG.passwordWeak });

export const ZPhone = zText({ error: MSG.phoneInvalid })
  .trim()
  .regex(/^\+?[0-9 ().-]{6,20}$/, { error: MSG.phoneInvalid })
  .transform((value) => value.replace(/[ ().-]/g, ''));

/**
 * Lets a cross-field rule run even when other fields failed (zod skips it otherwise), so a form shows every
 * problem at once; the rule runs only when the fields it reads hold the expected kind of value.
 */
export const whenValues =
  (check: (value: Record<string, unknown>) => boolean) =>
  (payload: { value: unknown }): boolean =>
    typeof payload.value === 'object' && payload.value !== null && check(payload.value as Record<string, unknown>);

const hasPasswords = (value: Record<string, unknown>) => typeof value.password === 'string' && typeof value.confirmPassword === 'string';

/** Adds the "passwords differ" rule, reported on `confirmPassword`. */
export const withPasswordConfirmation = <T extends z.ZodObject<{ password: z.ZodType; confirmPassword: z.ZodType }>>(schema: T) =>
  schema.refine((value: Record<string, unknown>) => value.password === value.confirmPassword, {
    error: MSG.passwordMismatch,
    path: ['confirmPassword'],
    when: whenValues(hasPasswords),
  });

/** A new password typed twice. */
export const ZPasswordPair = withPasswordConfirmation(z.object({ password: ZPassword, confirmPassword: z.string({ error: MSG.required }) }));

export const ZIdParam = z.uuid({ error: MSG.notFound });

/** Body of every error answer (spec section 8). */
export const ZApiError = z.object({
  message: z.string(),
  type: z.enum(['fatal', 'warn', 'default']),
  code: z.string().optional(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** Every `code` an error answer of the server carries (PAYLOAD_TOO_LARGE: an upload over a limit, answered 413). */
export const API_ERROR_CODES = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION', 'CONFLICT', 'PRECONDITION_FAILED', 'TOO_MANY_REQUESTS', 'BAD_REQUEST', 'INTERNAL', 'PAYLOAD_TOO_LARGE'] as const;
export type TApiErrorCode = (typeof API_ERROR_CODES)[number];

/**
 * The body of every error answer the server writes (spec section 8): what `toErrorBody` makes and the OpenAPI
 * document publishes as its `Error` schema. (`ZApiError` is what the client accepts, from any source.)
 */
export const ZErrorBody = z.object({
  message: z.string().meta({ description: 'Messaggio in italiano da mostrare all’utente.' }),
  type: z.enum(['default', 'warn', 'fatal']).meta({ description: 'Gravità del messaggio (spec, sezione 8).' }),
  code: z.enum(API_ERROR_CODES),
  fields: z.record(z.string(), z.array(z.string())).optional().meta({ description: 'Messaggi per campo (percorso puntato), quando la richiesta ha dati non validi.' }),
  details: z
    .record(z.string(), z.string())
    .optional()
    .meta({ description: 'Dati utili a risolvere il conflitto (per esempio `existingClientId` di un cliente già presente).' }),
});
export type TErrorBody = z.output<typeof ZErrorBody>;

export const ZMessageResponse = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;
