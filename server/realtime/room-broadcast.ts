import type { Server } from 'socket.io';

/**
 * One event to every socket of a room, at the cost of a bare WebSocket broadcast.
 *
 * socket.io's own broadcast encodes once but then goes through engine.io's per-socket write path (packet object,
 * write buffer, flush, drain and ready events, a completion callback), which doubles the server's time per socket
 * (bench/README.md, Fan-out). Here the packet is encoded once ('4' engine.io message + '2' socket.io event for the
 * main namespace, JSON as socket.io's encoder makes it) and written straight to the `ws` socket of each
 * websocket connection that engine.io would itself write to at once (open, not upgrading, writable, nothing
 * queued) — so the order of packets on a connection is unchanged. Every other socket (long-polling, or busy) gets
 * socket.io's normal emit.
 *
 * This leans on engine.io 6 internals (`conn.transport.socket`, `conn.writeBuffer`): the realtime tests cover both
 * paths, and the engine.io version is pinned by socket.io's lock entry.
 */
type TEngineConnection = {
  readyState: string;
  upgrading?: boolean;
  writeBuffer?: unknown[];
  transport: { name: string; writable: boolean; socket?: { readyState: number; send: (data: string) => void } };
};

const OPEN = 1;

const writeDirect = (conn: TEngineConnection, packet: string): boolean => {
  const { transport } = conn;
  if (conn.readyState !== 'open' || conn.upgrading || transport.name !== 'websocket' || !transport.writable) return false;
  if (!Array.isArray(conn.writeBuffer) || conn.writeBuffer.length > 0) return false;
  const ws = transport.socket;
  if (!ws || ws.readyState !== OPEN || typeof ws.send !== 'function') return false;
  ws.send(packet);
  return true;
};

export const createRoomBroadcast = (io: Server) => {
  const namespace = io.of('/');
  /** `except`: a socket of the room that is left out. */
  return (room: string, event: string, data?: unknown, except?: string) => {
    const members = namespace.adapter.rooms.get(room);
    if (!members || members.size === 0) return;
    const packet = `42${JSON.stringify(data === undefined ? [event] : [event, data])}`;
    const others: string[] = [];
    for (const socketId of members) {
      if (socketId === except) continue;
      const socket = namespace.sockets.get(socketId);
      if (!socket) continue;
      if (!writeDirect(socket.conn as unknown as TEngineConnection, packet)) others.push(socketId);
    }
    if (others.length === 0) return;
    const target = io.to(others) as unknown as { emit: (event: string, ...args: unknown[]) => boolean };
    if (data === undefined) target.emit(event);
    else target.emit(event, data);
  };
};
