import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { ZodError } from 'zod';
import { MSG } from '../../shared/messages';
import type { TApiErrorCode, TErrorBody } from '../../shared/schemas/common';

/**
 * Error codes a service may throw. Each maps once to an HTTP status (REST) and a tRPC code.
 * - UNAUTHENTICATED: no valid session or token.
 * - FORBIDDEN: authenticated, but not allowed on this record or action.
 * - NOT_FOUND: the record does not exist or is not visible to the caller.
 * - VALIDATION: input failed a rule; `fields` holds per-field Italian messages.
 * - CONFLICT: the change clashes with existing data (e.g. e-mail already used).
 * - PRECONDITION_FAILED: a write sent with `If-Match` names a version of the record that is no longer current.
 * - TOO_MANY_REQUESTS: a rate limit was hit; `retryAfter` in seconds.
 * - BAD_REQUEST: malformed request (not a field rule).
 * - INTERNAL: a bug or an unavailable dependency; the user sees a generic message.
 */
export type TAppErrorCode = Exclude<TApiErrorCode, 'PAYLOAD_TOO_LARGE'>;

type TErrorType = 'fatal' | 'warn' | 'default';

export const ERROR_MAP: Record<TAppErrorCode, { status: number; trpc: TRPC_ERROR_CODE_KEY; type: TErrorType; message: string }> = {
  UNAUTHENTICATED: { status: 401, trpc: 'UNAUTHORIZED', type: 'default', message: MSG.unauthenticated },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN', type: 'default', message: MSG.forbidden },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND', type: 'default', message: MSG.notFound },
  VALIDATION: { status: 400, trpc: 'BAD_REQUEST', type: 'warn', message: MSG.invalidData },
  CONFLICT: { status: 409, trpc: 'CONFLICT', type: 'warn', message: MSG.invalidData },
  PRECONDITION_FAILED: { status: 412, trpc: 'PRECONDITION_FAILED', type: 'warn', message: MSG.staleVersion },
  TOO_MANY_REQUESTS: { status: 429, trpc: 'TOO_MANY_REQUESTS', type: 'warn', message: MSG.tooManyRequests },
  BAD_REQUEST: { status: 400, trpc: 'BAD_REQUEST', type: 'default', message: MSG.malformedBody },
  INTERNAL: { status: 500, trpc: 'INTERNAL_SERVER_ERROR', type: 'fatal', message: MSG.internal },
};

export type TFieldErrors = Record<string, string[]>;
/** Plain values an error hands to the client beside its message (`{ existingClientId }`); never anything secret. */
export type TErrorDetails = Readonly<Record<string, string>>;

export class AppError extends Error {
  readonly code: TAppErrorCode;
  readonly userMessage: string;
  readonly fields?: TFieldErrors;
  readonly retryAfter?: number;
  /** Ids the answer names for the client to act on (the existing record of a CONFLICT), sent in both faces' bodies. */
  readonly details?: TErrorDetails;

  constructor(
    code: TAppErrorCode,
    options: { message?: string; userMessage?: string; fields?: TFieldErrors; retryAfter?: number; details?: TErrorDetails; cause?: unknown } = {},
  ) {
    const userMessage = options.userMessage ?? ERROR_MAP[code].message;
    super(options.message ?? userMessage, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.userMessage = userMessage;
    this.fields = options.fields;
    this.retryAfter = options.retryAfter;
    this.details = options.details;
  }
}

/** Per-field messages from a zod error, keyed by dotted path (`user.cf`). */
export const toFieldErrors = (error: ZodError): TFieldErrors => {
  const fields: TFieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
};

export const validationError = (fields: TFieldErrors, userMessage: string = MSG.invalidData) =>
  new AppError('VALIDATION', { userMessage, fields });

/** The JSON body of an error answer, understood by the client's error display (spec section 8). */
export const toErrorBody = (error: AppError): TErrorBody => ({
  message: error.userMessage,
  type: ERROR_MAP[error.code].type,
  code: error.code,
  ...(error.fields ? { fields: error.fields } : {}),
  ...(error.details ? { details: error.details } : {}),
});

/** Whether a database error is a unique-constraint violation (SQLSTATE 23505): two writers raced for one key. */
export const isUniqueViolation = (error: unknown) => String((error as { code?: string }).code) === '23505';
