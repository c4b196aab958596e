import { ApiError, readDetails, type TApiErrorType } from './api-error';

/** The parts of a `TRPCClientError` we read; checked by name so the login bundle needs no tRPC code. */
type TTrpcClientErrorLike = Error & { data?: { httpStatus?: unknown; type?: unknown; fields?: unknown; details?: unknown; code?: unknown } | null };

const isTrpcClientError = (error: unknown): error is TTrpcClientErrorLike => error instanceof Error && error.name === 'TRPCClientError';

const readType = (value: unknown): TApiErrorType => (value === 'fatal' || value === 'warn' ? value : 'default');

const readFields = (value: unknown): Record<string, string[]> | undefined =>
  typeof value === 'object' && value !== null ? (value as Record<string, string[]>) : undefined;

/**
 * A tRPC failure as the same `ApiError` the REST helper throws, so one error display serves both faces:
 * an error shape from our server keeps its status, message, type and fields; an answer that is not tRPC's
 * (a proxy page) comes as the text error lib/trpc.ts made of it; no answer at all is a 'Network error'.
 */
export const fromTrpcError = (error: unknown): unknown => {
  if (!isTrpcClientError(error)) return error;
  if (error.cause instanceof ApiError) return error.cause;
  const { data } = error;
  if (data && typeof data.httpStatus === 'number') {
    return new ApiError({
      status: data.httpStatus,
      message: error.message,
      type: readType(data.type),
      code: typeof data.code === 'string' ? data.code : undefined,
      fields: readFields(data.fields),
      details: readDetails(data.details),
    });
  }
  const isAborted = error.cause instanceof DOMException && error.cause.name === 'AbortError';
  return new ApiError({ status: 0, message: isAborted ? 'Request aborted' : 'Network error', isAborted });
};
