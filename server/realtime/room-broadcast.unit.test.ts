import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoomBroadcast } from './room-broadcast';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const start = async () => {
  const server = http.createServer();
  const io = new Server(server, { transports: ['websocket', 'polling'] });
  io.on('connection', (socket) => void socket.join('room:a'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => io.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { io, url };
};

const client = async (url: string, transport: 'websocket' | 'polling') => {
  const socket: Socket = connect(url, { transports: [transport], forceNew: true, reconnection: false });
  cleanups.push(() => void socket.close());
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
};

const next = (socket: Socket, event: string) => new Promise<unknown[]>((resolve) => socket.once(event, (...args: unknown[]) => resolve(args)));

describe('room broadcast', () => {
  it('writes straight to websocket connections (no socket.io emit), with the payload socket.io would send', async () => {
    const { io, url } = await start();
    const socket = await client(url, 'websocket');
    const viaSocketIo = vi.spyOn(io, 'to');
    const broadcast = createRoomBroadcast(io);
    const data = { at: new Date('2026-11-22T10:00:00Z'), text: 'àè "virgolette" \u2028', list: [1, null] };
    const received = next(socket, 'notification');
    broadcast('room:a', 'notification', data);
    expect(await received).toEqual([{ at: '2026-11-22T10:00:00.000Z', text: 'àè "virgolette" \u2028', list: [1, null] }]);
    expect(viaSocketIo).not.toHaveBeenCalled();

    const noPayload = next(socket, 'syncSettings');
    broadcast('room:a', 'syncSettings');
    expect(await noPayload).toEqual([]);
  });

  it('falls back to socket.io for long-polling connections, and keeps the order of a burst', async () => {
    const { io, url } = await start();
    const polling = await client(url, 'polling');
    const websocket = await client(url, 'websocket');
    const viaSocketIo = vi.spyOn(io, 'to');
    const broadcast = createRoomBroadcast(io);
    const seen: { polling: number[]; websocket: number[] } = { polling: [], websocket: [] };
    polling.on('n', (value: number) => seen.polling.push(value));
    websocket.on('n', (value: number) => seen.websocket.push(value));
    for (let value = 0; value < 50; value++) broadcast('room:a', 'n', value);
    await vi.waitFor(() => expect(seen.polling).toHaveLength(50));
    await vi.waitFor(() => expect(seen.websocket).toHaveLength(50));
    const inOrder = Array.from({ length: 50 }, (_, index) => index);
    expect(seen).toEqual({ polling: inOrder, websocket: inOrder });
    expect(viaSocketIo).toHaveBeenCalled();
  });
});
