/** Who serves a phone number. */
export interface CarrierInfo {
  readonly country: string;
  readonly network: { readonly id: number; readonly name: string };
  readonly operator: { readonly id: number; readonly name: string };
}

/**
 * The carrier directory: who serves a number (POST /billing/check), and where a client address is
 * (carriers know their networks' address ranges; CreateSubscription's country match check).
 */
export interface CarrierLookup {
  lookup(msisdn: string): Promise<CarrierInfo | undefined>;
  /** The lowercase ISO 3166 country of an IP address, or undefined when unknown (the check is then skipped). */
  countryOfIp(ip: string): Promise<string | undefined>;
}
