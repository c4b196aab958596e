import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CLIENT_ID_PATTERN, localMessageId, newClientId } from './client-id';

describe('newClientId', () => {
  it('gives a dashless UUID the server accepts, different each time', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newClientId(webcrypto as unknown as Crypto)));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(id).toMatch(CLIENT_ID_PATTERN);
      expect(id).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('falls back to base64url characters where randomUUID is missing (plain http)', () => {
    const random = { getRandomValues: <T extends ArrayBufferView | null>(array: T) => webcrypto.getRandomValues(array as never) as T };
    const id = newClientId(random);
    expect(id).toHaveLength(22);
    expect(id).toMatch(CLIENT_ID_PATTERN);
  });

  it('names the local copy of a message after its client id', () => {
    expect(localMessageId('abc12345')).toBe('local-abc12345');
  });
});
