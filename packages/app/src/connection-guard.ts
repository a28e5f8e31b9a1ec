import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

/** How many connections a listener holds, and how long one may stay silent. */
export interface ConnectionLimits {
  /** Connections open at once on one listener; beyond it, an idle or slow one makes room. */
  readonly maxConnections: number;
  /** A connection that has sent no byte after this long is closed. */
  readonly firstByteMs: number;
}

/**
 * Each listener keeps at most 2,000 connections (the four public listeners stay well inside a
 * process's usual 20,000 descriptors), and closes a connection that sends nothing within 5 s:
 * Node's own header and request timeouts start only with a request's first byte, so a silent
 * connection would stay for ever.
 */
export const CONNECTION_LIMITS: ConnectionLimits = { maxConnections: 2_000, firstByteMs: 5_000 };

/** A connection's request in progress, if any. */
interface Open {
  request: IncomingMessage | undefined;
}

/**
 * Guards `server` against connections that hold a descriptor and do little. A silent connection
 * is closed after `firstByteMs`. At `maxConnections` a newcomer closes, in this order, the oldest
 * connection with no request running (silent, half a header, or idle between keep-alive
 * requests), else the oldest whose request is still receiving its body (a client trickling bytes);
 * only when every connection holds a whole request being answered is the newcomer closed. So a
 * client holding the cap with idle or slow connections keeps no one out: each newcomer takes one
 * of its places.
 */
export function guardConnections(server: Server, limits: ConnectionLimits): void {
  /** Every open connection, oldest first (a Map keeps insertion order). */
  const open = new Map<Socket, Open>();
  /** The open connections with no request running, oldest first: evicted in O(1). */
  const idle = new Set<Socket>();
  server.on('request', (req: IncomingMessage, res) => {
    const state = open.get(req.socket);
    if (!state) return;
    state.request = req;
    idle.delete(req.socket);
    res.once('close', () => {
      if (state.request !== req) return;
      state.request = undefined;
      // Back at the end of the queue: idle since now.
      if (open.has(req.socket)) idle.add(req.socket);
    });
  });
  /** Closes `socket` and frees its place now (its 'close' event comes later). */
  const close = (socket: Socket): true => {
    open.delete(socket);
    idle.delete(socket);
    socket.destroy();
    return true;
  };
  const evict = (): boolean => {
    for (const socket of idle) return close(socket);
    for (const [socket, state] of open) if (state.request && !state.request.complete) return close(socket);
    return false;
  };
  server.on('connection', (socket: Socket) => {
    if (open.size >= limits.maxConnections && !evict()) {
      socket.destroy();
      return;
    }
    open.set(socket, { request: undefined });
    idle.add(socket);
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, limits.firstByteMs);
    silent.unref();
    socket.once('close', () => {
      clearTimeout(silent);
      open.delete(socket);
      idle.delete(socket);
    });
  });
}
