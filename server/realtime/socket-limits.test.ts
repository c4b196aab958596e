import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import type { TSocketAck } from '../../shared/realtime';
import { useListeningApp } from '../testing/realtime-clients';
import { useTestApp } from '../testing/test-app';

// A budget of 4 client events per minute per user, whatever the event.
const t = useTestApp({ SOCKET_EVENTS_PER_MINUTE: '4' });
const realtime = useListeningApp(t);

const PASSWORD = 'Segreta123';

const signIn = async (email: string) => {
  const { id } = await t.createUser({ email, password: PASSWORD });
  return { id, cookie: await t.login(email, PASSWORD) };
};

const connect = (cookie: string) => realtime.connect({ cookie });

const emitWithAck = <T>(socket: Awaited<ReturnType<typeof connect>>, event: string, payload: unknown) =>
  new Promise<T>((resolve) => (socket.socket.emit as (event: string, payload: unknown, ack: (answer: T) => void) => void)(event, payload, resolve));

describe('socket.io client events: one budget per user (SOCKET_EVENTS_PER_MINUTE)', () => {
  it('answers the events past the budget with 429’s message, across the user’s connections, and not for other users', async () => {
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    const first = await connect(corner.cookie);
    const second = await connect(corner.cookie);
    const [notice] = await t.app.services.notifications.notify('other', [corner.id], { title: 'Avviso', text: 'testo' });
    const ids = [notice!.notification.id];
    const roomId: string = (await t.app.inject({ method: 'POST', url: '/api/chat/staff/open', headers: { cookie: corner.cookie } })).json().id;

    // 4 events, on two connections: all answered.
    for (const socket of [first, first, second]) {
      const answer = await emitWithAck<TSocketAck<unknown>>(socket, 'ackNotif', ids);
      expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true });
    }
    const sent = await emitWithAck<{ id: string } | false>(second, 'message', { roomId, text: 'ultimo nel budget', clientId: 'client-0001' });
    expect(sent).toMatchObject({ text: 'ultimo nel budget' });

    // The 5th: refused before any work, on either connection; the chat's answer stays `false`.
    const refused = await emitWithAck<TSocketAck<unknown>>(first, 'ackNotif', ids);
    expect(refused).toEqual({ ok: false, error: { message: MSG.tooManyRequests, type: 'warn', code: 'TOO_MANY_REQUESTS' } });
    expect(await emitWithAck(second, 'message', { roomId, text: 'oltre il budget', clientId: 'client-0002' })).toBe(false);
    const stored = (await t.app.inject({ method: 'GET', url: `/api/chat/${roomId}`, headers: { cookie: corner.cookie } })).json();
    expect(stored.messages.map((message: { text: string }) => message.text)).toEqual(['ultimo nel budget']);

    // The accepted events are counted in the database (what other instances read: shared-limits.test.ts); the
    // refused ones were stopped in memory before it.
    const counted = await t.database.db.selectFrom('rate_limits').select('points').where('key', '=', `socket-events:${corner.id}`).executeTakeFirstOrThrow();
    expect(counted.points).toBe(4);

    // Another user has a budget of its own.
    const [theirNotice] = await t.app.services.notifications.notify('other', [other.id], { title: 'Avviso', text: 'testo' });
    const theirs = await connect(other.cookie);
    expect(await emitWithAck<TSocketAck<unknown>>(theirs, 'ackNotif', [theirNotice!.notification.id])).toEqual({ ok: true, data: { unread: 0 } });
  });
});
