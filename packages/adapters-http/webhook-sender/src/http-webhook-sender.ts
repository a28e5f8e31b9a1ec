import { webhookSignature } from '@kassa-payments/protocol';
import type { AttemptOutcome, Clock, DeliveryAttempt, Notification, SigningInput, WebhookSender } from '@kassa-payments/domain';
import { maskUrlsIn } from '@kassa-payments/domain';
import { SpanStatusCode, type Tracer } from '@opentelemetry/api';
import pLimit, { type LimitFunction } from 'p-limit';
import { isIP } from 'node:net';
import { Agent, fetch, type Response } from 'undici';
import { connectHost, dnsResolver, isLocalName, isPublicAddress, isReachableHost, publicOnlyLookup, type HostResolver } from './callback-targets.js';
import type { AddressRule } from './private-networks.js';

/** Attempts in flight to one endpoint (origin) at most: a slow one holds these, never the others'. */
export const PER_ENDPOINT_CONCURRENCY = 8;

/** An endpoint is slow when its gate is full and the oldest attempt in flight has run this long. */
export const SLOW_ENDPOINT_MS = 1_000;

/**
 * One endpoint's gate: at most `limit` attempts in flight (p-limit), the rest wait their turn
 * without holding a connection or running their timeout; it remembers when each attempt in flight
 * started, to tell a slow endpoint from a busy fast one.
 */
class Gate {
  private readonly limit: LimitFunction;
  /** When each attempt in flight started (ms, monotonic), oldest first. */
  private readonly started: number[] = [];
  /** How long the last attempt that ended took (ms): a fast endpoint's queue moves in milliseconds. */
  private lastMs = 0;
  constructor(size: number) {
    this.limit = pLimit(size);
  }
  run<T>(work: () => Promise<T>): Promise<T> {
    return this.limit(async () => {
      const at = performance.now();
      this.started.push(at);
      try {
        return await work();
      } finally {
        this.started.splice(this.started.indexOf(at), 1);
        this.lastMs = performance.now() - at;
      }
    });
  }
  /**
   * Full, and a turn would be long in coming: its oldest attempt has run a second, or its last
   * attempt took a second and as many attempts as it takes already wait (right after a batch of
   * timeouts the ones let in look fresh). Waiting here would hold a worker for seconds; at a fast
   * endpoint's full gate it holds one for milliseconds.
   */
  get busy(): boolean {
    const oldest = this.started[0];
    if (this.limit.activeCount < this.limit.concurrency || oldest === undefined) return false;
    return performance.now() - oldest >= SLOW_ENDPOINT_MS || (this.limit.pendingCount >= this.limit.concurrency && this.lastMs >= SLOW_ENDPOINT_MS);
  }
  get idle(): boolean {
    return this.limit.activeCount === 0 && this.limit.pendingCount === 0;
  }
}

/** Standard Webhooks: an attempt that has not answered 2xx within this is a failure. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** The part of an answer's body kept with the attempt. */
const KEPT_RESPONSE_BYTES = 1024;

/** Seconds a `Retry-After` header asks for (delta-seconds or an HTTP date), if any. */
function retryAfterSeconds(value: string | null, now: Date): number | undefined {
  if (!value) return undefined;
  if (/^\d{1,9}$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now.getTime()) / 1000);
}

/** Reads at most the first KB of an answer and lets the rest go. */
async function firstBytes(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < KEPT_RESPONSE_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, KEPT_RESPONSE_BYTES).toString('utf8');
}

/** How the sender waits, how many attempts one endpoint may have in flight, and which notifications may reach public addresses only. */
export interface WebhookSenderOptions {
  readonly timeoutMs?: number;
  readonly perEndpoint?: number;
  /**
   * Which addresses a notification may reach (the test callbacks and the merchants' endpoints:
   * public ones, and the private networks the operator allows); undefined: any. The address is
   * checked when the connection is made, so a name that resolved to a public address at creation and
   * now resolves to a private one (DNS rebinding) is refused.
   */
  readonly reachable?: (notification: Notification) => AddressRule | undefined;
  /**
   * Whether the answer of a private address is kept with the attempt (default false: its status
   * only). Kept, merchants would read through the delivery log what a service of the private
   * network answers; on a developer's own machine (nobody else reaches Kassa) it is worth showing.
   */
  readonly keepPrivateAnswers?: boolean;
  /** How names are resolved for the `reachable` rules and for telling a private target (default `dnsResolver()`). */
  readonly resolve?: HostResolver;
  /**
   * The tracer of the attempts' spans, given when the process exports traces: each attempt is then
   * a span, the child of the delivery job's, and the fetch inside it undici's client span, whose
   * instrumentation sends the merchant the W3C `traceparent` header of that trace. Without it no
   * span is begun at all (not even the API's no-op one and its closure).
   */
  readonly tracer?: Tracer;
}

/**
 * POSTs a notification signed per Standard Webhooks: `webhook-id` (the event's stable id),
 * `webhook-timestamp` (this attempt's unix seconds), `webhook-signature` (`v1,` + base64
 * HMAC-SHA256 of `id.timestamp.body` with the project's secret). 2xx is success, 410 stops the
 * retries, anything else (3xx included: redirects are not followed), a timeout or a connection
 * error is a failure; `Retry-After` on 429 and 503 is passed on. At most PER_ENDPOINT_CONCURRENCY
 * attempts are in flight to one endpoint; the others wait their turn without holding a connection.
 */
export class HttpWebhookSender implements WebhookSender {
  private readonly gates = new Map<string, Gate>();
  private readonly timeoutMs: number;
  private readonly perEndpoint: number;
  private readonly resolve: HostResolver;
  /** Connections whose lookup refuses what a rule does not reach, one pool per rule (public-only among them). */
  private readonly agents = new Map<AddressRule, Agent>();

  constructor(
    private readonly clock: Clock,
    private readonly options: WebhookSenderOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    this.perEndpoint = options.perEndpoint ?? PER_ENDPOINT_CONCURRENCY;
    this.resolve = options.resolve ?? dnsResolver();
  }

  /** The pool whose connections reach only what `rule` allows. */
  private agentOf(rule: AddressRule): Agent {
    let agent = this.agents.get(rule);
    if (!agent) {
      agent = new Agent({ connect: { lookup: publicOnlyLookup(this.resolve, rule) } });
      this.agents.set(rule, agent);
    }
    return agent;
  }

  /**
   * How an attempt connects, and whether its answer may be kept. A target that is public as written
   * or resolved goes through the public-only pool, so what answers is public when it connects too;
   * any other goes through its rule's pool (or the default one), and its answer is dropped unless
   * the operator keeps private answers. A name that does not resolve here counts as private.
   */
  private async route(host: string, rule: AddressRule | undefined): Promise<{ dispatcher?: Agent; keepsAnswer: boolean }> {
    if (this.options.keepPrivateAnswers) return rule ? { dispatcher: this.agentOf(rule), keepsAnswer: true } : { keepsAnswer: true };
    if (await isReachableHost(host, this.resolve, isPublicAddress)) return { dispatcher: this.agentOf(isPublicAddress), keepsAnswer: true };
    return rule ? { dispatcher: this.agentOf(rule), keepsAnswer: false } : { keepsAnswer: false };
  }

  busy(notification: Notification): boolean {
    const origin = URL.parse(notification.url)?.origin;
    return origin !== undefined && (this.gates.get(origin)?.busy ?? false);
  }

  /** Each endpoint (origin) has its own gate, so one that never answers slows only its own deliveries. */
  send(notification: Notification, signing: SigningInput): Promise<{ attempt: DeliveryAttempt; outcome: AttemptOutcome }> {
    let origin: string;
    try {
      const url = new URL(notification.url);
      // fetch would answer `data:` and `file:` URLs itself: a success with nothing sent.
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
      origin = url.origin;
    } catch {
      return Promise.resolve({ attempt: { at: this.clock.now().toISOString(), status: null, latencyMs: 0, response: '', error: 'not an http(s) URL' }, outcome: { kind: 'failure' } });
    }
    const gate = this.gates.get(origin) ?? new Gate(this.perEndpoint);
    this.gates.set(origin, gate);
    return gate
      .run(() => (this.options.tracer ? this.tracedAttempt(this.options.tracer, notification, signing) : this.attempt(notification, signing)))
      .finally(() => {
        if (gate.idle) this.gates.delete(origin);
      });
  }

  /** The attempt in its span: the event's id and the channel, the answer's status, an error status when it failed. */
  private tracedAttempt(tracer: Tracer, notification: Notification, signing: SigningInput): Promise<{ attempt: DeliveryAttempt; outcome: AttemptOutcome }> {
    return tracer.startActiveSpan('webhook attempt', { attributes: { 'webhook.id': signing.webhookId, 'kassa.webhook.channel': notification.channel } }, async (span) => {
      try {
        const result = await this.attempt(notification, signing);
        if (result.attempt.status !== null) span.setAttribute('http.response.status_code', result.attempt.status);
        span.setAttribute('kassa.webhook.outcome', result.outcome.kind);
        if (result.outcome.kind !== 'success') span.setStatus({ code: SpanStatusCode.ERROR, message: result.attempt.error ?? `answered ${result.attempt.status}` });
        return result;
      } finally {
        span.end();
      }
    });
  }

  private async attempt(notification: Notification, signing: SigningInput): Promise<{ attempt: DeliveryAttempt; outcome: AttemptOutcome }> {
    const started = this.clock.now();
    // The attempt's latency is real time (what the endpoint took), whatever the clock says.
    const startedMs = performance.now();
    const rule = this.options.reachable?.(notification);
    // An address written in the URL is never looked up, so the lookup's check cannot see it.
    const host = connectHost(notification.url) ?? '';
    if (rule && (isIP(host) !== 0 ? !rule(host) : isLocalName(host))) {
      return { attempt: { at: started.toISOString(), status: null, latencyMs: 0, response: '', error: 'the host is not a public address' }, outcome: { kind: 'failure' } };
    }
    const { dispatcher, keepsAnswer } = await this.route(host, rule);
    const timestamp = Math.floor(started.getTime() / 1000);
    const headers: Record<string, string> = { 'content-type': notification.contentType, 'webhook-id': signing.webhookId, 'webhook-timestamp': String(timestamp), 'user-agent': 'Kassa-Webhooks/1' };
    // During a rotation's overlap both secrets sign, space-separated, as Standard Webhooks allows: a
    // receiver that still has the old secret verifies as well as one that has the new.
    const secrets = [signing.secret, signing.retiringSecret].filter((s): s is string => typeof s === 'string' && s !== '');
    if (secrets.length > 0) headers['webhook-signature'] = secrets.map((s) => webhookSignature(s, signing.webhookId, timestamp, notification.body)).join(' ');
    const attempt = (status: number | null, response: string, error: string | null): DeliveryAttempt => ({
      at: started.toISOString(),
      status,
      latencyMs: Math.round(performance.now() - startedMs),
      response,
      error,
    });
    try {
      const response = await fetch(notification.url, {
        method: 'POST',
        headers,
        body: notification.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
        ...(dispatcher ? { dispatcher } : {}),
      });
      // A private target's answer is read (to free the connection) and not kept: its status only.
      const read = await firstBytes(response);
      const body = keepsAnswer ? read : '';
      const status = response.status;
      if (status >= 200 && status < 300) return { attempt: attempt(status, body, null), outcome: { kind: 'success' } };
      if (status === 410) return { attempt: attempt(status, body, null), outcome: { kind: 'gone' } };
      const wait = status === 429 || status === 503 ? retryAfterSeconds(response.headers.get('retry-after'), started) : undefined;
      return { attempt: attempt(status, body, null), outcome: wait === undefined ? { kind: 'failure' } : { kind: 'failure', retryAfterSeconds: wait } };
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      const reason =
        err instanceof Error && err.name === 'TimeoutError'
          ? `no answer within ${this.timeoutMs} ms`
          : // undici's own messages may quote the URL whole (one with a user and password: fetch refuses those).
            `connection failed: ${cause?.code === 'EADDRNOTPUBLIC' ? cause.message : (cause?.code ?? maskUrlsIn((err as Error).message))}`;
      return { attempt: attempt(null, '', reason), outcome: { kind: 'failure' } };
    }
  }
}
