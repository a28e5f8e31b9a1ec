/** Who serves a phone number. */
export interface CarrierInfo {
  readonly country: string;
  readonly network: { readonly id: number; readonly name: string };
  readonly operator: { readonly id: number; readonly name: string };
}

/** Answers POST /billing/check: whether carrier billing is possible for a number, and its carrier. */
export interface CarrierLookup {
  lookup(msisdn: string): Promise<CarrierInfo | undefined>;
}
