import { describe, expect, it } from 'vitest';
import { withPreferenceFlag } from './preferences-api';

describe('withPreferenceFlag', () => {
  const current = { new_user: { email: true, webpush: false }, rca_emission: { email: true, webpush: false } };

  it('sets one channel of one key and leaves the rest as they were', () => {
    expect(withPreferenceFlag(current, 'new_user', 'webpush', true)).toEqual({
      new_user: { email: true, webpush: true },
      rca_emission: { email: true, webpush: false },
    });
    expect(current.new_user.webpush).toBe(false);
  });

  it('gives back the same object when nothing changes or the key is not there', () => {
    expect(withPreferenceFlag(current, 'new_user', 'email', true)).toBe(current);
    expect(withPreferenceFlag(current, 'lg_create', 'email', false)).toBe(current);
    expect(withPreferenceFlag(undefined, 'new_user', 'email', false)).toBeUndefined();
  });
});
