import { STORAGE_SCHEMA } from '@kassa-payments/operations';
import type { HttpExchange, HttpObserver } from '@kassa-payments/http-kit';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { BuildInfo } from '../version.js';

/** Seconds buckets of request and webhook latencies: 5 ms to 10 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the gauges read when Prometheus scrapes (storage and queue counts); each may fail alone. */
export interface GaugeSources {
  deliveries(state: 'pending' | 'dead'): Promise<number>;
  /** Jobs in the queue by state (in-process: waiting timers only). */
  queueDepth(): Promise<Readonly<Record<'waiting' | 'delayed' | 'failed', number>>>;
  /** Seconds since the oldest due work fell due (0 when none is due). */
  oldestDueWorkSeconds(): Promise<number>;
  /** Seconds since the oldest event not yet relayed was recorded (0 when none waits). */
  oldestUnrelayedEventSeconds(): Promise<number>;
  /** Whether this process answers /ready with 200 now. */
  ready(): Promise<boolean>;
  /** The event and request streams open on this process now (`kassa listen`, `kassa logs tail`). */
  openStreams(): number;
}

type HttpLabels = 'host' | 'route' | 'method' | 'status';

/**
 * Kassa's metrics, in one prom-client registry per process (Prometheus sums the processes): the
 * HTTP exchanges by route template, XML operations, business counters, webhook attempts, and gauges
 * read from storage and the queue at scrape time. Every label is bounded: templates, known methods,
 * codes. Names and meanings: docs/operators/admin-listener.md, "Metrics".
 */
export class KassaMetrics implements HttpObserver {
  readonly registry = new Registry();
  readonly httpRequests: Counter<HttpLabels>;
  readonly httpDuration: Histogram<HttpLabels>;
  readonly xmlOperations: Counter<'service' | 'operation' | 'result'>;
  readonly invoices: Counter<'outcome'>;
  readonly refunds: Counter<'outcome'>;
  readonly contracts: Counter<'outcome'>;
  readonly subscriptionActivations: Counter;
  readonly subscriptionCharges: Counter<'result'>;
  readonly webhookAttempts: Counter<'outcome'>;
  readonly webhookEndpointsDisabled: Counter;
  readonly webhookDuration: Histogram<'outcome'>;
  /** The labelled children of the busiest metrics, by their labels: prom-client hashes labels on every call otherwise. */
  private readonly exchanges = new Map<string, { readonly count: Counter.Internal; readonly duration: Histogram.Internal<HttpLabels> }>();

  constructor(gauges: GaugeSources, role: string, build: BuildInfo) {
    const registry = this.registry;
    registry.setDefaultLabels({ role });
    collectDefaultMetrics({ register: registry });
    // Prometheus's build_info idiom: always 1, the build in its labels (join on it to tell versions apart during a rolling upgrade).
    new Gauge({
      name: 'kassa_build_info',
      help: "Kassa's version, the commit built and the storage schema it writes (always 1)",
      labelNames: ['version', 'commit', 'storage_schema'],
      registers: [registry],
    }).set({ ...build, storage_schema: String(STORAGE_SCHEMA) }, 1);
    const labels = ['host', 'route', 'method', 'status'] as const;
    this.httpRequests = new Counter({ name: 'kassa_http_requests_total', help: 'HTTP requests answered, by listener, route template, method and status', labelNames: labels, registers: [registry] });
    this.httpDuration = new Histogram({
      name: 'kassa_http_request_duration_seconds',
      help: 'Time from a request to its answer, by listener, route template, method and status',
      labelNames: labels,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    this.xmlOperations = new Counter({
      name: 'kassa_xml_operations_total',
      help: 'XML operations answered, by service (invoices, subscriptions), operation and ResultCode or StatusID',
      labelNames: ['service', 'operation', 'result'],
      registers: [registry],
    });
    this.invoices = new Counter({ name: 'kassa_invoices_total', help: 'Invoices created, paid, cancelled and expired', labelNames: ['outcome'], registers: [registry] });
    this.refunds = new Counter({ name: 'kassa_refunds_total', help: 'Refunds finished at the gateway, by outcome (completed, failed)', labelNames: ['outcome'], registers: [registry] });
    this.contracts = new Counter({ name: 'kassa_contracts_total', help: 'Contracts created, authorized and closed', labelNames: ['outcome'], registers: [registry] });
    this.subscriptionActivations = new Counter({ name: 'kassa_subscription_activations_total', help: 'Subscriptions activated', registers: [registry] });
    this.subscriptionCharges = new Counter({ name: 'kassa_subscription_charges_total', help: 'Subscription charges, by result (Success, Failed)', labelNames: ['result'], registers: [registry] });
    this.webhookEndpointsDisabled = new Counter({
      name: 'kassa_webhook_endpoints_disabled_total',
      help: 'Webhook endpoints Kassa disabled because their deliveries had all failed for KASSA_ENDPOINT_DISABLE_AFTER_HOURS',
      registers: [registry],
    });
    this.webhookAttempts = new Counter({
      name: 'kassa_webhook_attempts_total',
      help: 'Webhook and notification attempts, by outcome (delivered, retry, gone, error)',
      labelNames: ['outcome'],
      registers: [registry],
    });
    this.webhookDuration = new Histogram({
      name: 'kassa_webhook_attempt_duration_seconds',
      help: 'Webhook attempt latency, by outcome',
      labelNames: ['outcome'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const collectErrors = new Counter({
      name: 'kassa_metrics_collect_errors_total',
      help: 'Scrapes in which a gauge could not be read (storage or Redis did not answer); the gauge keeps its last value',
      labelNames: ['gauge'],
      registers: [registry],
    });
    // A gauge whose source fails keeps its last value and counts the failure: the scrape still answers.
    const guarded = (name: string, read: () => Promise<void>) => () => read().catch(() => collectErrors.inc({ gauge: name }));
    new Gauge({
      name: 'kassa_webhook_deliveries',
      help: 'Webhook deliveries now pending (still to be delivered) and dead (given up; redeliverable)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        return guarded('kassa_webhook_deliveries', async () => {
          const [pending, dead] = await Promise.all([gauges.deliveries('pending'), gauges.deliveries('dead')]);
          this.set({ state: 'pending' }, pending);
          this.set({ state: 'dead' }, dead);
        })();
      },
    });
    new Gauge({
      name: 'kassa_jobs',
      help: 'Jobs in the queue, by state (waiting, delayed, failed)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        return guarded('kassa_jobs', async () => {
          for (const [state, n] of Object.entries(await gauges.queueDepth())) this.set({ state }, n);
        })();
      },
    });
    new Gauge({
      name: 'kassa_oldest_due_work_age_seconds',
      help: 'How long the oldest due work (an expiry, a charge, a webhook attempt) has waited since it fell due',
      registers: [registry],
      collect() {
        return guarded('kassa_oldest_due_work_age_seconds', async () => this.set(await gauges.oldestDueWorkSeconds()))();
      },
    });
    new Gauge({
      name: 'kassa_open_streams',
      help: 'Event and request streams (kassa listen, kassa logs tail) open on this process now',
      registers: [registry],
      collect() {
        this.set(gauges.openStreams());
      },
    });
    new Gauge({
      name: 'kassa_ready',
      help: "Whether this process is ready for traffic (1) or not (0: draining, storage not answering, Redis not answering a worker, or its queue partitions not the deployment's), as GET /ready says",
      registers: [registry],
      collect() {
        return guarded('kassa_ready', async () => this.set((await gauges.ready()) ? 1 : 0))();
      },
    });
    new Gauge({
      name: 'kassa_oldest_unrelayed_event_age_seconds',
      help: 'How long the oldest recorded event has waited for the relay (to the event log and its webhooks)',
      registers: [registry],
      collect() {
        return guarded('kassa_oldest_unrelayed_event_age_seconds', async () => this.set(await gauges.oldestUnrelayedEventSeconds()))();
      },
    });
  }

  exchanged(e: HttpExchange): void {
    const key = `${e.host} ${e.route} ${e.method} ${e.status}`;
    let children = this.exchanges.get(key);
    if (!children) {
      const labels = { host: e.host, route: e.route, method: e.method, status: String(e.status) };
      children = { count: this.httpRequests.labels(labels), duration: this.httpDuration.labels(labels) };
      this.exchanges.set(key, children);
    }
    children.count.inc();
    children.duration.observe(e.seconds);
    if (e.document) this.xmlOperations.inc({ service: e.document.service, operation: e.document.operation, result: e.document.result });
  }

  /** The Prometheus text exposition. */
  async exposition(): Promise<{ readonly contentType: string; readonly body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
