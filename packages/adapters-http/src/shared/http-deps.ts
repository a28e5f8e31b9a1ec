import type { ApiCallLog, CarrierLookup, Clock, DashboardSessions, KassaMode, KassaUseCases, PaymentPages, Project, ProjectDirectory } from '@kassa/domain';
import type { Logger } from 'pino';
import type { SignatureVerifier } from '../api/signature.js';
import type { RawEndpoint } from './raw-endpoint.js';
import type { HttpObserver } from './http-observer.js';
import type { RequestScope } from './request-id.js';
import type { IdempotencySettings } from '../api/idempotency.js';

/** Proxies whose X-Forwarded-For entries are believed (see HttpDeps.trustProxy). */
export type TrustProxy = false | number | readonly string[];

/** What the HTTP adapter needs from the composition root. */
export interface HttpDeps {
  readonly useCases: KassaUseCases;
  readonly projects: ProjectDirectory;
  readonly carriers: CarrierLookup;
  readonly paymentPages: PaymentPages;
  readonly clock: Clock;
  readonly mode: KassaMode;
  readonly logger: Logger;
  /** The API host's public address, for the OpenAPI document's `servers` (default: relative). */
  readonly apiBaseUrl?: string;
  /** Computes and checks request signatures; keeps the per-login inner hash (owned by the app). */
  readonly signatures: SignatureVerifier;
  /** How far a signed request's time may be from our clock, in seconds (default the spec's 20 minutes). */
  readonly maxDriftSeconds?: number;
  /** Largest request body accepted, in bytes. */
  readonly bodyLimitBytes?: number;
  /**
   * Express `trust proxy`: which proxies' X-Forwarded-For entries name the caller. `false` (the
   * default) trusts none; a number trusts that many hops in front of Kassa; a list trusts those
   * addresses and CIDR ranges. Never `true`, which would let any client choose its IP.
   */
  readonly trustProxy?: TrustProxy;
  /** Endpoints of other document formats (the XML 2.9 service), by host name ('api', 'pci'). */
  readonly rawEndpoints?: Readonly<Record<string, readonly RawEndpoint[]>>;
  /** The process's request scope: requests run in it, so that their log lines and events carry the id. */
  readonly requestScope?: RequestScope;
  /** Told of every answered request (the metrics). */
  readonly observer?: HttpObserver;
  /** Whether the API host records projects' calls for the dashboard's requests page (default true; the benchmark's cost table turns it off). */
  readonly recordApiCalls?: boolean;
  /** Idempotency-Key on the JSON v3 API's POSTs (absent: the header is ignored). */
  readonly idempotency?: IdempotencySettings;
  /** The merchants' dashboard on the API host (absent: no /dashboard). */
  readonly dashboard?: {
    readonly sessions: DashboardSessions;
    /** The key of the sign-in throttle's digests of logins and addresses (the same in every API process). */
    readonly throttleKey: string;
    readonly projectsOf: (partnerLogin: string) => Promise<readonly Project[]>;
    /** The projects' recent API calls, recorded by the API host and shown on the requests page. */
    readonly apiCalls: ApiCallLog;
  };
}
