import { afterEach, describe, expect, it, vi } from 'vitest';
import { toOneTimeToast } from './onetime-message';
import { createRealtimeClient, RECONNECT_DELAY_MS, type TRealtimeSocket } from './realtime-client';

type TListener = (...args: unknown[]) => void;

/** Just enough of a socket.io client socket: `serverSends`/`drop` play the server's part. */
class FakeSocket {
  connected = false;
  emitted: unknown[][] = [];
  connectCalls = 0;
  private listeners = new Map<string, TListener[]>();
  private anyListeners: TListener[] = [];
  constructor(public token: string | null) {}
  on(event: string, listener: TListener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  onAny(listener: TListener) {
    this.anyListeners.push(listener);
    return this;
  }
  offAny() {
    this.anyListeners = [];
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  connect() {
    this.connectCalls += 1;
    return this;
  }
  emit(...args: unknown[]) {
    this.emitted.push(args);
    return this;
  }
  disconnect() {
    if (this.connected) this.drop('io client disconnect');
    return this;
  }
  private fire(event: string, ...args: unknown[]) {
    (this.listeners.get(event) ?? []).forEach((listener) => listener(...args));
  }
  open() {
    this.connected = true;
    this.fire('connect');
  }
  drop(reason = 'transport close') {
    this.connected = false;
    this.fire('disconnect', reason);
  }
  serverSends(event: string, ...args: unknown[]) {
    this.fire(event, ...args);
    this.anyListeners.forEach((listener) => listener(event, ...args));
  }
}

const setup = () => {
  const sockets: FakeSocket[] = [];
  const client = createRealtimeClient((token) => {
    const socket = new FakeSocket(token);
    sockets.push(socket);
    return socket as unknown as TRealtimeSocket;
  });
  return { client, sockets, last: () => sockets[sockets.length - 1]! };
};

afterEach(() => vi.useRealTimers());

describe('realtime client', () => {
  it('connects with the token, emits ready on connect and forwards server events', () => {
    const { client, last } = setup();
    expect(client.getState()).toEqual({ connected: false, online: false, isFirstConnection: true });
    client.start('bearer-1');
    expect(last().token).toBe('bearer-1');
    expect(last().connectCalls).toBe(1);
    last().open();
    expect(last().emitted).toEqual([['ready']]);
    expect(client.getState()).toMatchObject({ connected: true, isFirstConnection: false });
    const received = vi.fn();
    client.on('notification', received);
    last().serverSends('notification', { id: '1' });
    last().serverSends('online', true);
    expect(received).toHaveBeenCalledWith({ id: '1' });
    expect(client.getState().online).toBe(true);
  });

  it('replaces a dropped socket with a fresh one and reconnects it after a pause', () => {
    vi.useFakeTimers();
    const { client, sockets, last } = setup();
    client.start(null);
    last().open();
    const first = last();
    first.drop();
    expect(client.getState().connected).toBe(false);
    expect(sockets).toHaveLength(2);
    expect(last().connectCalls).toBe(0);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    expect(last().connectCalls).toBe(1);
    // Events of the old socket are ignored.
    const received = vi.fn();
    client.on('notification', received);
    first.serverSends('notification', { id: '2' });
    expect(received).not.toHaveBeenCalled();
  });

  it('toggles: a disconnect asked for stays down, the next toggle reconnects with the given token', () => {
    vi.useFakeTimers();
    const { client, sockets, last } = setup();
    client.start(null);
    last().open();
    client.toggle(null);
    expect(client.getState().connected).toBe(false);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 5);
    expect(last().connectCalls).toBe(0);
    client.toggle('bearer-2');
    expect(last().token).toBe('bearer-2');
    expect(last().connectCalls).toBe(1);
    last().open();
    expect(client.getState().connected).toBe(true);
    client.stop();
    expect(client.getState().connected).toBe(false);
    expect(sockets.every((socket) => !socket.connected)).toBe(true);
  });
});

describe('one-time messages', () => {
  it('maps type and timeout in seconds, 5 s by default', () => {
    expect(toOneTimeToast({ type: 'warn', text: 'Attenzione', timeout: 3 })).toEqual({ type: 'warn', text: 'Attenzione', autoClose: 3000 });
    expect(toOneTimeToast({ type: 'success', text: 'Fatto' })).toEqual({ type: 'success', text: 'Fatto', autoClose: 5000 });
    expect(toOneTimeToast({ type: 'info' as 'warn', text: 'Nota' }).type).toBe('info');
  });
});
