import { describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimal } from './parse-decimal';

describe('parseDecimal', () => {
  it.each([
    ['1.234,56', 1234.56],
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['0.125', 0.125],
    ['1.234', 1234],
    ['1.234.567,8', 1234567.8],
    ['1 234,5', 1234.5],
    ['1\u00a0234,5', 1234.5],
    ['-3,75', -3.75],
    ['+3', 3],
    [',5', 0.5],
    ['7,', 7],
    ['  42  ', 42],
    ['0', 0],
    ['-0', 0],
  ])('reads %s as %d', (text, expected) => expect(parseDecimal(text)).toBe(expected));

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['-', 'a sign alone'],
    [',', 'a comma alone'],
    ['abc', 'letters'],
    ['12a', 'a trailing letter'],
    ['1,2,3', 'two commas'],
    ['1.2.3', 'dots that group nothing'],
    ['12,34.5', 'a dot after the comma'],
    ['1.23,4', 'a group of two digits'],
    ['1e3', 'an exponent'],
    ['€ 12', 'a currency sign'],
  ])('refuses %s (%s)', (text) => expect(parseDecimal(text)).toBeNull());
});

describe('formatDecimal', () => {
  it('writes numbers the Italian way, grouping thousands', () => {
    expect(formatDecimal(1234.56)).toBe('1.234,56');
    expect(formatDecimal(12.5)).toBe('12,5');
    expect(formatDecimal(1234567.891, 2)).toBe('1.234.567,89');
  });

  it('writes a fixed number of decimals when asked, as money wants', () => {
    expect(formatDecimal(12.5, 2, 2)).toBe('12,50');
    expect(formatDecimal(1234, 2, 2)).toBe('1.234,00');
  });

  it('reads back what it writes', () => {
    for (const value of [0, 0.5, 12.5, 1234.56, 1234567.89, -42.1]) expect(parseDecimal(formatDecimal(value))).toBe(value);
  });
});
