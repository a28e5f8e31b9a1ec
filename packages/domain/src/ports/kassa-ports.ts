import type { DomainSettings } from '../shared/settings.js';
import type { BillingGateway } from './billing-gateway.port.js';
import type { CarrierLookup } from './carrier-lookup.port.js';
import type { Clock } from './clock.port.js';
import type { Geography } from './geography.port.js';
import type { ContractRepository } from './contract-repository.port.js';
import type { EventOutbox } from './event-outbox.port.js';
import type { IdGenerator } from './id-generator.port.js';
import type { InvoiceRepository } from './invoice-repository.port.js';
import type { PaymentPages } from './payment-page.port.js';
import type { PinDigests, PinGenerator, SmsSender } from './pin.port.js';
import type { ProjectDirectory } from './project-directory.port.js';
import type { Scheduler } from './scheduler.port.js';
import type { SubscriptionRepository } from './subscription-repository.port.js';
import type { NotificationRenderer, WebhookSender } from './notification.port.js';
import type { RandomSource } from './random.port.js';
import type { WebhookDeliveryRepository } from './webhook-delivery-repository.port.js';
import type { EventLog } from './event-log.port.js';
import type { CallbackTargets } from './callback-targets.port.js';
import type { StorageRetention } from './storage-retention.port.js';
import type { TestClockRepository } from './test-clock-repository.port.js';
import type { TimeSource } from './time-source.port.js';
import type { Sandbox } from './sandbox.port.js';
import type { WebhookEndpointRepository } from './webhook-endpoint-repository.port.js';
import type { SigningSecrets, WebhookTargets } from './webhook-targets.port.js';

/**
 * Every port of the domain, by name. Each use case takes the `Pick` of it that it needs, so an
 * embedder wires them with any DI, or none.
 */
export interface KassaPorts {
  readonly contracts: ContractRepository;
  readonly invoices: InvoiceRepository;
  readonly subscriptions: SubscriptionRepository;
  readonly outbox: EventOutbox;
  readonly projects: ProjectDirectory;
  /** Real time: what the id generator, the jobs and the stores read. */
  readonly clock: Clock;
  /** An aggregate's time (RealTime in production; the sandbox's TestClockTime in the test environment). */
  readonly time: TimeSource;
  readonly ids: IdGenerator;
  readonly pins: PinGenerator;
  /** Keyed digests of PINs: only they are stored. */
  readonly pinDigests: PinDigests;
  readonly sms: SmsSender;
  readonly gateway: BillingGateway;
  readonly carriers: CarrierLookup;
  /** Where a client address is (the country match of a WAP subscription). */
  readonly geography: Geography;
  readonly paymentPages: PaymentPages;
  readonly scheduler: Scheduler;
  readonly settings: DomainSettings;
  readonly deliveries: WebhookDeliveryRepository;
  /** The merchants' own webhook endpoints. */
  readonly endpoints: WebhookEndpointRepository;
  /** The check of the URLs merchants name for their endpoints. */
  readonly webhookTargets: WebhookTargets;
  /** The endpoints' signing secrets. */
  readonly signingSecrets: SigningSecrets;
  readonly events: EventLog;
  /** Removes what is past the retention (`settings.retentionDays`). */
  readonly retention: StorageRetention;
  /** The events' wire formats, from the transports. */
  readonly notifications: NotificationRenderer;
  readonly webhooks: WebhookSender;
  readonly random: RandomSource;
  /** The test environment's check of `test_info.callback_url` targets. */
  readonly callbacks: CallbackTargets;
  /** The sandbox's test clocks (the test environment's; production has none, the store stays empty). */
  readonly testClocks: TestClockRepository;
  /** The test environment's policy (the fixed PIN, its SMS outcomes, test_info, test clocks, reset): absent in production. */
  readonly sandbox?: Sandbox;
  /**
   * Lets the process's other work run (a turn of its event loop): a long job (a test clock's advance)
   * takes one between its pieces, so that it never holds the requests of others. Absent: no turns.
   */
  readonly takeTurn?: () => Promise<void>;
}
