import type { RequestContext } from '../../ports/request-context.port.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { ok, type Result } from '../../shared/result.js';
import { addSeconds } from '../../shared/time.js';
import type { DomainError } from '../../shared/errors.js';
import { ATTEMPT_CLAIM_SECONDS, attemptDueBy, claimAttempt, deliveryLifecycle, recordAttempt, type AttemptOutcome, type DeliveryAttempt, type WebhookDelivery } from '../webhook-delivery.js';
import { stampFor } from '../../application/event-stamp.js';
import { saveAndSchedule } from '../../application/save-and-schedule.js';
import { liveSecrets } from '../../shared/secrets.js';
import type { EventStamp } from '../../shared/events.js';
import { webhookEndpointLifecycle, type EndpointDeliveryOutcome, type WebhookEndpoint } from '../../webhook-endpoint/webhook-endpoint.js';

/** How long an attempt waits, at least, when its endpoint has as many attempts in flight as it may. */
export const BUSY_RETRY_SECONDS = 3;

/**
 * Paces the real attempts of deliveries on an advancing test clock (the sandbox's ClockedAttemptPace):
 * declared here, by the attempt that asks it, so that the webhook depends on no sandbox code.
 */
export interface AttemptPace {
  /** undefined: send it; else why it is not sent, and whether its endpoint rests (an advance then records the rest of its schedule at once). */
  take(url: string): { readonly why: string; readonly resting: boolean } | undefined;
  /** A real attempt's result. */
  settle(url: string, succeeded: boolean): void;
}

type AttemptPorts = Pick<KassaPorts, 'deliveries' | 'projects' | 'endpoints' | 'webhooks' | 'random' | 'scheduler' | 'clock' | 'ids' | 'time'>;

/** Told how each attempt of a delivery to a webhook endpoint went (NoteEndpointDelivery: the endpoint's failing record). */
export interface EndpointHealth {
  execute(input: { readonly projectId: number; readonly endpointId: string; readonly outcome: EndpointDeliveryOutcome }, context?: RequestContext): Promise<void>;
}

/** Why a delivery to a webhook endpoint is not attempted: it was disabled, or deleted. */
export const ENDPOINT_DISABLED = 'endpoint disabled';
export const ENDPOINT_DELETED = 'endpoint deleted';

/**
 * Job: one attempt of a pending delivery whose attempt is due, signed with the project's current
 * secret, recorded, and the next attempt scheduled. Late, early or duplicated jobs are harmless:
 * the delivery is re-loaded and asked. The attempt is claimed (saved with the version check) before
 * it is sent, so of two workers, sweeps or jobs racing on one delivery only one sends; a worker that
 * dies mid-attempt leaves a claim that runs out, and the attempt is sent again with the same
 * webhook-id. ok(true) when it attempted. A delivery to a merchant's webhook endpoint is signed
 * with that endpoint's secrets, and tells the endpoint how it went (`health`); one whose endpoint is
 * disabled or deleted is not sent and ends dead at once (docs/decisions.md: a redelivery after the
 * endpoint is enabled again brings it back).
 */
export class AttemptDelivery {
  constructor(
    private readonly ports: AttemptPorts,
    /** Paces the real attempts of deliveries on test clocks; absent: every attempt is sent. */
    private readonly pace?: AttemptPace,
    /** Keeps the webhook endpoints' failing records; absent: attempts tell no endpoint. */
    private readonly health?: EndpointHealth,
  ) {}

  async execute(input: { readonly projectId: number; readonly deliveryId: string }, context?: RequestContext): Promise<Result<boolean, DomainError>> {
    const { deliveries, webhooks, random } = this.ports;
    const delivery = await deliveries.get(input.projectId, input.deliveryId);
    if (!delivery) return ok(false);
    // A delivery of an event on a test clock keeps that clock's time: its schedule walks with the clock.
    const stamp = await stampFor(this.ports, delivery, context);
    const now = stamp.now;
    if (attemptDueBy(delivery, now) === null) return ok(false);
    const endpoint = delivery.endpointId === undefined ? undefined : await this.ports.endpoints.get(delivery.projectId, delivery.endpointId);
    if (delivery.endpointId !== undefined && !(endpoint && webhookEndpointLifecycle.isLive(endpoint))) {
      // Not sent, and no schedule left: enabling the endpoint and a redelivery bring it back.
      const stopped = recordAttempt(delivery, { at: now, status: null, latencyMs: 0, response: '', error: endpoint ? ENDPOINT_DISABLED : ENDPOINT_DELETED, sent: false }, { kind: 'gone' }, 0, stamp);
      if (stopped.next) await this.saveAndSchedule(delivery, stopped.next);
      return ok(true);
    }
    // To an endpoint's URL as it is now, not as it was when the event was relayed: a PATCHed URL
    // reaches pending retries and redeliveries, and an abandoned one gets nothing more.
    const notification = endpoint ? { ...delivery.notification, url: endpoint.url } : delivery.notification;
    if (webhooks.busy(notification)) {
      // The endpoint is at its limit: try again in a few seconds (jittered) rather than hold a
      // worker waiting at its gate; a slow endpoint then never takes the slots the others need.
      // The new time is saved (no attempt counted) before the job is asked for, so of racing runs
      // (a job and a sweep) only one goes on, and the sweep does not find the delivery due again.
      const deferred = claimAttempt(delivery, addSeconds(now, BUSY_RETRY_SECONDS * (1 + random.next())), stamp);
      if (deferred.next) await this.saveAndSchedule(delivery, deferred.next);
      return ok(false);
    }
    // While its clock advances, an attempt the sandbox's pace holds back is recorded at once, not sent
    // (there is nothing to claim); a clock that stands still sends what it is asked to (a redelivery).
    const advancingTo = await this.advancingTo(delivery);
    const notSent = advancingTo !== undefined ? this.pace?.take(notification.url) : undefined;
    if (notSent !== undefined) {
      await this.recordUnsent(delivery, notSent.why, stamp, notSent.resting ? advancingTo : undefined);
      return ok(true);
    }
    // The claim asks for no job at its end: the attempt in hand records the next one, and the sweep
    // finds the claim of a worker that died. It saves the URL the attempt goes to, so the deliveries
    // list shows where it was last sent.
    const claim = claimAttempt({ ...delivery, notification }, addSeconds(now, ATTEMPT_CLAIM_SECONDS), stamp);
    if (!claim.next || !(await deliveries.save(claim.next)).ok) return ok(false);
    const claimed = claim.next;
    const [secret = null, retiringSecret] = await this.secretsOf(claimed, endpoint);
    const signing = { webhookId: claimed.eventId, deliveryId: claimed.id, secret, ...(retiringSecret === undefined ? {} : { retiringSecret }) };
    const sent = await webhooks.send(notification, signing);
    if (advancingTo !== undefined) this.pace?.settle(notification.url, sent.outcome.kind === 'success');
    const attempt = claimed.testClockId ? { ...sent.attempt, at: now } : sent.attempt;
    await this.record(claimed, attempt, sent.outcome, stamp);
    await this.tellEndpoint(claimed, sent.outcome.kind === 'success' ? { succeeded: true } : { succeeded: false, from: attempt.at, at: attempt.at }, context);
    return ok(true);
  }

  /**
   * The secrets that sign an attempt now: an endpoint's own; for subscription notifications the
   * subscription service's; for the rest the project's webhook secret. Each with the one a rotation
   * replaced, while its overlap lasts.
   */
  private async secretsOf(delivery: WebhookDelivery, endpoint: WebhookEndpoint | undefined): Promise<string[]> {
    const now = this.ports.clock.now();
    if (endpoint) return liveSecrets(endpoint.secret, endpoint.previousSecret, now);
    const project = await this.ports.projects.findProject(delivery.projectId);
    return delivery.notification.channel === 'subscription'
      ? liveSecrets(project?.subscriptionSecret ?? null, project?.previousSubscriptionSecret, now)
      : liveSecrets(project?.webhookSecret ?? null, project?.previousWebhookSecret, now);
  }

  /** Tells a delivery's webhook endpoint (if it has one) how its attempts went. */
  private async tellEndpoint(delivery: WebhookDelivery, outcome: EndpointDeliveryOutcome, context: RequestContext | undefined): Promise<void> {
    if (delivery.endpointId !== undefined) await this.health?.execute({ projectId: delivery.projectId, endpointId: delivery.endpointId, outcome }, context);
  }

  /**
   * Records a not-sent attempt now and, while its endpoint rests during an advance, the rest of its
   * schedule up to `until` (the advance's target), each attempt at its own time: one save instead of
   * one moment of the advance per attempt.
   */
  private async recordUnsent(delivery: WebhookDelivery, why: string, stamp: EventStamp, until: string | undefined): Promise<void> {
    let current = delivery;
    let at: string | null = stamp.now;
    while (at !== null) {
      const change = recordAttempt(current, { at, status: null, latencyMs: 0, response: '', error: why, sent: false }, { kind: 'failure' }, this.ports.random.next(), { ...stamp, now: at });
      if (!change.next) return;
      current = change.next;
      at = until === undefined ? null : attemptDueBy(current, until);
    }
    // Many steps, one save: one version more than the stored one (compare-and-set).
    // Attempts not sent tell its endpoint nothing: the sandbox paces by host, not by endpoint (docs/decisions.md).
    await this.saveAndSchedule(delivery, { ...current, version: delivery.version + 1 });
  }

  /** Where the advance of the delivery's clock ends, if it is advancing. */
  private async advancingTo(delivery: WebhookDelivery): Promise<string | undefined> {
    return this.ports.time.advancingTo(delivery);
  }

  /** Records the attempt (compare-and-set) and asks for the next one when the schedule has one. */
  private async record(delivery: WebhookDelivery, attempt: DeliveryAttempt, outcome: AttemptOutcome, stamp: EventStamp): Promise<void> {
    const change = recordAttempt(delivery, attempt, outcome, this.ports.random.next(), stamp);
    if (change.next) await this.saveAndSchedule(delivery, change.next);
  }

  private saveAndSchedule(before: WebhookDelivery, next: WebhookDelivery) {
    return saveAndSchedule(this.ports.scheduler, deliveryLifecycle, before, next, this.ports.deliveries.save(next));
  }
}
