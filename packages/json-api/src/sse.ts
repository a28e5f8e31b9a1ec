import type { Request, Response } from 'express';
import { domainError } from '@kassa/domain';
import { sendError } from '@kassa/http-kit';
import type { ApiDeps } from './api-deps.js';
import { STREAM_SETTINGS, type OpenStreams } from './open-streams.js';

/** What a stream writes: one SSE message (its `id:` when given), or a comment. */
export interface SseWriter {
  send(event: string, data: unknown, id?: string): void;
}

/** Seconds a refused stream waits before trying again. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Answers `req` with a Server-Sent Events stream of the project, while the client stays: `ready`
 * once, then `poll` every pollMs (writing what it found), a comment every heartbeatMs. The place is
 * taken from `streams` first (429 STREAM_LIMIT_EXCEEDED with Retry-After beyond the project's
 * limit; 503 once the process stops). A stream ends when the client goes, the process stops, or a
 * poll fails (the client reconnects and resumes); it never holds a reader's backlog: a poll waits
 * for the socket to drain.
 */
export function serveStream(
  deps: ApiDeps,
  streams: OpenStreams | undefined,
  kind: 'events' | 'requests',
  projectId: number,
  req: Request,
  res: Response,
  ready: unknown,
  poll: (out: SseWriter) => Promise<void>,
): void {
  const settings = streams?.settings ?? STREAM_SETTINGS;
  let ended = false;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    clearInterval(heartbeat);
    release();
    if (!res.writableEnded) res.end();
  };
  const taken = streams ? streams.take(kind, projectId, { end }) : () => undefined;
  if (taken === 'full') {
    sendError(res, domainError('STREAM_LIMIT_EXCEEDED', `At most ${settings.maxPerProject} ${kind} streams of a project at once`, { retry_after_seconds: RETRY_AFTER_SECONDS }), deps.mode);
    return;
  }
  if (taken === 'closing') {
    sendError(res, domainError('SERVICE_UNAVAILABLE', 'This API process is stopping: reconnect'), deps.mode);
    return;
  }
  const release = taken;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    // nginx and its kind pass each message on at once rather than buffer the answer.
    'X-Accel-Buffering': 'no',
    Connection: 'keep-alive',
  });
  const write = (text: string) => {
    if (!ended) res.write(text);
  };
  const out: SseWriter = { send: (event, data, id) => write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`) };
  out.send('ready', ready);
  heartbeat = setInterval(() => write(': heartbeat\n\n'), settings.heartbeatMs);
  req.on('close', end);
  res.on('close', end);
  const drained = () => (res.writableNeedDrain ? new Promise<void>((resolve) => res.once('drain', () => resolve())) : Promise.resolve());
  const next = async () => {
    try {
      await poll(out);
      await drained();
    } catch (e) {
      // Storage failed: the client reconnects and resumes from its last entry.
      deps.logger.warn({ err: e, stream: kind, projectId }, 'stream ended: reading storage failed');
      return end();
    }
    if (!ended) timer = setTimeout(() => void next(), settings.pollMs);
  };
  void next();
}
