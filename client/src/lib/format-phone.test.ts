import { describe, expect, it } from 'vitest';
import { formatPhone } from './format-phone';

describe('formatPhone (issue 26 point 11: "+393331234567" is written "+39 333 123 4567")', () => {
  it('groups an Italian mobile and a landline, keeps what is not a number', () => {
    expect(formatPhone('+393331234567')).toBe('+39 333 123 4567');
    expect(formatPhone('+390287254410')).toBe('+39 02 8725 4410');
    expect(formatPhone('interno 12')).toBe('interno 12');
    expect(formatPhone(null)).toBe('');
  });
});
