import { z } from 'zod';
import { MSG } from '../messages';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { normalizeEmail } from '../validation/normalize';

/** A required trimmed string with the Italian "required" message. */
export const zRequiredText = (max = 200) =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .max(max, { error: `Massimo ${max} caratteri.` });

/** An optional trimmed string; missing or null is stored as an empty string (spec section 5). */
export const zOptionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, { error: `Massimo ${max} caratteri.` })
    .nullish()
    .transform((value) => value ?? '');

export const ZEmail = z
  .string({ error: MSG.emailInvalid })
  .trim()
  .max(254, { error: MSG.emailInvalid })
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform(normalizeEmail);

export const ZPassword = z
  .string({ error: MSG.required })
  .min(PASSWORD_MIN_LENGTH, { error: MSG.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: MSG.passwordTooLong })
  .refine((value) => /\p{L}/u.test(value) && /\d/.test(value), { error: MSG.passwordWeak });

export const ZPhone = z
  .string({ error: MSG.phoneInvalid })
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

export const ZMessageResponse = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;
