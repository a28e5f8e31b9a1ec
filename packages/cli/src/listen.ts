import { randomBytes } from 'node:crypto';
import { KassaClient } from '@kassa-payments/merchant-client';
import { isWebhookSecret, STREAM_EVENT_ID, webhookSignature, type EventStreamEntry } from '@kassa-payments/protocol';
import { CliError, EXIT } from './cli-error.js';
import { followStream } from './event-stream.js';
import type { MerchantConnection } from './trigger.js';

/** What `kassa listen` was asked for. */
export interface ListenOptions {
  readonly forwardTo: string;
  /** Event types (wire names); all when absent. */
  readonly events?: readonly string[];
  /** An ISO time, or an event id: the events from there first (backfill). */
  readonly since?: string;
  /** The session's signing secret (KASSA_LISTEN_SECRET); a new one when absent. */
  readonly secret?: string;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  readonly signal?: AbortSignal;
  /** For tests: how soon a silent connection counts as dead. */
  readonly stallMs?: number;
}

/** A forward waits this long for the local answer. */
const FORWARD_TIMEOUT_MS = 30_000;
/** Entry ids remembered against a second forward (a reconnection's overlap); the oldest go first. */
const SEEN_KEPT = 100_000;

/** `--since`: a duration back from now (90s, 30m, 2h, 7d), an ISO time, or an event id as given. */
export function sinceArgument(text: string, now = Date.now()): string {
  const duration = /^([0-9]{1,6})([smhd])$/.exec(text);
  if (duration) return new Date(now - Number(duration[1]) * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[duration[2] as 's' | 'm' | 'h' | 'd']).toISOString();
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    if (Number.isNaN(Date.parse(text))) throw new CliError(`--since ${text}: not a time`, EXIT.usage);
    return new Date(Date.parse(text)).toISOString();
  }
  if (STREAM_EVENT_ID.test(text)) return text;
  throw new CliError('--since: a duration (30m, 2h, 7d), an ISO time, or an event id', EXIT.usage);
}

/** A new session secret, as Standard Webhooks libraries read them: whsec_ and 32 random bytes in base64. */
export const newSessionSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * `kassa listen`: follows the project's event stream (GET events/stream) and POSTs each event to
 * `forwardTo` as a webhook endpoint gets it (the same body, Standard Webhooks headers with the
 * event's id as webhook-id), signed by the session's secret, printing one line per forward. Each
 * stream entry is forwarded once (a reconnection's overlap is skipped by its id); a redelivery is an
 * entry of its own, forwarded with the event's webhook-id. Runs until `signal` aborts.
 */
export async function listen(connection: MerchantConnection, options: ListenOptions): Promise<void> {
  const secret = options.secret ?? newSessionSecret();
  if (!isWebhookSecret(secret)) throw new CliError('KASSA_LISTEN_SECRET: whsec_ and the base64 of at least 24 random bytes', EXIT.usage);
  let target: URL;
  try {
    target = new URL(options.forwardTo);
  } catch {
    throw new CliError(`--forward-to ${options.forwardTo}: not a URL`, EXIT.usage);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new CliError('--forward-to: an http or https URL', EXIT.usage);
  const client = new KassaClient({ baseUrl: connection.api, login: connection.login, password: connection.password });
  let since = options.since;
  let ready = false;
  const seen = new Set<string>();
  const forward = async (entry: EventStreamEntry) => {
    const body = JSON.stringify(entry.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const started = performance.now();
    let outcome: string;
    try {
      const answer = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': entry.event_id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': webhookSignature(secret, entry.event_id, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      });
      await answer.arrayBuffer().catch(() => undefined);
      outcome = `[${answer.status}]`;
    } catch (e) {
      outcome = `[ERR ${(e as Error).message}]`;
    }
    const ms = Math.round(performance.now() - started);
    options.out(`${new Date().toISOString()}  --> ${entry.type}${entry.redelivery ? ' (redelivery)' : ''}  ${entry.event_id}  ${outcome} ${ms} ms`);
  };
  await followStream({
    client,
    baseUrl: connection.api,
    path: `/api/v3/projects/${connection.project}/events/stream`,
    operation: 'streamEvents',
    query: () => ({ ...(options.events?.length ? { types: options.events.join(',') } : {}), ...(since ? { since } : {}) }),
    resumable: true,
    onNotice: options.err,
    ...(options.stallMs ? { stallMs: options.stallMs } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    onMessage: async (message) => {
      if (message.event === 'ready') {
        // The place this session started after, sent again on every reconnection (Last-Event-ID wins once an entry came):
        // a place needs no event to be still there (a reset or the retention may remove the one --since named).
        since = (JSON.parse(message.data) as { since: string }).since;
        if (!ready) options.out(`Ready! Your webhook signing secret is ${secret} (^C to quit)`);
        ready = true;
        return;
      }
      if (message.event !== 'event') return;
      const entry = JSON.parse(message.data) as EventStreamEntry;
      if (seen.has(entry.entry_id)) return;
      seen.add(entry.entry_id);
      if (seen.size > SEEN_KEPT) seen.delete(seen.values().next().value as string);
      await forward(entry);
    },
  });
}
