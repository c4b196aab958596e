import { describe, expect, it } from 'vitest';
import { bellLabel, notificationsSummary } from './notification-labels';

describe('notificationsSummary', () => {
  it('says "1 notifica" for one, "notifiche" for none and more', () => {
    expect(notificationsSummary(1, 1)).toBe('1 notifica, 1 da leggere');
    expect(notificationsSummary(1, 0)).toBe('1 notifica, 0 da leggere');
    expect(notificationsSummary(0, 0)).toBe('0 notifiche, 0 da leggere');
    expect(notificationsSummary(2, 0)).toBe('2 notifiche, 0 da leggere');
  });
});

describe('bellLabel', () => {
  it('names the bell with the unread count when there is one', () => {
    expect(bellLabel(0)).toBe('Notifiche');
    expect(bellLabel(1)).toBe('Notifiche, 1 da leggere');
  });
});
