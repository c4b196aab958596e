import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { ApiError, toApiError } from './api-error';
import { describeError } from './api-error-display';

describe('describeError (spec section 8)', () => {
  it('says "Pagina non trovata" for a 404 that carries no API error body', () => {
    expect(describeError(toApiError(404, 'Not Found'))).toEqual({ kind: 'error', messages: [MSG.pageNotFound] });
  });

  it('keeps the server message of a 404 API error', () => {
    expect(describeError(toApiError(404, { message: MSG.userNotFound, type: 'default' })).messages).toEqual([MSG.userNotFound]);
  });

  it('says the service is unavailable for 502 and 503', () => {
    for (const status of [502, 503]) {
      expect(describeError(toApiError(status, { message: 'Bad gateway', type: 'fatal' })).messages).toEqual([MSG.serviceUnavailable]);
    }
  });

  it('shows the field messages, each field’s list joined by a newline', () => {
    const error = toApiError(400, { message: 'x', type: 'default', fields: { vat: ['uno', 'due'], email: ['tre'] } });
    expect(describeError(error)).toEqual({ kind: 'error', messages: ['uno\ndue', 'tre'] });
  });

  it('splits the message by line, as a warning for type warn and as an error otherwise', () => {
    expect(describeError(toApiError(409, { message: 'prima\nseconda', type: 'warn' }))).toEqual({ kind: 'warn', messages: ['prima', 'seconda'] });
    expect(describeError(toApiError(400, { message: 'errore', type: 'fatal' }))).toEqual({ kind: 'error', messages: ['errore'] });
  });

  it('keeps the helper’s own texts for transport failures', () => {
    expect(describeError(new ApiError({ status: 0, message: 'Network error' })).messages).toEqual(['Network error']);
  });
});
