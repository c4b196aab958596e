import { describe, expect, it } from 'vitest';
import type { TNotification } from '../notification-types';
import { markListRead, prependNotification } from './notifications-api';

const item = (id: string, readAt: string | null = null): TNotification => ({ id, createdAt: '2026-11-21T10:00:00.000Z', readAt, data: { title: `N${id}`, text: 'x' } });

describe('notification list updates', () => {
  it('prepends a new notification once, counting it unread and keeping the limit', () => {
    const current = { list: [item('2'), item('1', '2026-11-21T11:00:00.000Z')], total: 2, unread: 1 };
    const next = prependNotification(current, item('3'), 2);
    expect(next.list.map((n) => n.id)).toEqual(['3', '2']);
    expect(next).toMatchObject({ total: 3, unread: 2 });
    expect(prependNotification(next, item('3'), 2)).toBe(next);
  });

  it('marks all, or the given ids, read', () => {
    const current = { list: [item('2'), item('1')], total: 2, unread: 2 };
    expect(markListRead(current, 1, 'T', ['1'])!.list.map((n) => n.readAt)).toEqual([null, 'T']);
    expect(markListRead(current, 0, 'T')).toMatchObject({ unread: 0, list: [{ readAt: 'T' }, { readAt: 'T' }] });
  });
});
