import { describe, expect, it } from 'vitest';
import { formatCount, pluralize, prepositionBefore } from './italian';

describe('formatCount', () => {
  it('writes one thing in the singular, none and many in the plural', () => {
    expect(formatCount(1, 'notifica', 'notifiche')).toBe('1 notifica');
    expect(formatCount(0, 'notifica', 'notifiche')).toBe('0 notifiche');
    expect(formatCount(2, 'notifica', 'notifiche')).toBe('2 notifiche');
    expect(formatCount(1, 'documento', 'documenti')).toBe('1 documento');
    expect(formatCount(25, 'documento', 'documenti')).toBe('25 documenti');
  });

  it('groups thousands the Italian way', () => {
    expect(formatCount(12_500, 'notifica', 'notifiche')).toBe('12.500 notifiche');
  });
});

describe('pluralize', () => {
  it('picks the noun alone', () => {
    expect(pluralize(1, 'tentativo', 'tentativi')).toBe('tentativo');
    expect(pluralize(4, 'tentativo', 'tentativi')).toBe('tentativi');
  });
});

describe('Italian "a" before an address', () => {
  it('writes "scrivi ad assistenza@…" and "scrivi a supporto@…"', () => {
    expect(`scrivi ${prepositionBefore('assistenza@localhost.it')} assistenza@localhost.it`).toBe('scrivi ad assistenza@localhost.it');
    expect(prepositionBefore('Assistenza@esempio.it')).toBe('ad');
    expect(prepositionBefore('supporto@esempio.it')).toBe('a');
  });
});
