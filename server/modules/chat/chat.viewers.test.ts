import { describe, expect, it } from 'vitest';
import type { TJson } from '../../../shared/realtime';
import type { TNewMessageEvent } from '../../../shared/schemas/chat';
import { connectSocket, useListeningApp, type TTestSocket } from '../../testing/realtime-clients';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();
const live = useListeningApp(t);
const PASSWORD = 'Segreta123';

const signIn = async (email: string, extra: { role?: 'admin' | 'corner'; name?: string; surname?: string } = {}) => {
  await t.createUser({ email, password: PASSWORD, role: extra.role ?? 'corner', name: extra.name, surname: extra.surname });
  const cookie = await t.login(email, PASSWORD);
  const socket = live.track(await connectSocket(live.baseUrl, { cookie }));
  await socket.waitFor('online');
  return { cookie, socket };
};

const send = (socket: TTestSocket, payload: { roomId: string; text: string }) => new Promise<unknown>((resolve) => socket.socket.emit('message', payload, resolve));

describe('chat viewer cache', () => {
  it('names a sender by its profile as saved a moment ago, on a connection opened before the change', async () => {
    const corner = await signIn('corner@example.it', { name: 'Mario', surname: 'Rossi' });
    const admin = await signIn('admin@example.it', { role: 'admin' });
    const roomId = (await t.app.inject({ method: 'POST', url: '/api/chat/staff/open', headers: { cookie: corner.cookie } })).json().id as string;

    expect(await send(corner.socket, { roomId, text: 'prima' })).toMatchObject({ sender: { name: 'Mario Rossi' } });
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: corner.cookie },
      payload: { user: { type: 'persona', name: 'Marco', surname: 'Rossi', cf: '', business: null, vat: '' }, taxRegime: null, hasEmployee: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    expect(await send(corner.socket, { roomId, text: 'dopo' })).toMatchObject({ sender: { name: 'Marco Rossi' } });
    const delivered = await admin.socket.waitFor<TJson<TNewMessageEvent>>('newMessage', (event) => event.message.text === 'dopo');
    expect(delivered.message.sender.name).toBe('Marco Rossi');
  });
});
