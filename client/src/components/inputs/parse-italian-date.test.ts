import { describe, expect, it } from 'vitest';
import { parseItalianDate, toDateString } from './parse-italian-date';

const read = (text: string) => {
  const date = parseItalianDate(text, 2026);
  return date ? toDateString(date) : null;
};

describe('parseItalianDate', () => {
  it.each([
    ['21/11/2026', '2026-11-21'],
    ['21-11-2026', '2026-11-21'],
    ['21.11.26', '2026-11-21'],
    [' 1/2/2026 ', '2026-02-01'],
    ['01 02 2026', '2026-02-01'],
    ['29/02/2024', '2024-02-29'],
    ['10/12/85', '1985-12-10'],
    ['31/12/46', '2046-12-31'],
    ['01/01/47', '1947-01-01'],
  ])('reads %s day first as %s', (text, expected) => expect(read(text)).toBe(expected));

  it('answers a date at local midnight', () => {
    const date = parseItalianDate('21/11/2026');
    expect([date?.getHours(), date?.getMinutes(), date?.getSeconds()]).toEqual([0, 0, 0]);
  });

  it.each([
    ['', 'empty'],
    ['abc', 'no date'],
    ['31/02/2026', 'a day February does not have'],
    ['29/02/2026', 'not a leap year'],
    ['13/13/2026', 'month 13'],
    ['00/10/2026', 'day 0'],
    ['21/11/202', 'three-digit year'],
    ['2026-11-21', 'year first'],
    ['21/11', 'no year'],
    ['21/11/2026 10:00', 'a time after the date'],
  ])('refuses %s (%s)', (text) => expect(parseItalianDate(text, 2026)).toBeNull());
});
