import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { toApiError } from './api-error';
import { describeError } from './api-error-display';

type TShape = { message: string; code: number; data: Record<string, unknown> };

const serverError = (shape: TShape) => new TRPCClientError<never>(shape.message, { result: { error: shape } as never });

describe('tRPC failures through the error display (spec section 8)', () => {
  it('keeps the server’s Italian message, type and status', () => {
    const error = serverError({ message: MSG.userNotFound, code: -32004, data: { httpStatus: 404, code: 'NOT_FOUND', type: 'default' } });
    expect(describeError(error)).toEqual({ kind: 'error', messages: [MSG.userNotFound] });
    const warning = serverError({ message: MSG.nestedImpersonation, code: -32003, data: { httpStatus: 403, code: 'FORBIDDEN', type: 'warn' } });
    expect(describeError(warning)).toEqual({ kind: 'warn', messages: [MSG.nestedImpersonation] });
  });

  it('shows the field messages of a validation error', () => {
    const error = serverError({ message: 'x', code: -32600, data: { httpStatus: 400, type: 'default', fields: { q: ['Troppo lungo.'] } } });
    expect(describeError(error).messages).toEqual(['Troppo lungo.']);
  });

  it('reads a proxy’s text answer by its status, and no answer as "Network error"', () => {
    const proxy = new TRPCClientError<never>('HTTP 503', { cause: toApiError(503, 'Service Unavailable') });
    expect(describeError(proxy).messages).toEqual([MSG.serviceUnavailable]);
    const missing = new TRPCClientError<never>('HTTP 404', { cause: toApiError(404, 'Not Found') });
    expect(describeError(missing).messages).toEqual([MSG.pageNotFound]);
    const offline = new TRPCClientError<never>('Failed to fetch', { cause: new TypeError('Failed to fetch') });
    expect(describeError(offline).messages).toEqual(['Network error']);
  });
});
