import { describe, expect, it } from 'vitest';
import { checkAddressCap, isSdiCodeConsistent, normalizePhone } from './client-record-contact';

describe('normalizePhone', () => {
  it.each([
    ['+39 02 1234567', '+39021234567', 'landline with prefix'],
    ['02 1234567', '+39021234567', 'landline without prefix'],
    ['06-6982.1234', '+390669821234', 'landline with dashes and dots'],
    ['340 123 4567', '+393401234567', 'mobile without prefix'],
    ['+39 340 123 4567', '+393401234567', 'mobile with prefix'],
    ['0039 340 123 4567', '+393401234567', 'mobile with 00 prefix'],
    ['800 123456', '+39800123456', 'toll-free'],
    ['+41 44 668 18 00', '+41446681800', 'Swiss landline'],
    ['0041 44 668 18 00', '+41446681800', 'Swiss landline with 00 prefix'],
  ])('%s → %s (%s)', (input, expected) => expect(normalizePhone(input)).toBe(expected));

  it.each([
    ['12', 'too short'],
    ['340 123', 'mobile too short'],
    ['+39 340 1234567890', 'too long'],
    ['abc', 'letters'],
    ['', 'empty'],
    ['+41 12', 'foreign too short'],
  ])('refuses %s (%s)', (input) => expect(normalizePhone(input)).toBeNull());
});

describe('SDI code and PEC', () => {
  it('takes 0000000 only with a PEC', () => {
    expect(isSdiCodeConsistent('0000000', 'fatture@pec.example.it')).toBe(true);
    expect(isSdiCodeConsistent('0000000', '')).toBe(false);
    expect(isSdiCodeConsistent('M5UXCR1', '')).toBe(true);
    expect(isSdiCodeConsistent('', '')).toBe(true);
  });
});

describe('checkAddressCap', () => {
  const address = { cap: '20121', comuneIstat: '015146', comuneName: 'Milano' };
  const milanCaps = (cap: string, istat: string) => istat === '015146' && cap.startsWith('201');

  it('passes a CAP of the comune, and no address at all', async () => {
    await expect(checkAddressCap(address, milanCaps)).resolves.toBeNull();
    await expect(checkAddressCap(null, milanCaps)).resolves.toBeNull();
  });

  it('names the CAP and the comune when they disagree, with a synchronous or asynchronous check', async () => {
    const expected = { path: ['address', 'cap'], message: 'Il CAP 00184 non corrisponde al comune di Milano.' };
    await expect(checkAddressCap({ ...address, cap: '00184' }, milanCaps)).resolves.toEqual(expected);
    await expect(checkAddressCap({ ...address, cap: '00184' }, async (cap, istat) => milanCaps(cap, istat))).resolves.toEqual(expected);
  });
});
