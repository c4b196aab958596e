import { describe, expect, it } from 'vitest';
import { describeSchedule, fromLocalInput, toLocalInput } from './news-schedule';

describe('the schedule fields of a news item', () => {
  it('writes and reads a moment as a datetime-local field does, in local time', () => {
    const moment = new Date(2026, 10, 27, 9, 5, 0);
    expect(toLocalInput(moment)).toBe('2026-11-27T09:05');
    expect(fromLocalInput('2026-11-27T09:05')).toEqual(moment);
    expect(fromLocalInput('2026-11-27T09:05:30')).toEqual(new Date(2026, 10, 27, 9, 5, 30));
    expect(toLocalInput(null)).toBe('');
  });

  it('reads an empty or partial field as no moment', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('2026-11-27')).toBeNull();
  });

  it('says the schedule in Italian', () => {
    const from = new Date(2026, 10, 27, 9, 5);
    expect(describeSchedule(from, null)).toBe('Dal 27/11/2026, 09:05, senza scadenza');
    expect(describeSchedule(from, new Date(2026, 10, 30, 18, 0))).toBe('Dal 27/11/2026, 09:05 al 30/11/2026, 18:00');
  });
});
