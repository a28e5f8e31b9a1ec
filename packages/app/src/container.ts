import { createHmac, randomBytes } from 'node:crypto';
import { Container } from 'inversify';
import { defaultSettings, kassaUseCases, SystemClock, type BillingGateway, type KassaPorts, type Scheduler, type SmsSender, type WebhookSender } from '@kassa/domain';
import { TestEnvironmentBillingGateway, TestEnvironmentCarrierLookup } from '@kassa/adapters-memory';
import { SignatureVerifier } from '@kassa/json-api';
import { JwtPaymentPages } from '@kassa/payment-pages';
import { HttpWebhookSender, PublicNetworkCallbackTargets } from '@kassa/adapters-webhooks';
import type { HttpObserver, RequestScope } from '@kassa/http-kit';
import type { Logger } from 'pino';
import { TEST_ENVIRONMENT_PIN_KEY, type KassaConfig } from './config.js';
import { HmacPinDigests, LogOnlySmsSender, MathRandom, RandomPins, RandomUuids } from './node-ports.js';
import type { HttpDeps } from './http-deps.js';
import { TransportNotifications } from './notifications.js';
import type { Storage } from './storage.js';
import { TOKENS } from './tokens.js';

/**
 * The composition root: binds every port of the domain to an adapter chosen by configuration.
 * Storage is in memory (embedded) or MongoDB, as `startKassa` connected it; jobs run in process.
 * Inversify stays here; the domain never sees it.
 */
/** The deployment's own port implementations (KASSA_BILLING_GATEWAY, KASSA_SMS_SENDER), when given. */
export interface Plugins {
  readonly gateway?: BillingGateway;
  readonly sms?: SmsSender;
}

/** What operators see: the request scope (ids in logs and events), the metrics' observers. */
export interface Observability {
  readonly requests?: RequestScope;
  readonly observer?: HttpObserver;
  /** The webhook sender as the metrics and the log see it. */
  readonly webhooks?: (sender: WebhookSender) => WebhookSender;
}

export function buildContainer(
  config: KassaConfig,
  logger: Logger,
  urls: { readonly api: string; readonly widget: string },
  storage: Storage,
  scheduler: Scheduler,
  plugins: Plugins = {},
  observability: Observability = {},
): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.Logger).toConstantValue(logger);
  container.bind(TOKENS.WidgetBaseUrl).toConstantValue(urls.widget);
  container.bind(TOKENS.Storage).toConstantValue(storage);
  container
    .bind(TOKENS.PaymentPages)
    .toResolvedValue((c: KassaConfig, base: string) => new JwtPaymentPages(base, c.KASSA_TOKEN_SECRET ?? randomBytes(32).toString('hex')), [TOKENS.Config, TOKENS.WidgetBaseUrl]);
  container.bind(TOKENS.Scheduler).toConstantValue(scheduler);
  container.bind(TOKENS.Ports).toResolvedValue(
    (c: KassaConfig, l: Logger, pages: JwtPaymentPages, scheduler: Scheduler, s: Storage): KassaPorts => {
      const clock = new SystemClock();
      return {
        contracts: s.contracts,
        invoices: s.invoices,
        subscriptions: s.subscriptions,
        outbox: s.outbox,
        projects: s.projects,
        clock,
        ids: new RandomUuids(),
        random: new MathRandom(),
        deliveries: s.deliveries,
        events: s.events,
        retention: s.retention,
        testClocks: s.testClocks,
        notifications: new TransportNotifications(c.KASSA_ENV),
        // The test environment's callback URLs reach public addresses only, unless the operator allows private networks.
        webhooks: (observability.webhooks ?? ((w: WebhookSender) => w))(
          new HttpWebhookSender(clock, { publicOnly: (n) => n.channel === 'test-callback' && c.KASSA_CALLBACK_PRIVATE_NETWORKS === 'refuse' }),
        ),
        callbacks: new PublicNetworkCallbackTargets({ privateNetworks: c.KASSA_CALLBACK_PRIVATE_NETWORKS, perMinute: c.KASSA_CALLBACK_RATE_PER_MINUTE }),
        pins: new RandomPins(),
        pinDigests: new HmacPinDigests(c.KASSA_PIN_KEY ?? TEST_ENVIRONMENT_PIN_KEY),
        sms: plugins.sms ?? new LogOnlySmsSender(l),
        gateway: plugins.gateway ?? new TestEnvironmentBillingGateway(),
        carriers: new TestEnvironmentCarrierLookup(c.KASSA_ENV === 'test'),
        paymentPages: pages,
        scheduler,
        settings: { ...defaultSettings(c.KASSA_ENV), retentionDays: c.KASSA_RETENTION_DAYS },
        ...(observability.requests ? { requests: observability.requests } : {}),
        // A turn of the event loop: the requests that arrived meanwhile are read and served.
        takeTurn: () => new Promise<void>((resolve) => setImmediate(resolve)),
      };
    },
    [TOKENS.Config, TOKENS.Logger, TOKENS.PaymentPages, TOKENS.Scheduler, TOKENS.Storage],
  );
  container.bind(TOKENS.UseCases).toResolvedValue((ports: KassaPorts) => kassaUseCases(ports), [TOKENS.Ports]);
  container.bind(TOKENS.HttpDeps).toResolvedValue(
    (c: KassaConfig, l: Logger, ports: KassaPorts, useCases: HttpDeps['useCases']): HttpDeps => ({
      useCases,
      projects: ports.projects,
      carriers: ports.carriers,
      paymentPages: ports.paymentPages,
      clock: ports.clock,
      mode: c.KASSA_ENV,
      logger: l,
      trustProxy: c.KASSA_TRUST_PROXY,
      maxDriftSeconds: c.KASSA_SIGNATURE_DRIFT_SECONDS,
      apiBaseUrl: urls.api,
      // One per process: it keeps each login's inner hash for the second a merchant repeats it.
      signatures: new SignatureVerifier(),
      ...(observability.requests ? { requestScope: observability.requests } : {}),
      idempotency: { store: storage.idempotency, hours: c.KASSA_IDEMPOTENCY_HOURS },
      // The merchants' dashboard (/dashboard/ on the API host): sessions in storage, so any API process serves them.
      dashboard: {
        sessions: storage.dashboardSessions,
        // Derived from the PIN key, which every API process shares (and production must set).
        throttleKey: createHmac('sha256', c.KASSA_PIN_KEY ?? TEST_ENVIRONMENT_PIN_KEY)
          .update('kassa-dashboard-sign-in-throttle')
          .digest('base64url'),
        projectsOf: async (partnerLogin: string) => (await storage.projects.listProjects({ partnerLogin })).map((r) => r.record),
        apiCalls: storage.apiCalls,
      },
      ...(observability.observer ? { observer: observability.observer } : {}),
    }),
    [TOKENS.Config, TOKENS.Logger, TOKENS.Ports, TOKENS.UseCases],
  );
  return container;
}
