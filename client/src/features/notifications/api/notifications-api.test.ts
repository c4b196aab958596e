import { describe, expect, it } from 'vitest';
import { markListRead, prependNotification, type TNotification } from './notifications-api';

const READ_AT = new Date('2026-11-21T11:00:00.000Z');
const item = (id: string, readAt: Date | null = null): TNotification => ({ id, createdAt: new Date('2026-11-21T10:00:00.000Z'), readAt, data: { title: `N${id}`, text: 'x' } });

describe('notification list updates', () => {
  it('prepends a new notification once, counting it unread and keeping the limit', () => {
    const current = { list: [item('2'), item('1', READ_AT)], total: 2, unread: 1 };
    const next = prependNotification(current, item('3'), 2);
    expect(next.list.map((n) => n.id)).toEqual(['3', '2']);
    expect(next).toMatchObject({ total: 3, unread: 2 });
    expect(prependNotification(next, item('3'), 2)).toBe(next);
  });

  it('marks all, or the given ids, read', () => {
    const current = { list: [item('2'), item('1')], total: 2, unread: 2 };
    expect(markListRead(current, 1, READ_AT, ['1'])!.list.map((n) => n.readAt)).toEqual([null, READ_AT]);
    expect(markListRead(current, 0, READ_AT)).toMatchObject({ unread: 0, list: [{ readAt: READ_AT }, { readAt: READ_AT }] });
  });
});
