import {
  invoiceExpiryReached,
  type Clock,
  type Contract,
  type ContractRepository,
  type DomainEvent,
  type Invoice,
  type InvoiceRepository,
  type Scheduler,
  type Subscription,
  type SubscriptionRepository,
  type WebhookEndpoint,
  type WebhookEndpointRepository,
  type WebhookSender,
} from '@kassa-payments/domain';
import type { Logger } from 'pino';
import type { KassaMetrics } from './kassa-metrics.js';

type Written = { readonly ok: boolean };
type Writes<A> = {
  create(aggregate: A, events: readonly DomainEvent[]): Promise<Written>;
  save(aggregate: A, events: readonly DomainEvent[]): Promise<Written>;
};

/**
 * `repository`, with `count` told of every write that succeeded (a conflict or a duplicate is not a
 * fact yet). The business counters count what storage accepted, once per write, whichever process
 * wrote it; every other method is the repository's own.
 */
function counted<R extends Writes<A>, A>(repository: R, count: (aggregate: A, events: readonly DomainEvent[], created: boolean) => void): R {
  const create: R['create'] = async (aggregate, events) => {
    const result = await repository.create(aggregate, events);
    if (result.ok) count(aggregate, events, true);
    return result;
  };
  const save: R['save'] = async (aggregate, events) => {
    const result = await repository.save(aggregate, events);
    if (result.ok) count(aggregate, events, false);
    return result;
  };
  // The repository's other methods bound once, not at every call (every request reads through this).
  const bound = new Map<PropertyKey, unknown>([
    ['create', create],
    ['save', save],
  ]);
  return new Proxy(repository, {
    get(target, property) {
      const known = bound.get(property);
      if (known !== undefined) return known;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value.bind(target);
      bound.set(property, method);
      return method;
    },
  });
}

/** The storage ports with the business counters (docs/operators/admin-listener.md, "Metrics"). */
export function countedRepositories(
  ports: { readonly invoices: InvoiceRepository; readonly contracts: ContractRepository; readonly subscriptions: SubscriptionRepository },
  metrics: KassaMetrics,
  clock: Clock,
) {
  const invoices = counted<InvoiceRepository, Invoice>(ports.invoices, (invoice, events, created) => {
    if (created) metrics.invoices.inc({ outcome: 'created' });
    // A cancelled invoice takes no further command: its one save in that state is the change. Past
    // its expiry it was the expiry job's.
    else if (invoice.state === 'cancelled') metrics.invoices.inc({ outcome: invoiceExpiryReached(invoice, clock.now().toISOString()) ? 'expired' : 'cancelled' });
    for (const e of events) {
      if (e.type === 'PaymentUpdated' && e.transaction.status === 'SUCCESS') metrics.invoices.inc({ outcome: 'paid' });
      if (e.type === 'RefundCompleted') metrics.refunds.inc({ outcome: 'completed' });
      if (e.type === 'RefundFailed') metrics.refunds.inc({ outcome: 'failed' });
    }
  });
  const contracts = counted<ContractRepository, Contract>(ports.contracts, (_contract, events, created) => {
    if (created) metrics.contracts.inc({ outcome: 'created' });
    for (const e of events) {
      if (e.type === 'ContractAuthorized') metrics.contracts.inc({ outcome: 'authorized' });
      if (e.type === 'ContractClosed') metrics.contracts.inc({ outcome: 'closed' });
    }
  });
  const subscriptions = counted<SubscriptionRepository, Subscription>(ports.subscriptions, (_subscription, events) => {
    for (const e of events) {
      if (e.type === 'SubscriptionActivated') metrics.subscriptionActivations.inc();
      if (e.type === 'SubscriptionCharged') metrics.subscriptionCharges.inc({ result: e.result });
    }
  });
  return { invoices, contracts, subscriptions };
}

/** The webhook endpoints, with each disabling storage accepted counted (kassa_webhook_endpoints_disabled_total). */
export function countedEndpoints(endpoints: WebhookEndpointRepository, metrics: KassaMetrics): WebhookEndpointRepository {
  return counted<WebhookEndpointRepository, WebhookEndpoint>(endpoints, (_endpoint, events) => {
    // An endpoint's creation records no event (its `create` takes none: `events` is then undefined).
    for (const e of events ?? []) if (e.type === 'WebhookEndpointDisabled') metrics.webhookEndpointsDisabled.inc();
  });
}

/**
 * The webhook sender, with every attempt counted by outcome, timed, and logged with its event and
 * delivery ids (never the URL's query, the body or a signature).
 */
export function observedWebhooks(sender: WebhookSender, metrics: KassaMetrics, logger: Logger): WebhookSender {
  const log = logger.child({ component: 'webhooks' });
  return {
    busy: (notification) => sender.busy(notification),
    async send(notification, signing) {
      const ids = { eventId: signing.webhookId, deliveryId: signing.deliveryId, channel: notification.channel };
      try {
        const sent = await sender.send(notification, signing);
        const outcome = sent.outcome.kind === 'success' ? 'delivered' : sent.outcome.kind === 'gone' ? 'gone' : 'retry';
        metrics.webhookAttempts.inc({ outcome });
        metrics.webhookDuration.observe({ outcome }, sent.attempt.latencyMs / 1000);
        log.info({ ...ids, outcome, status: sent.attempt.status, ms: sent.attempt.latencyMs }, 'webhook attempt');
        return sent;
      } catch (e) {
        metrics.webhookAttempts.inc({ outcome: 'error' });
        log.error({ ...ids, err: e }, 'webhook attempt failed');
        throw e;
      }
    },
  };
}

/** Jobs due further away than this (ms) start their own trace. */
export const TRACE_HORIZON_MS = 60 * 60 * 1000;

/**
 * The scheduler, with traces on: a job due within TRACE_HORIZON_MS carries the `traceparent` of the
 * span that scheduled it (a request's or a job's), unless it names its own (a delivery: its
 * event's); a job due later (an invoice's expiry, next month's charge) starts a trace of its own, not
 * one that lasts a month. (The request a job serves is the domain's to stamp, from its command's context.)
 */
export function tracedScheduler(scheduler: Scheduler, traceparent: () => string | undefined): Scheduler {
  return {
    schedule(job) {
      if (job.traceparent !== undefined || Date.parse(job.runAt) - Date.now() > TRACE_HORIZON_MS) return scheduler.schedule(job);
      const parent = traceparent();
      return scheduler.schedule(parent === undefined ? job : { ...job, traceparent: parent });
    },
  };
}
