import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { KassaClient } from '@kassa-payments/merchant-client';
import { CliError, EXIT } from './cli-error.js';

/** One of the JSON v3 API's Server-Sent Events streams, followed across reconnections. */
export interface StreamFollowing {
  readonly client: KassaClient;
  readonly baseUrl: string;
  readonly path: string;
  readonly operation: 'streamEvents' | 'streamRequests';
  /** The query of the next connection (signed with it): it may change once the stream has said where it started. */
  readonly query: () => Readonly<Record<string, string>>;
  /** Sent as Last-Event-ID on a reconnection (resumable streams). */
  readonly resumable: boolean;
  /** Each message, in order; a slow one holds the reading only once `maxPending` wait (then the stream is read no further until there is room). */
  readonly onMessage: (message: EventSourceMessage) => Promise<void> | void;
  /** A line about the connection (reconnecting, resumed), for standard error. */
  readonly onNotice: (line: string) => void;
  /** A connection that brings no byte this long is dead (the server's heartbeat comes every 15 s). */
  readonly stallMs?: number;
  /** The wait before the first retry, doubled each time up to `maxBackoffMs`. */
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  /** Messages read but not handled yet at most: beyond, reading pauses (backpressure reaches the server through TCP). */
  readonly maxPending?: number;
  /** Ends the following (the command's ^C, a test's end): what waits is dropped. */
  readonly signal?: AbortSignal;
}

const STALL_MS = 45_000;
/**
 * An answer's headers come this soon or the connection is tried again: a Kassa that is starting may
 * take a connection before it answers requests (its listeners open before its apps are on them).
 */
const ANSWER_MS = 10_000;
const MAX_PENDING = 100;

/** Retry-After in seconds or as an HTTP date (a proxy's 503), in ms from now; 0 when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number {
  if (value === null) return 0;
  if (/^\d{1,6}$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : 0;
}

/** How the server ended a stream: its life was over (connect again, signed anew), or it refused the caller. */
type ServerEnding = { readonly renew: true } | { readonly refused: CliError };

/** A stream's `event: error` (the server refused the caller while the stream lived), as the CLI ends on it. */
function streamRefusal(data: string): CliError {
  let error: { code?: string; message?: string } = {};
  try {
    error = JSON.parse(data) as typeof error;
  } catch {
    error = {};
  }
  const what = `${error.code ?? 'ERROR'}: ${error.message ?? data.slice(0, 200)}`;
  return new CliError(`Kassa ended the stream: ${what}`, error.code?.startsWith('AUTH_') ? EXIT.refused : EXIT.unavailable);
}

/** Whether a refusal is for good (credentials, project, the request itself) rather than for now. */
async function refusal(response: Response): Promise<CliError | undefined> {
  if (response.status === 429 || response.status >= 500) return undefined;
  const text = await response.text().catch(() => '');
  let error: { code?: string; message?: string } | undefined;
  try {
    error = (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
  } catch {
    error = undefined;
  }
  const what = `${response.status} ${error?.code ?? 'ERROR'}: ${error?.message ?? text.slice(0, 200)}`;
  if (response.status === 401) return new CliError(`Kassa refused the credentials (KASSA_LOGIN, KASSA_PASSWORD): ${what}`, EXIT.refused);
  if (response.status === 403) return new CliError(`Kassa refused the project (KASSA_PROJECT or --project: unknown, inactive, or another partner's): ${what}`, EXIT.refused);
  return new CliError(what, EXIT.refused);
}

/**
 * Follows the stream until `signal` aborts: connects (signed anew each time), reads messages in
 * order, and reconnects when the connection drops, Kassa restarts, or no byte came for `stallMs`
 * (a connection that died silently: a heartbeat comes every 15 s), waiting backoffMs, doubled each
 * time up to maxBackoffMs (a 429's or 503's Retry-After when longer). With `resumable`, a
 * reconnection sends the last id received as Last-Event-ID. A refusal for good (401, 403, 400)
 * throws a CliError.
 */
export async function followStream(o: StreamFollowing): Promise<void> {
  let lastId: string | undefined;
  let backoff = o.backoffMs ?? 500;
  const maxPending = o.maxPending ?? MAX_PENDING;
  // Messages read, handled one at a time in order; a bounded queue (reading waits for room).
  const queue: EventSourceMessage[] = [];
  let working: Promise<void> | undefined;
  let room: (() => void)[] = [];
  const freed = () => {
    const waiting = room;
    room = [];
    for (const resolve of waiting) resolve();
  };
  const work = async () => {
    for (let message = queue.shift(); message && !o.signal?.aborted; message = queue.shift()) {
      await Promise.resolve(o.onMessage(message)).catch((e: unknown) => o.onNotice(`could not handle a message: ${(e as Error).message}`));
      freed();
    }
    working = undefined;
    freed();
  };
  o.signal?.addEventListener(
    'abort',
    () => {
      queue.length = 0;
      freed();
    },
    { once: true },
  );
  /** What the server said of the connection's end: a new one wanted (its life is over), or a refusal. */
  let ending: ServerEnding | undefined;
  const parser = createParser({
    onEvent: (message) => {
      if (message.event === 'reconnect' || message.event === 'error') {
        ending = message.event === 'reconnect' ? { renew: true } : { refused: streamRefusal(message.data) };
        return;
      }
      if (message.id) lastId = message.id;
      queue.push(message);
      working ??= work();
    },
  });
  let quiet = false;
  for (let attempt = 0; !o.signal?.aborted; attempt += 1) {
    const connection = new AbortController();
    const stop = () => connection.abort();
    o.signal?.addEventListener('abort', stop, { once: true });
    let stalled = false;
    let retryAfter = 0;
    let timer: NodeJS.Timeout | undefined;
    const watch = (ms = o.stallMs ?? STALL_MS) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        stalled = true;
        connection.abort();
      }, ms);
    };
    ending = undefined;
    try {
      const query = o.query();
      const search = new URLSearchParams(query).toString();
      watch(Math.min(ANSWER_MS, o.stallMs ?? STALL_MS));
      const path = `${o.path}${search ? `?${search}` : ''}`;
      const response = await fetch(new URL(path, o.baseUrl), {
        headers: { ...o.client.signedHeaders({ operation: o.operation, query, method: 'GET', path }), Accept: 'text/event-stream', ...(o.resumable && lastId ? { 'Last-Event-ID': lastId } : {}) },
        signal: connection.signal,
      });
      watch();
      if (response.status !== 200 || !response.body) {
        const refused = await refusal(response);
        if (refused) throw refused;
        retryAfter = retryAfterMs(response.headers.get('retry-after'));
        o.onNotice(`Kassa answered ${response.status}: trying again`);
      } else {
        if (attempt > 0 && !quiet) o.onNotice(`connected again${lastId ? `, resuming after ${lastId}` : ''}`);
        quiet = false;
        parser.reset();
        const decoder = new TextDecoder();
        for await (const chunk of response.body) {
          watch();
          backoff = o.backoffMs ?? 500;
          parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
          if (ending) break;
          // A slow receiver: read no further until there is room (no stall is counted meanwhile).
          if (queue.length >= maxPending) {
            clearTimeout(timer);
            while (queue.length >= maxPending && !o.signal?.aborted) await new Promise<void>((resolve) => room.push(resolve));
            watch();
          }
        }
        const end = ending as ServerEnding | undefined;
        if (end && 'refused' in end) throw end.refused;
        if (end) quiet = true;
        else o.onNotice('the stream ended (Kassa stopping or restarting?): reconnecting');
      }
    } catch (e) {
      if (e instanceof CliError) throw e;
      if (o.signal?.aborted) break;
      o.onNotice(stalled ? `Kassa went silent (no heartbeat, or no answer in time): the connection is dead, reconnecting` : `cannot reach Kassa at ${o.baseUrl}: ${(e as Error).message}; retrying`);
    } finally {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', stop);
      connection.abort();
    }
    if (o.signal?.aborted) break;
    // A stream that lived its time is renewed at once, signed anew; anything else waits its backoff.
    if (quiet) continue;
    await new Promise((resolve) => setTimeout(resolve, Math.max(backoff, Math.min(retryAfter, 60_000))));
    backoff = Math.min(backoff * 2, o.maxBackoffMs ?? 10_000);
  }
  // ^C: what waits was dropped, and the message in hand is not waited for.
  if (!o.signal?.aborted) await working;
}
