import { describe, expect, it } from 'vitest';
import type { TOneTimeMessage } from '../../../shared/schemas/notifications';
import { useListeningApp, type TTestSocket } from '../../testing/realtime-clients';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();
const realtime = useListeningApp(t);
const PASSWORD = 'Segreta123';

const signIn = async (email: string, role: 'admin' | 'corner' = 'corner') => {
  const { id } = await t.createUser({ email, password: PASSWORD, role });
  return { id, cookie: await t.login(email, PASSWORD) };
};
const connect = (cookie: string) => realtime.connect({ cookie });
const send = (cookie: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/admin/onetime-message', headers: { cookie }, payload: payload as object });
const messagesOf = (socket: TTestSocket) => socket.events.filter((entry) => entry.event === 'onetimemessage').map((entry) => entry.args[0]);

describe('POST /api/admin/onetime-message', () => {
  it('reaches the sockets of the target user only, and is not stored', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    const [cornerTab1, cornerTab2, otherTab] = [await connect(corner.cookie), await connect(corner.cookie), await connect(other.cookie)];

    const response = await send(admin.cookie, { userId: corner.id, type: 'info', text: 'Manutenzione alle 18', timeout: 10 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sent: true });
    for (const socket of [cornerTab1, cornerTab2]) {
      expect(await socket.waitFor<TOneTimeMessage>('onetimemessage')).toEqual({ type: 'info', text: 'Manutenzione alle 18', timeout: 10 });
    }
    // A later broadcast arrives at the other user: the targeted one, sent before, never did.
    await send(admin.cookie, { type: 'warn', text: 'A tutti' });
    expect(await otherTab.waitFor<TOneTimeMessage>('onetimemessage')).toEqual({ type: 'warn', text: 'A tutti' });
    expect(messagesOf(otherTab)).toEqual([{ type: 'warn', text: 'A tutti' }]);
    expect(await t.database.db.selectFrom('notifications').selectAll().execute()).toEqual([]);
  });

  it('broadcasts to everyone connected without userId, admins included', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await signIn('corner@example.it');
    const sockets = [await connect(admin.cookie), await connect(corner.cookie)];
    const client = await createTrpcHttpCaller(t, 'admin@example.it', PASSWORD);
    expect(await client.admin.onetimeMessage.mutate({ type: 'success', text: 'Fatto' })).toEqual({ sent: true });
    for (const socket of sockets) expect(await socket.waitFor<TOneTimeMessage>('onetimemessage')).toEqual({ type: 'success', text: 'Fatto' });
  });

  it('is for admins only and validates the message with field messages', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await signIn('corner@example.it');
    expect((await send(corner.cookie, { type: 'info', text: 'x' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/onetime-message', payload: { type: 'info', text: 'x' } })).statusCode).toBe(401);
    const invalid = await send(admin.cookie, { userId: 'nope', type: 'boh', text: '', timeout: 500 });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().fields).sort()).toEqual(['text', 'timeout', 'type', 'userId']);
    expect((await send(admin.cookie, { type: 'info', text: 'x'.repeat(501) })).statusCode).toBe(400);
    const unknown = await send(admin.cookie, { userId: '00000000-0000-4000-8000-000000000000', type: 'info', text: 'x' });
    expect(unknown.statusCode).toBe(404);
  });
});
