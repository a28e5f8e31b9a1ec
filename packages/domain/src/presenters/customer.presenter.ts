// The aggregates as every transport shows them, worked out once; each transport maps the names to its own wire.
import type { CarrierInfo, CarrierLookup } from '../ports/carrier-lookup.port.js';
import type { CardCustomer, Customer, MobilePhoneCustomer } from '../shared/customer.js';
import { maskMsisdn } from '../shared/masking.js';

/** A phone customer as answers show it: the number (masked where the spec says so) and its carrier. */
export interface PhoneCustomerPresentation extends MobilePhoneCustomer {
  readonly carrier?: CarrierInfo;
}

/** The customer as every transport shows it; each maps the names to its own (JSON v3, XML 2.9). Never card data but the last four digits. */
export type CustomerPresentation = PhoneCustomerPresentation | CardCustomer;

/** The customer of an answer: a phone number with its carrier looked up, masked when `maskPhone` (lookups by order id). */
export async function presentCustomer(c: Customer, carriers: CarrierLookup, maskPhone = false): Promise<CustomerPresentation> {
  if (c.type !== 'mobile_phone') return c;
  const carrier = await carriers.lookup(c.msisdn);
  return { type: c.type, msisdn: maskPhone ? maskMsisdn(c.msisdn) : c.msisdn, ...(c.email ? { email: c.email } : {}), ...(carrier ? { carrier } : {}) };
}
