import type { RequestContext } from './request-context.port.js';
/** Who serves a phone number. */
export interface CarrierInfo {
  readonly country: string;
  readonly network: { readonly id: number; readonly name: string };
  readonly operator: { readonly id: number; readonly name: string };
}

/**
 * The carrier directory: who serves a number (POST /billing/check, and whether a number can be
 * billed at all). Where a client address is, is the Geography port's.
 */
export interface CarrierLookup {
  /** `context`: the request the lookup serves, when one does (its `requestId`, for the lookup's log lines). */
  lookup(msisdn: string, context?: RequestContext): Promise<CarrierInfo | undefined>;
}
