import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import type { TChatAckEvent, TNewMessageEvent } from '../../../shared/schemas/chat';
import { connectSocket, createTrpcHttpClient, createTrpcWsClient, until, useClosers, useListeningApp } from '../../testing/realtime-clients';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();
const live = useListeningApp(t);
const PASSWORD = 'Segreta123';
const closers = useClosers();

const signIn = async (email: string, role: 'admin' | 'corner' = 'corner') => {
  const { id } = await t.createUser({ email, password: PASSWORD, role });
  return { id, cookie: await t.login(email, PASSWORD) };
};
const httpClient = (cookie: string) => createTrpcHttpClient(live.baseUrl, cookie);


type TEnvelope<T> = { id: string; data: T };
const subscribe = async <T,>(cookie: string, which: 'onMessage' | 'onAck', lastEventId?: string | null) => {
  const ws = createTrpcWsClient(live.baseUrl, { cookie });
  closers.push(ws.close);
  const received: TEnvelope<T>[] = [];
  await new Promise<void>((resolve, reject) => {
    const subscription = ws.client.chat[which].subscribe(
      { lastEventId },
      { onStarted: () => resolve(), onData: (envelope) => received.push(envelope as TEnvelope<T>), onError: reject },
    );
    closers.push(() => subscription.unsubscribe());
  });
  return received;
};

describe('chat over tRPC', () => {
  it('chat.send reaches chat.onMessage subscribers and socket.io clients alike, with real dates', async () => {
    const corner = await signIn('corner@example.it');
    const admin = await signIn('admin@example.it', 'admin');
    const roomId = (await httpClient(corner.cookie).chat.openStaff.mutate()).id;
    const adminMessages = await subscribe<TNewMessageEvent>(admin.cookie, 'onMessage');
    const adminSocket = live.track(await connectSocket(live.baseUrl, { cookie: admin.cookie }));
    await adminSocket.waitFor('online');

    const sent = await httpClient(corner.cookie).chat.send.mutate({ roomId, text: 'via tRPC', clientId: 'trpc-00000001' });
    expect(sent.createdAt).toBeInstanceOf(Date);

    await until(() => adminMessages.length === 1);
    expect(adminMessages[0]!.id).toBe(sent.id);
    expect(adminMessages[0]!.data.message.createdAt).toBeInstanceOf(Date);
    expect(adminMessages[0]!.data.message.text).toBe('via tRPC');
    await adminSocket.waitFor('newMessage');
  });

  it('replays the messages missed after lastEventId, then goes on live', async () => {
    const corner = await signIn('corner@example.it');
    const admin = await signIn('admin@example.it', 'admin');
    const client = httpClient(corner.cookie);
    const roomId = (await client.chat.openStaff.mutate()).id;
    const first = await client.chat.send.mutate({ roomId, text: 'uno' });
    await client.chat.send.mutate({ roomId, text: 'due' });
    await client.chat.send.mutate({ roomId, text: 'tre' });

    const received = await subscribe<TNewMessageEvent>(admin.cookie, 'onMessage', first.id);
    await until(() => received.length === 2);
    expect(received.map((envelope) => envelope.data.message.text)).toEqual(['due', 'tre']);
    await client.chat.send.mutate({ roomId, text: 'quattro' });
    await until(() => received.length === 3);
    expect(received[2]!.data.message.text).toBe('quattro');
  });

  it('a corner’s replay holds only its own rooms', async () => {
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    const otherRoom = (await httpClient(other.cookie).chat.openStaff.mutate()).id;
    await httpClient(other.cookie).chat.send.mutate({ roomId: otherRoom, text: 'privato' });
    const received = await subscribe<TNewMessageEvent>(corner.cookie, 'onMessage', '1');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toEqual([]);
  });

  it('chat.onAck tells the sender when a message is acknowledged, and replays acks after lastEventId', async () => {
    const corner = await signIn('corner@example.it');
    const admin = await signIn('admin@example.it', 'admin');
    const roomId = (await httpClient(corner.cookie).chat.openStaff.mutate()).id;
    const acks = await subscribe<TChatAckEvent>(admin.cookie, 'onAck');
    const one = await httpClient(admin.cookie).chat.send.mutate({ roomId, text: 'leggi uno' });
    const two = await httpClient(admin.cookie).chat.send.mutate({ roomId, text: 'leggi due' });

    expect(await httpClient(corner.cookie).chat.ack.mutate({ messageId: one.id })).toEqual({ acked: true });
    await until(() => acks.length === 1);
    expect(acks[0]!.data).toMatchObject({ messageId: one.id, roomId, by: { id: corner.id } });
    expect(acks[0]!.data.ackedAt).toBeInstanceOf(Date);

    await httpClient(corner.cookie).chat.ack.mutate({ messageId: two.id });
    const replayed = await subscribe<TChatAckEvent>(admin.cookie, 'onAck', acks[0]!.id);
    await until(() => replayed.length === 1);
    expect(replayed[0]!.data.messageId).toBe(two.id);
  });
});
