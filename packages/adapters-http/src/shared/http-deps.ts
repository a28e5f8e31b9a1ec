import type { CarrierLookup, Clock, KassaMode, KassaUseCases, PaymentPages, ProjectDirectory } from '@kassa/domain';
import type { Logger } from 'pino';

/** What the HTTP adapter needs from the composition root. */
export interface HttpDeps {
  readonly useCases: KassaUseCases;
  readonly projects: ProjectDirectory;
  readonly carriers: CarrierLookup;
  readonly paymentPages: PaymentPages;
  readonly clock: Clock;
  readonly mode: KassaMode;
  readonly logger: Logger;
  /** Largest request body accepted, in bytes. */
  readonly bodyLimitBytes?: number;
  /** Express `trust proxy`: whether the caller IP comes from X-Forwarded-For. */
  readonly trustProxy?: boolean;
}
