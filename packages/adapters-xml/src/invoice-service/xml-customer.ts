import { isIP } from 'node:net';
import { cardLast4, type Customer } from '@kassa-payments/domain';
import { LIMITS } from '@kassa-payments/protocol';
import { XmlFieldError, type XmlFields } from './xml-fields.js';

// The JSON v3 protocol's rules, in XML: the same patterns and the same limits (docs/decisions.md).
const MSISDN = /^[1-9][0-9]{7,14}$/;
const MSISDN_RULE = 'must be an E.164 number, digits only';

/** The phone number in element `name` of `f` (required), as the spec's MSISDN pattern allows. */
export const readMsisdn = (f: XmlFields, name = 'MSISDN'): string => f.matching(name, MSISDN, MSISDN_RULE);

/** The phone number in element `name` of `f`, if the element is there. */
export const readOptionalMsisdn = (f: XmlFields, name: string): string | undefined => f.optionalMatching(name, MSISDN, MSISDN_RULE);
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const COUNTRY = /^[A-Za-z]{2}$/;
const PAN = /^[0-9]{16}$/;
const MONTH = /^(0?[1-9]|1[0-2])$/;
const YEAR = /^([0-9]{2}|[0-9]{4})$/;
const SECURITY_CODE = /^[0-9]{3,4}$/;

const CUSTOMER_BLOCKS = ['MobilePhoneCustomer', 'BankCardCustomer', 'UndefinedBankCardCustomer'] as const;

function email(block: XmlFields): { email?: string } {
  const value = block.optionalText('Email', LIMITS.email);
  if (value === undefined || value === '') return {};
  if (!EMAIL.test(value)) throw new XmlFieldError(`${block.path}/Email: must be an email address`);
  return { email: value };
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
    merchantCustomerId: card.text('MerchantCustomerID', LIMITS.merchantCustomerId),
    country: card.matching('Country', COUNTRY, 'must be an ISO 3166 alpha-2 code').toUpperCase(),
    ...email(card),
  };
  const bankCard = card.optionalChild('BankCard');
  if (!bankCard) return { type: 'undefined_bank_card', ...base };
  if (!cardAllowed) throw new XmlFieldError(`${bankCard.path}: card data is accepted only on the PCI host`);
  const pan = bankCard.matching('PAN', PAN, 'must be 16 digits');
  // Checked as the spec asks, then dropped: only the last four digits are kept.
  bankCard.matching('ExpirationMonth', MONTH, 'must be 1 to 12');
  bankCard.matching('ExpirationYear', YEAR, 'must have 2 or 4 digits');
  bankCard.matching('SecurityCode', SECURITY_CODE, 'must be 3 to 4 digits');
  bankCard.optionalText('Cardholder', LIMITS.cardholder);
  return { type: 'bank_card', ...base, card: { last4: cardLast4(pan) } };
}

/**
 * ClientIP: accepted where it is sent, and then an IPv4 or IPv6 address; never required. JSON v3's
 * per-project `client_ip` rule is a JSON convention: the spec's XML shapes do not list ClientIP
 * (AuthorizeCustomerContract is ContractID and PinCode), so XML never demands it.
 */
export function checkClientIp(fields: XmlFields): void {
  const ip = fields.optionalText('ClientIP', 64);
  if (ip !== undefined && ip !== '' && isIP(ip) === 0) throw new XmlFieldError(`${fields.path}/ClientIP: must be an IPv4 or IPv6 address`);
}

/** A GUID as the spec's XML shapes name ids (ContractID; also BillingOperationID). */
export const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
