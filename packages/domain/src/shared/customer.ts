/** A payer identified by phone number (mobile carrier billing). */
export interface MobilePhoneCustomer {
  readonly type: 'mobile_phone';
  readonly msisdn: string;
  readonly email?: string;
}

/**
 * A payer by card. `undefined_bank_card` pays on the hosted page; `bank_card` arrived with card data
 * on the PCI host, of which only the last four digits and the expiry are kept.
 */
export interface CardCustomer {
  readonly type: 'undefined_bank_card' | 'bank_card';
  readonly source: string;
  readonly merchantCustomerId: string;
  readonly country: string;
  readonly email?: string;
  readonly card?: StoredCard;
}

/** What Kassa keeps of a card: its last four digits, nothing else (not the number, the expiry, the holder's name or the security code). */
export interface StoredCard {
  readonly last4: string;
}

export type Customer = MobilePhoneCustomer | CardCustomer;

/**
 * The client's identity within a project, used by the uniqueness rules (one active invoice per
 * client; contracts keyed by client + merchant_contract_id). The pair source + merchant_customer_id
 * identifies a card client.
 */
export function customerKey(customer: Customer, testClockId?: string): string {
  const key = customer.type === 'mobile_phone' ? `msisdn:${customer.msisdn}` : `card:${customer.source}:${customer.merchantCustomerId}`;
  // On a test clock the client is the clock's own: two clocks of a project do not see each other.
  return testClockId ? `clock:${testClockId}:${key}` : key;
}
