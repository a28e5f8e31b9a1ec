import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { KassaClient } from '@kassa/merchant-client';
import { CliError, EXIT } from './admin-client.js';

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
  /** Each message, in order; a slow one does not hold the reading (the stream is still watched). */
  readonly onMessage: (message: EventSourceMessage) => Promise<void> | void;
  /** A line about the connection (reconnecting, resumed), for standard error. */
  readonly onNotice: (line: string) => void;
  /** A connection that brings no byte this long is dead (the server's heartbeat comes every 15 s). */
  readonly stallMs?: number;
  /** The wait before the first retry, doubled each time up to `maxBackoffMs`. */
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  /** Ends the following (the command's ^C, a test's end). */
  readonly signal?: AbortSignal;
}

const STALL_MS = 45_000;
/**
 * An answer's headers come this soon or the connection is tried again: a Kassa that is starting may
 * take a connection before it answers requests (its listeners open before its apps are on them).
 */
const ANSWER_MS = 10_000;

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
  let handled: Promise<void> = Promise.resolve();
  const parser = createParser({
    onEvent: (message) => {
      if (message.id) lastId = message.id;
      handled = handled.then(() => o.onMessage(message)).catch((e: unknown) => o.onNotice(`could not handle a message: ${(e as Error).message}`));
    },
  });
  for (let attempt = 0; !o.signal?.aborted; attempt += 1) {
    const connection = new AbortController();
    const stop = () => connection.abort();
    o.signal?.addEventListener('abort', stop, { once: true });
    let stalled = false;
    let retryAfterMs = 0;
    let timer: NodeJS.Timeout | undefined;
    const watch = (ms = o.stallMs ?? STALL_MS) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        stalled = true;
        connection.abort();
      }, ms);
    };
    try {
      const query = o.query();
      const search = new URLSearchParams(query).toString();
      watch(Math.min(ANSWER_MS, o.stallMs ?? STALL_MS));
      const response = await fetch(new URL(`${o.path}${search ? `?${search}` : ''}`, o.baseUrl), {
        headers: { ...o.client.signedHeaders({ operation: o.operation, query }), Accept: 'text/event-stream', ...(o.resumable && lastId ? { 'Last-Event-ID': lastId } : {}) },
        signal: connection.signal,
      });
      watch();
      if (response.status !== 200 || !response.body) {
        const refused = await refusal(response);
        if (refused) throw refused;
        retryAfterMs = Number(response.headers.get('retry-after') ?? '0') * 1000;
        o.onNotice(`Kassa answered ${response.status}: trying again`);
      } else {
        if (attempt > 0) o.onNotice(`connected again${lastId ? `, resuming after ${lastId}` : ''}`);
        parser.reset();
        const decoder = new TextDecoder();
        for await (const chunk of response.body) {
          watch();
          backoff = o.backoffMs ?? 500;
          parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
        }
        o.onNotice('the stream ended (Kassa stopping or restarting?): reconnecting');
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
    await new Promise((resolve) => setTimeout(resolve, Math.max(backoff, Math.min(retryAfterMs, 60_000))));
    backoff = Math.min(backoff * 2, o.maxBackoffMs ?? 10_000);
  }
  await handled;
}
