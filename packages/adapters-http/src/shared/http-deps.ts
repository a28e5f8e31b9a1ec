import type { ApiCallLog, CarrierLookup, Clock, DashboardSessions, KassaUseCases, PaymentPages, Project, ProjectDirectory } from '@kassa/domain';
import type { ListenerDeps } from '@kassa/http-kit';
import type { SignatureVerifier } from '../api/signature.js';
import type { IdempotencySettings } from '../api/idempotency.js';

/** What the HTTP adapter needs from the composition root. */
export interface HttpDeps extends ListenerDeps {
  readonly useCases: KassaUseCases;
  readonly projects: ProjectDirectory;
  readonly carriers: CarrierLookup;
  readonly paymentPages: PaymentPages;
  readonly clock: Clock;
  /** The API host's public address, for the OpenAPI document's `servers` (default: relative). */
  readonly apiBaseUrl?: string;
  /** Computes and checks request signatures; keeps the per-login inner hash (owned by the app). */
  readonly signatures: SignatureVerifier;
  /** How far a signed request's time may be from our clock, in seconds (default the spec's 20 minutes). */
  readonly maxDriftSeconds?: number;
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
