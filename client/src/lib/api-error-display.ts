import { MSG } from '../../../shared/messages';
import { ApiError } from './api-error';
import { toast, type TToastType } from './toast';
import { fromTrpcError } from './trpc-error';

export type TErrorDisplay = { kind: Extract<TToastType, 'warn' | 'error'>; messages: string[] };

const splitLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** What to tell the user about a failed call, by the rules of spec section 8. */
export const describeError = (caught: unknown): TErrorDisplay => {
  const error = fromTrpcError(caught);
  if (!(error instanceof ApiError)) return { kind: 'error', messages: [MSG.internal] };
  if (error.status === 404 && error.isText) return { kind: 'error', messages: [MSG.pageNotFound] };
  if (error.status === 502 || error.status === 503) return { kind: 'error', messages: [MSG.serviceUnavailable] };
  // A text body from a crash or a proxy is not meant for users.
  if (error.isText && error.status >= 500) return { kind: 'error', messages: [MSG.internal] };
  if (error.hasFields) {
    return { kind: error.type === 'warn' ? 'warn' : 'error', messages: Object.values(error.fields).map((list) => list.join('\n')) };
  }
  return { kind: error.type === 'warn' ? 'warn' : 'error', messages: splitLines(error.message) };
};

/** The error object's "display method" of spec section 7: shows the failure as toasts. */
export const showApiError = (caught: unknown): void => {
  const error = fromTrpcError(caught);
  if (error instanceof ApiError && error.isAborted) return;
  const { kind, messages } = describeError(error);
  toast(kind, messages);
};
