import type { KassaMode } from '@kassa-payments/domain';
import type { Logger } from 'pino';
import type { RawEndpoint } from './raw-endpoint.js';
import type { HttpObserver } from './http-observer.js';
import type { RequestScope } from './request-id.js';

/** Proxies whose X-Forwarded-For entries are believed (see ListenerDeps.trustProxy). */
export type TrustProxy = false | number | readonly string[];

/** What every public listener's app needs from the composition root, whatever it serves. */
export interface ListenerDeps {
  readonly mode: KassaMode;
  readonly logger: Logger;
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
}
