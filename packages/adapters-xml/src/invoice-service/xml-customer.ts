import { cardLast4, type Customer } from '@kassa-payments/domain';
import { FIELD_RULES, LIMITS } from '@kassa-payments/protocol';
import { XmlFieldError, type XmlFields } from './xml-fields.js';

// The JSON v3 protocol's rules, in XML: @kassa-payments/protocol's FIELD_RULES, run on the elements' text.

/** The phone number in element `name` of `f` (required), as the spec's MSISDN pattern allows. */
export const readMsisdn = (f: XmlFields, name = 'MSISDN'): string => f.field(name, FIELD_RULES.msisdn);

/** The phone number in element `name` of `f`, if the element is there. */
export const readOptionalMsisdn = (f: XmlFields, name: string): string | undefined => f.optionalField(name, FIELD_RULES.msisdn);

const CUSTOMER_BLOCKS = ['MobilePhoneCustomer', 'BankCardCustomer', 'UndefinedBankCardCustomer'] as const;

function email(block: XmlFields): { email?: string } {
  const value = block.optionalField('Email', FIELD_RULES.email, { emptyIsAbsent: true });
  return value === undefined ? {} : { email: value };
}

/**
 * The one customer block of a request: MobilePhoneCustomer, BankCardCustomer (card binding, with a
 * BankCard, on the PCI host only) or UndefinedBankCardCustomer (the hosted page). Of a card only the
 * last four digits and the expiry go on; the security code is checked for shape and dropped here.
 */
export function readCustomer(fields: XmlFields, cardAllowed: boolean): Customer {
  const blocks = CUSTOMER_BLOCKS.filter((n) => fields.names().includes(n));
  if (blocks.length !== 1) throw new XmlFieldError(`${fields.path}: exactly one of ${CUSTOMER_BLOCKS.join(', ')} is required`);
  const phone = fields.optionalChild('MobilePhoneCustomer');
  if (phone) return { type: 'mobile_phone', msisdn: readMsisdn(phone), ...email(phone) };
  const card = fields.optionalChild('BankCardCustomer') ?? fields.child('UndefinedBankCardCustomer');
  const base = {
    source: card.text('Source', LIMITS.source),
    merchantCustomerId: card.field('MerchantCustomerID', FIELD_RULES.merchantCustomerId),
    country: card.field('Country', FIELD_RULES.country).toUpperCase(),
    ...email(card),
  };
  const bankCard = card.optionalChild('BankCard');
  if (!bankCard) return { type: 'undefined_bank_card', ...base };
  if (!cardAllowed) throw new XmlFieldError(`${bankCard.path}: card data is accepted only on the PCI host`);
  const pan = bankCard.field('PAN', FIELD_RULES.pan);
  // Checked as the spec asks, then dropped: only the last four digits are kept.
  bankCard.field('ExpirationMonth', FIELD_RULES.expirationMonth);
  bankCard.field('ExpirationYear', FIELD_RULES.expirationYear);
  bankCard.field('SecurityCode', FIELD_RULES.securityCode);
  bankCard.optionalField('Cardholder', FIELD_RULES.cardholder);
  return { type: 'bank_card', ...base, card: { last4: cardLast4(pan) } };
}

/**
 * ClientIP: accepted where it is sent, and then an IPv4 or IPv6 address; never required. JSON v3's
 * per-project `client_ip` rule is a JSON convention: the spec's XML shapes do not list ClientIP
 * (AuthorizeCustomerContract is ContractID and PinCode), so XML never demands it.
 */
export function readClientIp(fields: XmlFields): string | undefined {
  return fields.optionalField('ClientIP', FIELD_RULES.clientIp, { maxLength: 64, emptyIsAbsent: true });
}

/** ClientIP checked where it is sent (the invoice service does not pass it on). */
export function checkClientIp(fields: XmlFields): void {
  readClientIp(fields);
}

/** A GUID as the spec's XML shapes name ids (ContractID; also BillingOperationID). */
export const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
