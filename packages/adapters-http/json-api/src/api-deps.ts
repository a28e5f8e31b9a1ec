import type { CarrierLookup, Clock, KassaUseCases, PaymentPages, ProjectDirectory } from '@kassa-payments/domain';
import type { ListenerDeps } from '@kassa-payments/http-kit';
import type { CallerAuthentication, SignatureUses } from '@kassa-payments/operations';
import type { SignatureVerifier } from './signature.js';
import type { IdempotencySettings } from './idempotency.js';
import type { ApiCallRecorder } from './api-call-recorder.js';
import type { OpenStreams } from './open-streams.js';

/** What the API host and the PCI host need from the composition root. */
export interface ApiDeps extends ListenerDeps {
  readonly useCases: KassaUseCases;
  readonly projects: ProjectDirectory;
  readonly carriers: CarrierLookup;
  readonly paymentPages: PaymentPages;
  readonly clock: Clock;
  /** The API host's public address, for the OpenAPI document's `servers` (default: relative). */
  readonly apiBaseUrl?: string;
  /** The one caller authentication (JSON v3, XML 2.9 and the subscription service share it; built by the app). */
  readonly callers: CallerAuthentication;
  /** Computes and checks request signatures; keeps the per-login inner hash (owned by the app). */
  readonly signatures: SignatureVerifier;
  /** The first use of each version 3 and 4 signature, shared by every API process (absent: not checked). */
  readonly signatureUses?: SignatureUses;
  /** How far a signed request's time may be from our clock, in seconds (default the spec's 20 minutes). */
  readonly maxDriftSeconds?: number;
  /** Idempotency-Key on the JSON v3 API's POSTs (absent: the header is ignored). */
  readonly idempotency?: IdempotencySettings;
  /** Records the projects' signed calls for the dashboard's requests page (absent: none are). */
  readonly apiCallRecorder?: ApiCallRecorder;
  /** The event and request streams open on this process (their limit per project; ended when it stops). Absent: the default limits, none ended. */
  readonly streams?: OpenStreams;
}
