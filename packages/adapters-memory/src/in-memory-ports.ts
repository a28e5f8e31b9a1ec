import { InMemoryRetention } from './in-memory-retention.js';
import type { KassaPorts } from '@kassa-payments/domain';
import type { Partner, Project } from '@kassa-payments/domain';
import { defaultSettings, RealTime, TestClockTime, testEnvironmentSandbox, type DomainSettings, type KassaMode } from '@kassa-payments/domain';
import { InMemoryContractRepository } from './in-memory-contract-repository.js';
import { InMemoryEventOutbox } from './in-memory-event-outbox.js';
import { InMemoryInvoiceRepository } from './in-memory-invoice-repository.js';
import { InMemoryProjectDirectory } from './in-memory-project-directory.js';
import { InMemorySubscriptionRepository } from './in-memory-subscription-repository.js';
import { TestEnvironmentBillingGateway } from './test-environment-billing-gateway.js';
import { TestEnvironmentCarrierLookup } from './test-environment-carrier-lookup.js';
import { TestEnvironmentGeography } from './test-environment-geography.js';
import {
  FixedRandom,
  InMemoryScheduler,
  ListedCallbackTargets,
  ListPinGenerator,
  ManualClock,
  NoNotifications,
  RecordingSmsSender,
  RecordingWebhookSender,
  SequentialIds,
  StaticPaymentPages,
  TestPinDigests,
  AnyWebhookTargets,
  SequentialSigningSecrets,
} from './test-doubles.js';
import { InMemoryWebhookDeliveryRepository } from './in-memory-webhook-delivery-repository.js';
import { InMemoryEventLog } from './in-memory-event-log.js';
import { InMemoryTestClockRepository } from './in-memory-test-clock-repository.js';
import { InMemoryWebhookEndpointRepository } from './in-memory-webhook-endpoint-repository.js';

export interface InMemoryPorts extends KassaPorts {
  readonly contracts: InMemoryContractRepository;
  readonly invoices: InMemoryInvoiceRepository;
  readonly subscriptions: InMemorySubscriptionRepository;
  readonly clock: ManualClock;
  readonly sms: RecordingSmsSender;
  readonly gateway: TestEnvironmentBillingGateway;
  readonly scheduler: InMemoryScheduler;
  readonly deliveries: InMemoryWebhookDeliveryRepository;
  readonly webhooks: RecordingWebhookSender;
  readonly endpoints: InMemoryWebhookEndpointRepository;
}

/**
 * Every port in memory: embedded mode and tests. Override any of them. `mode` chooses the
 * environment once: the test environment (the default) has the sandbox and the test clocks' time,
 * production real time and no sandbox. `time` reads this clock and these test clocks: an override
 * of `clock` or `testClocks` brings its own `time` (`new TestClockTime(testClocks, clock)`, `new RealTime(clock)`).
 */
export function inMemoryPorts(options: { partners?: readonly Partner[]; projects?: readonly Project[]; settings?: DomainSettings; mode?: KassaMode } = {}): InMemoryPorts {
  const contracts = new InMemoryContractRepository();
  const invoices = new InMemoryInvoiceRepository();
  const subscriptions = new InMemorySubscriptionRepository();
  const clock = new ManualClock();
  const deliveries = new InMemoryWebhookDeliveryRepository();
  const events = new InMemoryEventLog();
  const testClocks = new InMemoryTestClockRepository(undefined, [contracts, invoices, subscriptions]);
  const endpoints = new InMemoryWebhookEndpointRepository();
  return {
    contracts,
    invoices,
    subscriptions,
    outbox: new InMemoryEventOutbox({ contracts, invoices, subscriptions, testClocks, endpoints }),
    projects: new InMemoryProjectDirectory(options.partners ?? [], options.projects ?? []),
    clock,
    ...(options.mode === 'production' ? { time: new RealTime(clock) } : { time: new TestClockTime(testClocks, clock), sandbox: testEnvironmentSandbox }),
    ids: new SequentialIds(),
    pins: new ListPinGenerator(),
    pinDigests: new TestPinDigests(),
    sms: new RecordingSmsSender(),
    gateway: new TestEnvironmentBillingGateway(),
    carriers: new TestEnvironmentCarrierLookup(),
    geography: new TestEnvironmentGeography(),
    paymentPages: new StaticPaymentPages(),
    scheduler: new InMemoryScheduler(),
    settings: options.settings ?? defaultSettings(),
    deliveries,
    endpoints,
    webhookTargets: new AnyWebhookTargets(),
    signingSecrets: new SequentialSigningSecrets(),
    events,
    retention: new InMemoryRetention({ contracts, invoices, subscriptions, deliveries, events, testClocks, endpoints }),
    testClocks,
    notifications: new NoNotifications(),
    webhooks: new RecordingWebhookSender(clock),
    random: new FixedRandom(),
    callbacks: new ListedCallbackTargets(),
  };
}
