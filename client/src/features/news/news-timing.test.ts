import { describe, expect, it } from 'vitest';
import { tickerDurationMs } from './news-timing';

describe('tickerDurationMs', () => {
  it('gives 500 ms to every character of every title and text', () => {
    expect(tickerDurationMs([{ title: 'Ciao', text: 'mondo' }])).toBe(9 * 500);
    expect(tickerDurationMs([{ title: null, text: 'abc' }, { title: 'x', text: '' }])).toBe(4 * 500);
    expect(tickerDurationMs([])).toBe(0);
  });
});
