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
  lookup(msisdn: string): Promise<CarrierInfo | undefined>;
}
