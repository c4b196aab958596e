import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import type { TSocketAck } from '../../shared/realtime';
import { connectSocket, type TTestSocket } from '../testing/realtime-clients';
import { useTestApp } from '../testing/test-app';
import { useTwoInstances } from '../testing/two-instances';

// Issue 30: the chat's message budget and the socket event budget hold across instances (as login limits do): a user
// whose connections are spread over two instances gets one budget, not one per instance.
describe.skipIf(!process.env.TEST_DATABASE_URL)('budgets shared by two instances on one PostgreSQL database', () => {
  const t = useTestApp({ CHAT_MESSAGES_PER_MINUTE: '3', SOCKET_EVENTS_PER_MINUTE: '6' });
  const instances = useTwoInstances(t);
  const sockets: TTestSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  const emitWithAck = <T>(socket: TTestSocket, event: string, payload: unknown) =>
    new Promise<T>((resolve) => (socket.socket.emit as (event: string, payload: unknown, ack: (answer: T) => void) => void)(event, payload, resolve));

  it('three messages in all, then refusals on either instance; then the event budget runs out across both', async () => {
    const { id } = await t.createUser({ email: 'corner@example.it', password: 'Segreta123' });
    const cookie = await t.login('corner@example.it', 'Segreta123');
    const onA = await connectSocket(instances.urlA, { cookie });
    const onB = await connectSocket(instances.urlB, { cookie });
    sockets.push(onA, onB);
    const roomId: string = (await t.app.inject({ method: 'POST', url: '/api/chat/staff/open', headers: { cookie } })).json().id;

    // Messages alternate between the instances: three stored (the chat's budget), the fourth refused on A.
    const answers: unknown[] = [];
    for (const [index, socket] of [onA, onB, onA, onB].entries()) {
      answers.push(await emitWithAck(socket, 'message', { roomId, text: `messaggio ${index + 1}`, clientId: `shared-000${index}` }));
    }
    expect(answers.slice(0, 3)).toEqual([expect.objectContaining({ text: 'messaggio 1' }), expect.objectContaining({ text: 'messaggio 2' }), expect.objectContaining({ text: 'messaggio 3' })]);
    expect(answers[3]).toBe(false);
    const stored = (await instances.peer.app.inject({ method: 'GET', url: `/api/chat/${roomId}`, headers: { cookie } })).json();
    expect(stored.messages.map((message: { text: string }) => message.text)).toEqual(['messaggio 1', 'messaggio 2', 'messaggio 3']);

    // Four events spent of six: two more pass (one on each instance), the next is refused on either.
    const [notice] = await t.app.services.notifications.notify('other', [id], { title: 'Avviso', text: 'testo' });
    const ids = [notice!.notification.id];
    expect(await emitWithAck<TSocketAck<unknown>>(onB, 'ackNotif', ids)).toMatchObject({ ok: true });
    expect(await emitWithAck<TSocketAck<unknown>>(onA, 'ackNotif', ids)).toMatchObject({ ok: true });
    const refused = { ok: false, error: { message: MSG.tooManyRequests, type: 'warn', code: 'TOO_MANY_REQUESTS' } };
    expect(await emitWithAck<TSocketAck<unknown>>(onB, 'ackNotif', ids)).toEqual(refused);
    expect(await emitWithAck<TSocketAck<unknown>>(onA, 'ackNotif', ids)).toEqual(refused);
  });
});
