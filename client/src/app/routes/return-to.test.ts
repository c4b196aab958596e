import { describe, expect, it } from 'vitest';
import { readReturnTo } from './return-to';

describe('readReturnTo', () => {
  it('returns the remembered path with its query', () => {
    expect(readReturnTo({ returnTo: '/clienti?q=rossi' })).toBe('/clienti?q=rossi');
  });

  it('falls back to the home page for a missing or foreign address', () => {
    expect(readReturnTo(null)).toBe('/');
    expect(readReturnTo({ returnTo: '//evil.example' })).toBe('/');
    expect(readReturnTo({ returnTo: 'https://evil.example/' })).toBe('/');
  });
});
