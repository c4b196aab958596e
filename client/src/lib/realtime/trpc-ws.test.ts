import { createTRPCClient, type TRPCWebSocketClient } from '@trpc/client';
import { behaviorSubject, observable, type Observer } from '@trpc/server/observable';
import { describe, expect, it, vi } from 'vitest';
import type { AppRouter } from '../../../../server/trpc/app-router';
import { createRealtimeConnection, isRealtimeOperation, realtimeLink, SESSION_ENDED_CLOSE_CODE, trpcSocketUrl, type TMakeWsClient } from './trpc-ws';

type TRequest = { path: string; type: string; input: unknown; observer: Observer<unknown, unknown>; isStopped: boolean };

/** Just enough of tRPC's WebSocket client: `open`/`close` play the socket, `requests` are what was asked of it. */
const fakeClient = (token: string | null, callbacks: Parameters<TMakeWsClient>[0]) => {
  const requests: TRequest[] = [];
  const client = {
    token,
    requests,
    isClosed: false,
    connectionState: behaviorSubject({ type: 'state', state: 'connecting', error: null }),
    request: ({ op }: { op: { path: string; type: string; input: unknown } }) =>
      observable((observer) => {
        const request: TRequest = { path: op.path, type: op.type, input: op.input, observer: observer as Observer<unknown, unknown>, isStopped: false };
        requests.push(request);
        return () => (request.isStopped = true);
      }),
    close: async () => {
      client.isClosed = true;
      requests.forEach((request) => request.observer.complete());
    },
    open: () => callbacks.onOpen(),
    drop: (code = 1006) => callbacks.onClose(code),
  };
  return client;
};
type TFakeClient = ReturnType<typeof fakeClient>;

const setup = () => {
  const clients: TFakeClient[] = [];
  const connection = createRealtimeConnection((options) => {
    const client = fakeClient(options.token, options);
    clients.push(client);
    return client as unknown as TRPCWebSocketClient;
  });
  const trpc = createTRPCClient<AppRouter>({ links: [realtimeLink(connection)] });
  return { connection, trpc, clients, last: () => clients[clients.length - 1]! };
};

/** A tracked event as the server sends it: the id beside the result, and with the payload. */
const data = (id: string, payload: unknown) => ({ result: { type: 'data', id, data: { id, data: payload } } });

describe('the realtime connection over tRPC WebSocket', () => {
  it('is opened with the token, connected on open, disconnected on a drop, and toggled by the dot', () => {
    const { connection, clients, last } = setup();
    expect(connection.getState()).toEqual({ connected: false, online: false, isFirstConnection: true });
    const opened = vi.fn();
    connection.onOpen(opened);
    connection.start('bearer-1');
    expect(last().token).toBe('bearer-1');
    last().open();
    expect(connection.getState()).toEqual({ connected: true, online: false, isFirstConnection: false });
    expect(opened).toHaveBeenCalledTimes(1);
    connection.setOnline(true);
    expect(connection.getState().online).toBe(true);

    // Dropped by the network: tRPC reconnects the same client by itself.
    last().drop();
    expect(connection.getState()).toMatchObject({ connected: false, online: false });
    last().open();
    expect(opened).toHaveBeenCalledTimes(2);

    // The dot's double-click: down for good, then up again with the stored token.
    connection.toggle('ignored');
    expect(clients[0]!.isClosed).toBe(true);
    expect(connection.getState().connected).toBe(false);
    expect(connection.currentClient()).toBeNull();
    connection.toggle('bearer-2');
    expect(clients).toHaveLength(2);
    expect(last().token).toBe('bearer-2');
    last().open();
    expect(connection.getState().connected).toBe(true);
    connection.stop();
    expect(clients[1]!.isClosed).toBe(true);
  });

  it('stops and tells when the server closes the socket because the session ended', () => {
    const { connection, last } = setup();
    const ended = vi.fn();
    connection.onSessionEnd(ended);
    connection.start(null);
    last().open();
    last().drop(SESSION_ENDED_CLOSE_CODE);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(last().isClosed).toBe(true);
    expect(connection.currentClient()).toBeNull();
  });

  it('resumes a subscription on a new client from the last tracked id it received', () => {
    const { connection, trpc, clients, last } = setup();
    connection.start(null, 'user-1');
    last().open();
    const received: unknown[] = [];
    const completed = vi.fn();
    const subscription = trpc.chat.onMessage.subscribe(undefined, { onData: (envelope) => received.push(envelope), onComplete: completed });
    const first = last().requests[0]!;
    expect([first.path, first.input]).toEqual(['chat.onMessage', undefined]);
    first.observer.next(data('41', { text: 'uno' }));

    // Down (the old client completes its subscriptions: not the end of ours), then up with a new client.
    connection.toggle(null);
    connection.toggle(null);
    expect(completed).not.toHaveBeenCalled();
    const resumed = clients[1]!.requests[0]!;
    expect(resumed.input).toEqual({ lastEventId: '41' });
    resumed.observer.next(data('42', { text: 'due' }));
    expect(received).toEqual([
      { id: '41', data: { text: 'uno' } },
      { id: '42', data: { text: 'due' } },
    ]);

    // Another user (an impersonation starts): the stream starts afresh, without the previous user's id.
    connection.start('bearer-other', 'user-2');
    expect(clients[2]!.requests[0]!.input).toBeUndefined();

    subscription.unsubscribe();
    expect(clients[2]!.requests[0]!.isStopped).toBe(true);
  });

  it('sends chat messages over the socket, and fails them at once while it is down', async () => {
    const { connection, trpc, last } = setup();
    await expect(trpc.chat.send.mutate({ roomId: '1', text: 'ciao', clientId: 'abcdefgh12' })).rejects.toThrow('Connessione in tempo reale assente');
    connection.start(null);
    const sent = trpc.chat.send.mutate({ roomId: '1', text: 'ciao', clientId: 'abcdefgh12' });
    await vi.waitFor(() => expect(last().requests).toHaveLength(1));
    last().requests[0]!.observer.next({ result: { type: 'data', data: { id: '7' } } });
    last().requests[0]!.observer.complete();
    await expect(sent).resolves.toEqual({ id: '7' });
  });

  it('routes subscriptions and chat sends to the socket, the rest to HTTP; the URL follows the page', () => {
    expect(isRealtimeOperation({ type: 'subscription', path: 'notification.onNotification' })).toBe(true);
    expect(isRealtimeOperation({ type: 'mutation', path: 'chat.send' })).toBe(true);
    expect(isRealtimeOperation({ type: 'mutation', path: 'chat.ack' })).toBe(false);
    expect(isRealtimeOperation({ type: 'query', path: 'chat.rooms' })).toBe(false);
    expect(trpcSocketUrl({ protocol: 'https:', host: 'example.it' })).toBe('wss://example.it/trpc');
    expect(trpcSocketUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/trpc');
  });
});
