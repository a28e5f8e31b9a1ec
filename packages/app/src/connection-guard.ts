import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { ConnectionsBySource, type Source, sourceOf } from './connection-sources.js';
import { moved, outputMark, type OutputMark } from './socket-output.js';

/** How many connections a listener holds, how long one may stay silent, and how long its output may stand still. */
export interface ConnectionLimits {
  /** Connections open at once on one listener; beyond it, a stalled, idle or slow one of the address holding the most makes room. */
  readonly maxConnections: number;
  /** A connection that has sent no byte after this long is closed. */
  readonly firstByteMs: number;
  /** A connection whose output waits and has not moved for this long (its reader takes nothing) is destroyed. */
  readonly stalledWriteMs: number;
}

/**
 * Each listener keeps at most 2,000 connections (the four public listeners stay well inside a
 * process's usual 20,000 descriptors), and closes a connection that sends nothing within 5 s:
 * Node's own header and request timeouts start only with a request's first byte, so a silent
 * connection would stay for ever. A connection whose reader takes nothing of its answer for 30 s
 * (as long as a stream waits for its reader) is destroyed: TCP keeps such a socket, and its send
 * queue, for as long as the peer's kernel answers the window probes, which is for ever.
 */
export const CONNECTION_LIMITS: ConnectionLimits = { maxConnections: 2_000, firstByteMs: 5_000, stalledWriteMs: 30_000 };

/** How often the output of the open connections is looked at (at most: a shorter stalledWriteMs looks more often). */
const OUTPUT_CHECK_MS = 1_000;

/**
 * Where the guard's time comes from: the clock its stalled-writer rule reads, and what runs its
 * periodic look at the connections' output. A test gives its own (a clock it moves, and the look
 * kept to call it itself); a listener runs on `REAL_TIME`.
 */
export interface GuardTime {
  /** Milliseconds, monotonic. */
  readonly now: () => number;
  /** Runs `look` every `ms` milliseconds until the returned function is called. */
  readonly every: (look: () => void, ms: number) => () => void;
}

/** performance.now, and an unref'd setInterval (the looks keep no process alive). */
export const REAL_TIME: GuardTime = {
  now: () => performance.now(),
  every: (look, ms) => {
    const timer = setInterval(look, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};

/** A connection's source and its request in progress, if any. */
interface Open {
  readonly source: Source<Socket>;
  request: IncomingMessage | undefined;
}

/**
 * Guards `server` against connections that hold a descriptor and do little. A silent connection
 * is closed after `firstByteMs`. A connection whose output waits and has not moved since the last
 * look (every second) is a stalled writer; one stalled for `stalledWriteMs` is destroyed, with
 * whatever its answer still had to send. At `maxConnections` a stalled writer goes first, from
 * the address holding the most of them (its oldest); a stalled writer holds a place and a send
 * queue for nobody, and it is not an answer being sent: before, a listener filled with them
 * refused every newcomer. Without one, a newcomer makes room at the expense of the
 * source address (an IPv4 address or an IPv6 /64, see `sourceOf`) that would then hold the most
 * connections: its own address if that is at the top (ties included), else the heaviest other.
 * From that address it closes the oldest connection with no request running (silent, half a
 * header, or idle between keep-alive requests), else the oldest whose request is still receiving
 * its body (a client trickling bytes). Only if that address has neither does the same order apply
 * across all addresses; only when every connection holds a whole request being answered is the
 * newcomer closed. So one address flooding the listener with idle or slow connections evicts only
 * its own, and a client of another address keeps its place until it sends its request; without
 * the ranking, each flooding newcomer took the place of the oldest idle connection, whoever held it.
 * `time`: the clock and the periodic look of the stalled-writer rule (a test's own; real by default).
 */
export function guardConnections(server: Server, limits: ConnectionLimits, time: GuardTime = REAL_TIME): void {
  /** Every open connection, oldest first (a Map keeps insertion order). */
  const open = new Map<Socket, Open>();
  /** The open connections with no request running, oldest first: evicted in O(1). */
  const idle = new Set<Socket>();
  const bySource = new ConnectionsBySource<Socket>();
  /** The open connections whose output waits: where it stood when last seen moving, and since when. */
  const waiting = new Map<Socket, { mark: OutputMark; since: number }>();
  /** Those whose output did not move between two looks, by source. */
  const stalled = new ConnectionsBySource<Socket>();
  const stalledSource = new Map<Socket, Source<Socket>>();
  const unstall = (socket: Socket): void => {
    const source = stalledSource.get(socket);
    if (source === undefined) return;
    stalledSource.delete(socket);
    stalled.remove(source, socket);
  };
  server.on('request', (req: IncomingMessage, res) => {
    const state = open.get(req.socket);
    if (!state) return;
    state.request = req;
    idle.delete(req.socket);
    bySource.markBusy(state.source, req.socket);
    res.once('close', () => {
      if (state.request !== req) return;
      state.request = undefined;
      // Back at the end of the queues: idle since now.
      if (!open.has(req.socket)) return;
      idle.add(req.socket);
      bySource.markIdle(state.source, req.socket);
    });
  });
  const forget = (socket: Socket): void => {
    const state = open.get(socket);
    if (!state) return;
    open.delete(socket);
    idle.delete(socket);
    bySource.remove(state.source, socket);
    waiting.delete(socket);
    unstall(socket);
  };
  /** Closes `socket` and frees its place now (its 'close' event comes later). */
  const close = (socket: Socket): true => {
    forget(socket);
    socket.destroy();
    return true;
  };
  /** Closes the first of `idleOnes`, else the first of `all` still receiving its body. */
  const evictFrom = (idleOnes: Iterable<Socket>, all: Iterable<Socket>): boolean => {
    for (const socket of idleOnes) return close(socket);
    for (const socket of all) {
      const request = open.get(socket)?.request;
      if (request && !request.complete) return close(socket);
    }
    return false;
  };
  const evict = (newcomer: string): boolean => {
    for (const socket of stalled.heaviest()?.open ?? []) return close(socket);
    const heaviest = bySource.heaviest();
    const own = bySource.get(newcomer);
    const ownIsHeaviest = own !== undefined && (!heaviest || own.open.size + 1 >= heaviest.open.size);
    const target = ownIsHeaviest ? own : heaviest;
    if (target !== undefined && evictFrom(target.idle, target.open)) return true;
    // Nothing of the heaviest to close (each of its connections holds a request being answered): a
    // newcomer of that source is refused rather than take another source's place.
    return !ownIsHeaviest && evictFrom(idle, open.keys());
  };
  const checkOutput = (): void => {
    const now = time.now();
    for (const socket of open.keys()) {
      const mark = outputMark(socket);
      const seen = waiting.get(socket);
      if (mark === undefined) {
        waiting.delete(socket);
        unstall(socket);
      } else if (seen === undefined || moved(seen.mark, mark)) {
        waiting.set(socket, { mark, since: now });
        unstall(socket);
      } else if (now - seen.since >= limits.stalledWriteMs) close(socket);
      else if (!stalledSource.has(socket)) stalledSource.set(socket, stalled.add(open.get(socket)?.source.key ?? '', socket));
    }
  };
  const stopChecking = time.every(checkOutput, Math.min(OUTPUT_CHECK_MS, limits.stalledWriteMs / 2));
  server.once('close', stopChecking);
  server.on('connection', (socket: Socket) => {
    const source = sourceOf(socket.remoteAddress);
    if (open.size >= limits.maxConnections && !evict(source)) {
      socket.destroy();
      return;
    }
    open.set(socket, { source: bySource.add(source, socket), request: undefined });
    idle.add(socket);
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, limits.firstByteMs);
    silent.unref();
    socket.once('close', () => {
      clearTimeout(silent);
      forget(socket);
    });
  });
}
