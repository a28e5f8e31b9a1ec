import { trace } from '@opentelemetry/api';
import { createHmac, randomBytes } from 'node:crypto';
import { Container } from 'inversify';
import { defaultSettings, kassaUseCases, SystemClock, type Clock, type IdGenerator, type KassaPorts, type Notification, type Scheduler, type WebhookSender } from '@kassa-payments/domain';
import type { AdminDeps } from '@kassa-payments/admin-api';
import { OpenStreams, SignatureVerifier, STREAM_SETTINGS } from '@kassa-payments/json-api';
import { JwtPaymentPages } from '@kassa-payments/payment-pages';
import { addressRule, HttpWebhookSender, PublicNetworkCallbackTargets, PublicNetworkWebhookTargets, type HostResolver } from '@kassa-payments/adapters-webhooks';
import { CallerAuthentication } from '@kassa-payments/operations';
import type { Logger } from 'pino';
import { environmentPorts } from './environment-ports.js';
import type { Extensions } from './extensions.js';
import { hostApps, type BenchmarkSwitch } from './host-apps.js';
import type { HttpDeps } from './http-deps.js';
import type { Jobs } from './jobs.js';
import { HmacPinDigests, MathRandom, RandomPins, RandomSigningSecrets, RandomUuids } from './node-ports.js';
import { TransportNotifications } from './notifications.js';
import { gaugeSources } from './operations/gauge-sources.js';
import { KassaMetrics } from './operations/kassa-metrics.js';
import { countedEndpoints, countedRepositories, observedWebhooks, tracedScheduler } from './operations/observed-ports.js';
import type { Readiness } from './operations/readiness.js';
import { readinessOf } from './operations/readiness-of.js';
import type { KassaSettings } from './settings.js';
import type { Storage } from './storage.js';
import { tracedEnvironment } from './telemetry/traced-ports.js';
import { routeNamingObserver } from './telemetry/route-naming.js';
import { currentTraceparent, tracingOn } from './telemetry/trace-context.js';
import { TOKENS, type PublicUrls } from './tokens.js';
import { buildInfo } from './version.js';

/**
 * What the start made before the container: what needed awaiting (storage connected, extensions
 * loaded, listeners bound for their addresses) or owns a resource the start must close.
 */
export interface Foundations {
  readonly settings: KassaSettings;
  readonly logger: Logger;
  readonly storage: Storage;
  readonly jobs: Jobs;
  readonly extensions: Extensions;
  readonly urls: PublicUrls;
  /** For the benchmark's cost table only. */
  readonly benchmarkOff?: readonly BenchmarkSwitch[];
  /** How webhook endpoints' host names are looked up (default DNS): tests give their own answers. */
  readonly resolve?: HostResolver;
  /** The time every rule reads (default the system's): a test's or a simulation's clock. */
  readonly clock?: Clock;
}

/**
 * The composition root: everything the app builds is bound here, each from the section of the
 * settings it concerns; the clock and the id generator are made once. Inversify stays in the app;
 * the domain and the delivery apps never see it.
 */
export function buildContainer(f: Foundations): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TOKENS.Settings).toConstantValue(f.settings);
  container.bind(TOKENS.Logger).toConstantValue(f.logger);
  container.bind(TOKENS.PublicUrls).toConstantValue(f.urls);
  container.bind(TOKENS.Storage).toConstantValue(f.storage);
  container.bind(TOKENS.Jobs).toConstantValue(f.jobs);
  container.bind(TOKENS.Extensions).toConstantValue(f.extensions);
  container.bind(TOKENS.Clock).toConstantValue(f.clock ?? new SystemClock());
  container.bind(TOKENS.Ids).toConstantValue(new RandomUuids());

  container.bind(TOKENS.Readiness).toResolvedValue((s: KassaSettings, storage: Storage, jobs: Jobs) => readinessOf(s.role, storage, jobs), [TOKENS.Settings, TOKENS.Storage, TOKENS.Jobs]);
  container.bind(TOKENS.Metrics).toResolvedValue(
    (s: KassaSettings, storage: Storage, jobs: Jobs, clock: Clock, readiness: Readiness, streams: OpenStreams) =>
      new KassaMetrics(
        gaugeSources(storage, jobs, clock, async () => (await readiness.report()).ready, streams),
        s.role,
        buildInfo(),
      ),
    [TOKENS.Settings, TOKENS.Storage, TOKENS.Jobs, TOKENS.Clock, TOKENS.Readiness, TOKENS.OpenStreams],
  );
  container.bind(TOKENS.Scheduler).toResolvedValue((jobs: Jobs) => (tracingOn() ? tracedScheduler(jobs.scheduler, currentTraceparent) : jobs.scheduler), [TOKENS.Jobs]);
  container
    .bind(TOKENS.PaymentPages)
    .toResolvedValue((s: KassaSettings, urls: PublicUrls) => new JwtPaymentPages(urls.widget, s.callers.tokenSecret ?? randomBytes(32).toString('hex')), [TOKENS.Settings, TOKENS.PublicUrls]);

  container.bind(TOKENS.Ports).toResolvedValue(
    (s: KassaSettings, logger: Logger, storage: Storage, clock: Clock, ids: IdGenerator, metrics: KassaMetrics, pages: JwtPaymentPages, scheduler: Scheduler, ext: Extensions): KassaPorts => {
      const { callers } = s;
      // The test environment's callback URLs and the merchants' webhook endpoints reach public addresses
      // only, and the private networks the operator allows: checked again when the connection is made.
      // The project's own webhookUrl is the operator's, and reaches any address.
      const callbackRule = addressRule(callers.callbackPrivateNetworks);
      const endpointRule = addressRule(callers.webhookPrivateNetworks);
      const reachable = (n: Notification) => (n.channel === 'test-callback' ? callbackRule : n.channel.startsWith('endpoint-') ? endpointRule : undefined);
      // Traces on, each attempt is a span (the webhook's traceparent is undici's, inside it).
      const sender = new HttpWebhookSender(clock, {
        reachable,
        keepPrivateAnswers: callers.keepPrivateAnswers,
        ...(f.resolve ? { resolve: f.resolve } : {}),
        ...(tracingOn() ? { tracer: trace.getTracer('kassa-webhooks') } : {}),
      });
      return {
        // contracts, invoices, subscriptions: each write that storage accepted is counted.
        ...countedRepositories(storage, metrics, clock),
        outbox: storage.outbox,
        projects: storage.projects,
        deliveries: storage.deliveries,
        endpoints: countedEndpoints(storage.endpoints, metrics),
        webhookTargets: new PublicNetworkWebhookTargets({ privateNetworks: callers.webhookPrivateNetworks, ...(f.resolve ? { resolve: f.resolve } : {}) }),
        signingSecrets: new RandomSigningSecrets(),
        events: storage.events,
        retention: storage.retention,
        testClocks: storage.testClocks,
        clock,
        ids,
        random: new MathRandom(),
        notifications: new TransportNotifications(s.mode),
        webhooks: observedWebhooks(sender, metrics, logger) satisfies WebhookSender,
        // Counted in storage: every API process of the deployment spends from one allowance.
        callbacks: new PublicNetworkCallbackTargets({
          privateNetworks: callers.callbackPrivateNetworks,
          perMinute: callers.callbackRatePerMinute,
          count: (key, windowStart, expiresAt) => storage.rateWindows.add(key, windowStart, expiresAt),
          now: () => clock.now(),
        }),
        pins: new RandomPins(),
        pinDigests: new HmacPinDigests(callers.pinKey),
        // With traces on, each charge, refund and PIN text is a span of the command's trace.
        ...tracedEnvironment(environmentPorts(s.mode, ext, logger, { clock, testClocks: storage.testClocks })),
        paymentPages: pages,
        scheduler,
        settings: {
          ...defaultSettings(),
          retentionDays: callers.retentionDays,
          endpointDisableAfterHours: callers.endpointDisableAfterHours,
          testClockRetentionBytes: callers.testClockRetentionMb * 1_000_000,
        },
        // A turn of the event loop: the requests that arrived meanwhile are read and served.
        takeTurn: () => new Promise<void>((resolve) => setImmediate(resolve)),
      };
    },
    [TOKENS.Settings, TOKENS.Logger, TOKENS.Storage, TOKENS.Clock, TOKENS.Ids, TOKENS.Metrics, TOKENS.PaymentPages, TOKENS.Scheduler, TOKENS.Extensions],
  );
  // One for JSON v3, XML 2.9 and the subscription service: each extracts its credentials and words the refusal.
  container
    .bind(TOKENS.Callers)
    .toResolvedValue(
      (s: KassaSettings, storage: Storage, clock: Clock) => new CallerAuthentication({ projects: storage.projects, clock, maxDriftSeconds: s.callers.maxDriftSeconds }),
      [TOKENS.Settings, TOKENS.Storage, TOKENS.Clock],
    );
  container.bind(TOKENS.UseCases).toResolvedValue((ports: KassaPorts) => kassaUseCases(ports), [TOKENS.Ports]);

  container.bind(TOKENS.OpenStreams).toResolvedValue((s: KassaSettings) => new OpenStreams({ ...STREAM_SETTINGS, maxPerPartner: s.callers.maxStreamsPerPartner }), [TOKENS.Settings]);
  container.bind(TOKENS.HttpDeps).toResolvedValue(
    (
      s: KassaSettings,
      logger: Logger,
      ports: KassaPorts,
      useCases: HttpDeps['useCases'],
      storage: Storage,
      urls: PublicUrls,
      metrics: KassaMetrics,
      callers: CallerAuthentication,
      streams: OpenStreams,
    ): HttpDeps => ({
      useCases,
      callers,
      projects: ports.projects,
      carriers: ports.carriers,
      paymentPages: ports.paymentPages,
      clock: ports.clock,
      mode: s.mode,
      logger,
      trustProxy: s.callers.trustProxy,
      maxDriftSeconds: s.callers.maxDriftSeconds,
      apiBaseUrl: urls.api,
      // One per process: it keeps each login's inner hash for the second a merchant repeats it.
      signatures: new SignatureVerifier(),
      signatureUses: storage.signatureUses,
      ...(tracingOn() ? { traceparent: currentTraceparent } : {}),
      idempotency: { store: storage.idempotency, hours: s.callers.idempotencyHours, ...(storage.answerSealer ? { sealer: storage.answerSealer } : {}) },
      // The merchants' dashboard (/dashboard/ on the API host): sessions in storage, so any API process serves them.
      dashboard: {
        sessions: storage.dashboardSessions,
        // Derived from the PIN key, which every API process shares (and production must set).
        throttleKey: createHmac('sha256', s.callers.pinKey).update('kassa-dashboard-sign-in-throttle').digest('base64url'),
        projectsOf: async (partnerLogin: string) => (await storage.projects.listProjects({ partnerLogin })).map((r) => r.record),
        apiCalls: storage.apiCalls,
      },
      observer: metrics,
      streams,
    }),
    [TOKENS.Settings, TOKENS.Logger, TOKENS.Ports, TOKENS.UseCases, TOKENS.Storage, TOKENS.PublicUrls, TOKENS.Metrics, TOKENS.Callers, TOKENS.OpenStreams],
  );
  container.bind(TOKENS.HostApps).toResolvedValue((deps: HttpDeps, pages: JwtPaymentPages) => hostApps(deps, pages, new Set(f.benchmarkOff ?? [])), [TOKENS.HttpDeps, TOKENS.PaymentPages]);

  container.bind(TOKENS.AdminDeps).toResolvedValue(
    (s: KassaSettings, logger: Logger, storage: Storage, clock: Clock, ids: IdGenerator, useCases: HttpDeps['useCases'], readiness: Readiness, metrics: KassaMetrics): AdminDeps => ({
      logger,
      mode: s.mode,
      clock,
      ids,
      token: s.admin.token,
      build: buildInfo(),
      metricsNeedToken: s.admin.metricsNeedToken,
      directory: storage.projects,
      audit: storage.audit,
      deliveries: storage.deliveries,
      endpoints: storage.endpoints,
      recoverDeadDeliveries: useCases.recoverDeadDeliveries,
      ready: () => readiness.report(),
      metrics: () => metrics.exposition(),
      observer: routeNamingObserver(metrics),
    }),
    [TOKENS.Settings, TOKENS.Logger, TOKENS.Storage, TOKENS.Clock, TOKENS.Ids, TOKENS.UseCases, TOKENS.Readiness, TOKENS.Metrics],
  );
  return container;
}
