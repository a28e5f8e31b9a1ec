import type { KassaMode } from '@kassa-payments/domain';
import type { Logger } from 'pino';
import type { RawEndpoint } from './raw-endpoint.js';
import type { HttpObserver } from './http-observer.js';
import type { AnsweredListener } from './request-record.js';

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
  /** Told of each answered request's record, after its log line (the API host's requests page). */
  readonly answered?: AnsweredListener;
  /** The `traceparent` of the running span, when traces are on: a request's context (and so its events) carries it. */
  readonly traceparent?: () => string | undefined;
  /** Told of every answered request (the metrics). */
  readonly observer?: HttpObserver;
}
