import type { Request, Response } from 'express';
import { domainError, type DomainError } from '@kassa-payments/domain';
import { sendError } from '@kassa-payments/http-kit';
import type { ApiDeps } from './api-deps.js';
import { STREAM_SETTINGS, type OpenStreams, type StreamOwner } from './open-streams.js';

/** What a stream writes: one SSE message (its `id:` when given), or a comment. */
export interface SseWriter {
  send(event: string, data: unknown, id?: string): void;
}

/** What a stream does: `poll` reads storage and writes what it found; `recheck`, when given, checks the caller again (a refusal ends the stream). */
export interface StreamWork {
  readonly poll: (out: SseWriter) => Promise<void>;
  readonly recheck?: () => Promise<DomainError | undefined>;
}

/** Seconds a refused stream waits before trying again. */
const RETRY_AFTER_SECONDS = 5;

/** Whether the client has gone: its socket closed while the stream was being prepared (authentication, storage) fired `close` before anyone listened. */
const gone = (req: Request, res: Response): boolean => req.destroyed || res.destroyed || !res.socket || res.socket.destroyed;

/**
 * Answers `req` with a Server-Sent Events stream of the project, while the client stays: `ready`
 * once, then `poll` every pollMs (writing what it found), a comment every heartbeatMs, the caller
 * checked again every recheckMs. The place is taken from `streams` first (429 STREAM_LIMIT_EXCEEDED
 * with Retry-After beyond the project's or the partner's limit, 503 with Retry-After beyond the process's or once it
 * stops). A stream ends when the client goes (looked at before it starts and at every poll), the
 * process stops, a poll fails (the client reconnects and resumes), its life is over (`reconnect`:
 * the client signs anew), the caller is refused (`error`, naming why), or its reader takes nothing
 * for stalledReaderMs: a poll waits for the socket to drain, so no reader's backlog is held, and
 * then the socket is destroyed with what it still held.
 */
export function serveStream(deps: ApiDeps, streams: OpenStreams | undefined, kind: 'events' | 'requests', owner: StreamOwner, req: Request, res: Response, ready: unknown, work: StreamWork): void {
  const { projectId } = owner;
  const settings = streams?.settings ?? STREAM_SETTINGS;
  let ended = false;
  let release: () => void = () => undefined;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let life: NodeJS.Timeout | undefined;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    clearInterval(heartbeat);
    clearTimeout(life);
    release();
    if (!res.writableEnded) res.end();
  };
  // Listened to first, then looked at: a client that left while the stream was being prepared is gone already.
  req.on('close', end);
  res.on('close', end);
  if (gone(req, res)) {
    end();
    return;
  }
  const taken = streams ? streams.take(kind, owner, { end }) : () => undefined;
  if (taken === 'full' || taken === 'partner-full') {
    ended = true;
    const limit =
      taken === 'full' ? `At most ${settings.maxPerProject} ${kind} streams of a project at once` : `At most ${settings.maxPerPartner} streams of a partner's projects at once on this API process`;
    sendError(res, domainError('STREAM_LIMIT_EXCEEDED', limit, { retry_after_seconds: RETRY_AFTER_SECONDS }), deps.mode);
    return;
  }
  if (taken === 'busy' || taken === 'closing') {
    ended = true;
    sendError(res, domainError('SERVICE_UNAVAILABLE', taken === 'busy' ? 'This API process holds all the streams it may: reconnect' : 'This API process is stopping: reconnect'), deps.mode);
    return;
  }
  release = taken;
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
  // Authenticated once, at the start: a stream lives so long, then its client signs anew.
  life = setTimeout(() => {
    out.send('reconnect', { reason: `a stream lives ${Math.round(settings.maxLifeMs / 1000)} s at most: connect again` });
    end();
  }, settings.maxLifeMs);
  /** Whether the reader took what was written: false when it took nothing for stalledReaderMs (or went). */
  const drained = () =>
    !res.writableNeedDrain
      ? Promise.resolve(true)
      : new Promise<boolean>((resolve) => {
          const done = (ok: boolean) => {
            clearTimeout(wait);
            res.off('drain', took);
            res.off('close', left);
            resolve(ok);
          };
          const took = () => done(true);
          const left = () => done(false);
          const wait = setTimeout(left, settings.stalledReaderMs);
          res.once('drain', took);
          res.once('close', left);
        });
  let checked = performance.now();
  const next = async () => {
    if (ended || gone(req, res)) return end();
    try {
      if (work.recheck && performance.now() - checked >= settings.recheckMs) {
        checked = performance.now();
        const refusal = await work.recheck();
        if (refusal) {
          out.send('error', { code: refusal.code, message: refusal.message });
          return end();
        }
      }
      await work.poll(out);
      if (!(await drained())) {
        deps.logger.info({ stream: kind, projectId }, 'stream ended: its reader took nothing for too long');
        end();
        // Its socket too: ending the answer only queues its last bytes behind the megabytes the
        // reader never took, and TCP keeps such a socket for as long as the reader's kernel answers.
        res.destroy();
        return;
      }
    } catch (e) {
      // Storage failed: the client reconnects and resumes from its last entry.
      deps.logger.warn({ err: e, stream: kind, projectId }, 'stream ended: reading storage failed');
      return end();
    }
    if (!ended) timer = setTimeout(() => void next(), settings.pollMs);
  };
  void next();
}
