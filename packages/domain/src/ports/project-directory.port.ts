import type { Money } from '../shared/money.js';
import type { RetiringSecret } from '../shared/secrets.js';

/** A merchant account. `password` is the HMAC key of its request signatures; never logged. */
export interface Partner {
  readonly login: string;
  readonly password: string;
  /** The password before the last rotation, accepted too until its time. */
  readonly previousPassword?: RetiringSecret;
  /** Whether test_info.callback_url is allowed (test environment). */
  readonly testCallbackAllowed: boolean;
}

/** A merchant's project and its settings. */
export interface Project {
  readonly id: number;
  readonly partnerLogin: string;
  readonly active: boolean;
  /** Whether client_ip is required in requests (the spec's default: true). */
  readonly clientIpRequired: boolean;
  /** Caller IPs allowed; empty admits any. */
  readonly ipWhitelist: readonly string[];
  /** The price of a DCB invoice that names none. */
  readonly defaultPrice: Money | null;
  readonly returnUrl: string | null;
  readonly webhookUrl: string | null;
  readonly webhookSecret: string | null;
  /** The webhook secret before the last rotation: webhooks carry its signature too until its time. */
  readonly previousWebhookSecret?: RetiringSecret;
  /** Widget payment methods enabled: `sbp` and bank-app wallet codes. */
  readonly paymentMethods: readonly string[];
  /** HMAC key of the subscription service's signatures; never logged. */
  readonly subscriptionSecret: string | null;
  /** The subscription secret before the last rotation, accepted and signed with too until its time. */
  readonly previousSubscriptionSecret?: RetiringSecret;
  readonly subscriptionNotificationUrl: string | null;
  /** The shape of payment notifications: the JSON v3 event (default) or the legacy envelope. */
  readonly webhookFormat?: WebhookFormat;
  /**
   * The subscription service's signature: `v1` (the spec's, the default) covers SubscriptionProjectID
   * and Now only, so a captured request authorises any other within the drift window; `v2` covers the document too.
   */
  readonly subscriptionSignature?: SubscriptionSignatureVersion;
  /**
   * The lowest JSON v3 signature version accepted (absent: 3, the spec's). 4 refuses version 3, which
   * signs no part of the request; 5 refuses 4 too, which signs neither the method, the path nor the project.
   */
  readonly minSignatureVersion?: SignatureVersion;
  /**
   * Origins whose pages may frame the payment widget (`https://shop.example`). `*` admits any (the
   * test environment only). Absent: any in the test environment, none in production.
   */
  readonly widgetOrigins?: readonly string[];
}

export type SubscriptionSignatureVersion = 'v1' | 'v2';

/** The JSON v3 API's X-Signature-Version: 3 and 4 are the spec's, 5 covers the whole request. */
export type SignatureVersion = 3 | 4 | 5;

export type WebhookFormat = 'v3' | 'legacy';

/** Partners and projects. Read-only for the domain. */
export interface ProjectDirectory {
  findPartner(login: string): Promise<Partner | undefined>;
  findProject(projectId: number): Promise<Project | undefined>;
}
