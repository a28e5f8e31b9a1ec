import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How many connections a listener holds, and how long one may stay silent. */
export interface ConnectionLimits {
  /** Connections open at once on one listener; beyond it, the oldest idle one makes room. */
  readonly maxConnections: number;
  /** A connection that has sent no byte after this long is closed. */
  readonly firstByteMs: number;
}

/**
 * Each listener keeps at most 2,000 connections (five listeners stay well inside a process's usual
 * 20,000 descriptors), and closes a connection that sends nothing within 5 s: Node's own header and
 * request timeouts start only with a request's first byte, so a silent connection would stay for ever.
 */
export const CONNECTION_LIMITS: ConnectionLimits = { maxConnections: 2_000, firstByteMs: 5_000 };

/**
 * Guards `server` against connections that hold a descriptor and do nothing. A silent connection
 * is closed after `firstByteMs`. At `maxConnections`, a new connection closes the oldest one that
 * has no request running (silent, half a request, or idle between keep-alive requests); only when
 * every connection is busy with a request is the newcomer closed. So a client holding the cap with
 * idle connections cannot keep others out: each newcomer takes one of its places.
 */
export function guardConnections(server: Server, limits: ConnectionLimits): void {
  /** Open connections, oldest first (a Map keeps insertion order), with their running requests. */
  const open = new Map<Socket, { running: number }>();
  server.on('request', (req, res) => {
    const state = open.get(req.socket);
    if (!state) return;
    state.running += 1;
    res.once('close', () => {
      state.running -= 1;
    });
  });
  server.on('connection', (socket: Socket) => {
    if (open.size >= limits.maxConnections) {
      const idle = [...open].find(([, s]) => s.running === 0)?.[0];
      if (!idle) {
        socket.destroy();
        return;
      }
      idle.destroy();
      open.delete(idle);
    }
    open.set(socket, { running: 0 });
    socket.once('close', () => open.delete(socket));
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, limits.firstByteMs);
    silent.unref();
    socket.once('close', () => clearTimeout(silent));
  });
}
