import type { CallbackTargets, CallbackVerdict } from '@kassa-payments/domain';
import type { Clock } from '@kassa-payments/domain';
import type { IdGenerator } from '@kassa-payments/domain';
import type { PaymentPages, PaymentPageTarget } from '@kassa-payments/domain';
import type { PinDigests, PinGenerator, SmsOutcome, SmsSender } from '@kassa-payments/domain';
import type { Job, Scheduler } from '@kassa-payments/domain';
import { jobId } from '@kassa-payments/domain';
import type { NotificationRenderer, SigningInput, WebhookSender } from '@kassa-payments/domain';
import type { RandomSource } from '@kassa-payments/domain';
import type { AttemptOutcome } from '@kassa-payments/domain';
import type { Notification } from '@kassa-payments/domain';
import type { SigningSecrets, WebhookTargets, WebhookTargetVerdict } from '@kassa-payments/domain';

/** A clock that moves only when told: for tests and simulations. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-01-01T00:00:00.000Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(seconds: number): void {
    this.current += seconds * 1000;
  }
  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }
}

/** UUID-shaped ids from a counter: deterministic, unique within one run. */
export class SequentialIds implements IdGenerator {
  private n = 0;
  constructor(private readonly prefix = '00000000') {}
  newId(): string {
    this.n += 1;
    return `${this.prefix}-0000-4000-8000-${this.n.toString(16).padStart(12, '0')}`;
  }
}

/** PINs from a list, in turn (production-mode tests). */
export class ListPinGenerator implements PinGenerator {
  private n = 0;
  constructor(private readonly pins: readonly string[] = ['4821', '9157', '3360']) {}
  newPin(): string {
    return this.pins[this.n++ % this.pins.length] ?? '0000';
  }
}

/** Keeps what would have been sent, for tests. */
export class RecordingSmsSender implements SmsSender {
  readonly sent: { msisdn: string; pin: string }[] = [];
  /** Numbers whose SMS the provider refuses (answered 'undeliverable', still recorded as tried). */
  readonly undeliverable = new Set<string>();
  async sendPin(msisdn: string, pin: string): Promise<SmsOutcome> {
    this.sent.push({ msisdn, pin });
    return this.undeliverable.has(msisdn) ? 'undeliverable' : 'sent';
  }
}

/** Links of the form `{base}/pay/{invoiceId}?t=...`; the token here is not a real JWT. */
export class StaticPaymentPages implements PaymentPages {
  constructor(private readonly base = 'http://localhost:8082') {}
  async linkFor(target: PaymentPageTarget) {
    const token = `token-${target.id}`;
    return { url: `${this.base}/Card/Sbp/widget.html?invoiceId=${target.id}&t=${token}`, token };
  }
}

/**
 * Keeps jobs by their deterministic id (scheduling twice keeps one) and runs the due ones on
 * demand. The embedded app drives it with a timer; tests drive it by hand.
 */
export class InMemoryScheduler implements Scheduler {
  private readonly jobs = new Map<string, Job>();

  async schedule(job: Job): Promise<void> {
    this.jobs.set(jobId(job), job);
  }

  get scheduled(): Job[] {
    return [...this.jobs.values()];
  }

  /** Removes and returns the jobs due at `now`, earliest first. */
  takeDue(now: Date): Job[] {
    const due = [...this.jobs.entries()].filter(([, j]) => Date.parse(j.runAt) <= now.getTime()).sort(([, a], [, b]) => Date.parse(a.runAt) - Date.parse(b.runAt));
    for (const [id] of due) this.jobs.delete(id);
    return due.map(([, j]) => j);
  }
}

/** Renders nothing: no endpoint is told (the domain has no wire format; the app binds the real one). */
export class NoNotifications implements NotificationRenderer {
  async render(): Promise<readonly Notification[]> {
    return [];
  }

  endpointPayload(): undefined {
    return undefined;
  }
}

/** A sender that records what it was asked to send and answers with scripted outcomes (success by default). */
export class RecordingWebhookSender implements WebhookSender {
  readonly sent: { readonly notification: Notification; readonly signing: SigningInput }[] = [];
  /** Outcomes to answer with, first in first out; success when none is left. */
  readonly script: AttemptOutcome[] = [];
  /** How long each attempt reports it took. */
  latencyMs = 0;
  /** Endpoints (URLs) that answer `busy`. */
  readonly busyUrls = new Set<string>();

  constructor(private readonly clock: Clock) {}

  busy(notification: Notification): boolean {
    return this.busyUrls.has(notification.url);
  }

  async send(notification: Notification, signing: SigningInput) {
    this.sent.push({ notification, signing });
    const outcome = this.script.shift() ?? { kind: 'success' as const };
    const status = outcome.kind === 'success' ? 200 : outcome.kind === 'gone' ? 410 : 503;
    return { attempt: { at: this.clock.now().toISOString(), status, latencyMs: this.latencyMs, response: '', error: null }, outcome };
  }
}

/** A fixed random number: retries land at the schedule's exact offsets (plus a fixed share of jitter). */
export class FixedRandom implements RandomSource {
  constructor(private readonly value = 0) {}
  next(): number {
    return this.value;
  }
}

/** A project with the seed file's defaults, for tests to override (written once, in the domain's test kit). */
export { projectWithDefaults } from '@kassa-payments/domain/testing';

/** Admits every callback target, or refuses the ones listed (the app's check of addresses is in adapters-webhooks). */
export class ListedCallbackTargets implements CallbackTargets {
  constructor(private readonly refused: ReadonlyMap<string, CallbackVerdict> = new Map()) {}
  async admit(_partnerLogin: string, url: string): Promise<CallbackVerdict> {
    return this.refused.get(url) ?? { kind: 'ok' };
  }
}

/**
 * PIN digests for tests and the in-memory ports: the id and the PIN joined, unkeyed, so a test can
 * read what was stored. Never for production: the app wires a keyed HMAC (`HmacPinDigests`).
 */
export class TestPinDigests implements PinDigests {
  digest(aggregateId: string, pin: string): string {
    return `test-digest:${aggregateId}:${pin}`;
  }
}

/** Admits every URL but those listed as refused (tests of the endpoints' address rule). */
export class AnyWebhookTargets implements WebhookTargets {
  readonly refused = new Set<string>();
  async admit(url: string): Promise<WebhookTargetVerdict> {
    return this.refused.has(url) ? { kind: 'rejected', reason: 'refused by the test' } : { kind: 'ok' };
  }
}

/** Signing secrets in sequence (`whsec_` and base64 ending in a counter): for tests; the app makes random ones. */
export class SequentialSigningSecrets implements SigningSecrets {
  private n = 0;
  newSecret(): string {
    this.n += 1;
    // 28 + 4 characters of the base64 alphabet: the canonical base64 of 24 bytes (Standard Webhooks' least).
    return `whsec_dGVzdHNpZ25pbmdzZWNyZXRzZm9y${String(this.n).padStart(4, '0')}`;
  }
}
