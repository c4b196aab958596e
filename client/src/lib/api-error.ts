export type TApiErrorType = 'fatal' | 'warn' | 'default';

type TApiErrorInit = {
  status: number;
  message: string;
  type?: TApiErrorType;
  code?: string;
  fields?: Record<string, string[]>;
  /** Values the server named beside the message (`existingClientId` of a duplicate). */
  details?: Record<string, string>;
  /** The server answered with plain text (or nothing) instead of a JSON error body. */
  isText?: boolean;
  isAborted?: boolean;
};

/** A failed call: HTTP status (0 when the request never got an answer) plus the body of spec section 8. */
export class ApiError extends Error {
  readonly status: number;
  readonly type: TApiErrorType;
  readonly code: string | undefined;
  readonly fields: Record<string, string[]>;
  readonly details: Record<string, string>;
  readonly isText: boolean;
  readonly isAborted: boolean;

  constructor(init: TApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.type = init.type ?? 'default';
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.details = init.details ?? {};
    this.isText = init.isText ?? false;
    this.isAborted = init.isAborted ?? false;
  }

  get hasFields(): boolean {
    return Object.keys(this.fields).length > 0;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const readType = (value: unknown): TApiErrorType =>
  value === 'fatal' || value === 'warn' ? value : 'default';

const readFields = (value: unknown): Record<string, string[]> | undefined => {
  if (!isRecord(value)) return undefined;
  const fields: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(value)) {
    const list = Array.isArray(messages) ? messages : [messages];
    const texts = list.filter((message): message is string => typeof message === 'string' && message !== '');
    if (texts.length > 0) fields[key] = texts;
  }
  return fields;
};

/** The string values of an error's `details` (anything else is dropped). */
export const readDetails = (value: unknown): Record<string, string> | undefined =>
  isRecord(value) ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : undefined;

/** Builds the error for a non-2xx answer from whatever body the server sent. */
export const toApiError = (status: number, body: unknown): ApiError => {
  if (isRecord(body) && typeof body.message === 'string') {
    return new ApiError({
      status,
      message: body.message,
      type: readType(body.type),
      code: typeof body.code === 'string' ? body.code : undefined,
      fields: readFields(body.fields),
      details: readDetails(body.details),
    });
  }
  const text = typeof body === 'string' ? body.trim() : '';
  return new ApiError({ status, message: text || `HTTP ${status}`, isText: true });
};
