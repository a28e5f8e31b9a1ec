import type { FIELD_RULES } from '@kassa-payments/protocol';
import { LIMITS } from '@kassa-payments/protocol';

// The one table of cases of @kassa-payments/protocol's FIELD_RULES: for each rule, values it takes and
// values it refuses, and where each merchant transport carries the field (or why it does not).
// field-rules.e2e.test.ts runs every case against every transport that carries the field.

export type Transport = 'json' | 'xml' | 'subscription';
export type RuleName = keyof typeof FIELD_RULES;

/** A value, and why it is a case of its own. A number is JSON's case only (XML carries text). */
export interface FieldCase {
  readonly value: string | number;
  readonly why: string;
}

/** Where a transport carries the field (a JSON path, an XML element), or why it does not. */
export type Carriage = { readonly at: string } | { readonly absent: string };

/** A transport's answer to a case that differs from the rule's word, and why. */
export type Exception = { readonly accepted: string } | { readonly refusedSaying: string; readonly why: string };

export interface FieldCases {
  readonly valid: readonly FieldCase[];
  readonly invalid: readonly (FieldCase & { readonly except?: Partial<Record<Transport, Exception>> })[];
  readonly carried: Readonly<Record<Transport, Carriage>>;
}

const NO_PAN = 'the subscription service takes no card data: a card subscriber pays on the page (CustomerType Card)';
const url = (length: number) => `http://127.0.0.1:9/${'c'.repeat(length - 'http://127.0.0.1:9/'.length)}`;

export const FIELD_CASES: Readonly<Partial<Record<RuleName, FieldCases>>> = {
  msisdn: {
    carried: { json: { at: 'customer.msisdn' }, xml: { at: 'MobilePhoneCustomer/MSISDN' }, subscription: { at: 'Subscriber_MSISDN' } },
    valid: [
      { value: '79001234567', why: 'a Russian mobile number' },
      { value: '12345678', why: 'the shortest: 8 digits' },
      { value: '123456789012345', why: 'the longest: 15 digits' },
    ],
    invalid: [
      { value: '+79001234567', why: 'a leading +' },
      { value: '1234567', why: '7 digits' },
      { value: '1234567890123456', why: '16 digits' },
      { value: '0790012345', why: 'a leading 0' },
      { value: '7900abc4567', why: 'letters' },
      { value: '7 900 123 45 67', why: 'spaces' },
      { value: 79001234567, why: 'a number, not a string' },
    ],
  },
  email: {
    carried: { json: { at: 'customer.email' }, xml: { at: 'MobilePhoneCustomer/Email' }, subscription: { absent: 'the subscription service has no email element' } },
    valid: [
      { value: 'ivan@shop.example', why: 'a plain address' },
      { value: "o'hara+orders@mail.shop.example", why: 'an apostrophe, a plus and subdomains' },
      { value: 'info@магазин.рф', why: 'an international domain' },
      { value: 'info@xn--80aa.xn--p1ai', why: 'an international domain, spelled in punycode' },
      { value: 'ivan..petrov@shop.example', why: 'two dots in a row: the mail server decides, as the XSD says' },
    ],
    invalid: [
      { value: 'ivan.shop.example', why: 'no @' },
      { value: 'ivan@shop', why: 'no dot in the domain' },
      { value: 'iv an@shop.example', why: 'a space' },
      { value: 'ivan@@shop.example', why: 'two @' },
      { value: 'ivan@.example', why: 'no domain name before the dot' },
      { value: `${'i'.repeat(LIMITS.email - '@shop.example'.length + 1)}@shop.example`, why: `over ${LIMITS.email} characters` },
    ],
  },
  country: {
    carried: { json: { at: 'customer.country' }, xml: { at: 'UndefinedBankCardCustomer/Country' }, subscription: { absent: 'the subscription service answers Country, never takes it' } },
    valid: [
      { value: 'RU', why: 'upper case' },
      { value: 'de', why: 'lower case (kept in upper case)' },
    ],
    invalid: [
      { value: 'RUS', why: 'three letters (alpha-3)' },
      { value: 'R', why: 'one letter' },
      { value: 'R1', why: 'a digit' },
      { value: 'РУ', why: 'Cyrillic letters' },
    ],
  },
  pan: {
    carried: { json: { at: 'customer.bank_card.pan' }, xml: { at: 'BankCard/PAN' }, subscription: { absent: NO_PAN } },
    valid: [
      { value: '4276380012340009', why: '16 digits' },
      { value: '4276380012340001', why: 'failing the Luhn check: the spec asks none (docs/decisions.md, "Card fields")' },
    ],
    invalid: [
      { value: '427638001234', why: '12 digits' },
      { value: '42763800123400090000', why: '20 digits' },
      { value: '4276 3800 1234 0009', why: 'spaces' },
      { value: '4276-3800-1234-0009', why: 'dashes' },
      { value: 4276380012340009, why: 'a number, not a string' },
    ],
  },
  expirationMonth: {
    carried: { json: { at: 'customer.bank_card.expiration_month' }, xml: { at: 'BankCard/ExpirationMonth' }, subscription: { absent: NO_PAN } },
    valid: [
      { value: '1', why: 'one digit' },
      { value: '09', why: 'a leading zero' },
      { value: '12', why: 'December' },
    ],
    invalid: [
      { value: '0', why: 'no month 0' },
      { value: '13', why: 'no month 13' },
      { value: 'XII', why: 'not digits' },
    ],
  },
  securityCode: {
    carried: { json: { at: 'customer.bank_card.security_code' }, xml: { at: 'BankCard/SecurityCode' }, subscription: { absent: NO_PAN } },
    valid: [
      { value: '739', why: '3 digits' },
      { value: '7391', why: '4 digits' },
    ],
    invalid: [
      { value: '73', why: '2 digits' },
      { value: '73910', why: '5 digits' },
      { value: '7a9', why: 'a letter' },
    ],
  },
  callbackUrl: {
    carried: { json: { at: 'test_info.callback_url' }, xml: { at: 'TestInfo/CallbackUrl' }, subscription: { absent: "notifications go to the project's subscriptionNotificationUrl" } },
    valid: [
      { value: 'http://127.0.0.1:9/cb', why: 'http' },
      { value: 'https://127.0.0.1:9/cb?order=1', why: 'https with a query' },
      { value: 'HTTP://127.0.0.1:9/cb', why: 'the scheme in upper case' },
      { value: url(LIMITS.callbackUrl), why: `${LIMITS.callbackUrl} characters` },
    ],
    invalid: [
      { value: '/cb', why: 'relative' },
      { value: 'javascript:alert(1)', why: 'javascript:' },
      { value: 'ftp://127.0.0.1/cb', why: 'ftp' },
      { value: 'http:127.0.0.1/cb', why: 'no //' },
      { value: 'http://:80/cb', why: 'no host' },
      { value: 'http://127.0.0.1:9/c b', why: 'a space' },
      { value: 'http://127.0.0.1:9/c\tb', why: 'a tab (a URL parser drops it)' },
      { value: 'http://127.0.0.1:9/c\nb', why: 'a line break (a URL parser drops it)' },
      { value: url(LIMITS.callbackUrl + 1), why: `over ${LIMITS.callbackUrl} characters` },
    ],
  },
  clientIp: {
    carried: { json: { at: 'client_ip' }, xml: { at: 'ClientIP' }, subscription: { at: 'ClientIP' } },
    valid: [
      { value: '203.0.113.7', why: 'IPv4' },
      { value: '2001:db8::7', why: 'IPv6' },
    ],
    invalid: [
      { value: '203.0.113', why: 'three parts' },
      { value: '203.0.113.256', why: 'a part over 255' },
      { value: '203.0.113.07', why: 'a leading zero' },
      { value: 'fe80::1%eth0', why: 'an IPv6 zone id' },
      { value: 'shop.example', why: 'a host name' },
    ],
  },
  merchantOrderId: {
    carried: { json: { at: 'order.merchant_order_id' }, xml: { at: 'MerchantOrderID' }, subscription: { absent: 'a subscription has no order' } },
    valid: [
      { value: 'o', why: 'one character' },
      { value: 'o'.repeat(LIMITS.merchantOrderId), why: `${LIMITS.merchantOrderId} characters` },
    ],
    invalid: [{ value: 'o'.repeat(LIMITS.merchantOrderId + 1), why: `over ${LIMITS.merchantOrderId} characters` }],
  },
  merchantCustomerId: {
    carried: { json: { at: 'customer.merchant_customer_id' }, xml: { at: 'UndefinedBankCardCustomer/MerchantCustomerID' }, subscription: { at: 'CustomerId' } },
    valid: [
      { value: 'c', why: 'one character' },
      { value: 'c'.repeat(LIMITS.merchantCustomerId), why: `${LIMITS.merchantCustomerId} characters` },
    ],
    invalid: [{ value: 'c'.repeat(LIMITS.merchantCustomerId + 1), why: `over ${LIMITS.merchantCustomerId} characters` }],
  },
  amount: {
    carried: { json: { at: 'order.price.amount' }, xml: { at: 'Price/Amount' }, subscription: { at: 'TestInfo/BillingAmount' } },
    valid: [
      { value: '10.00', why: 'two fraction digits' },
      { value: '0.01', why: 'the smallest' },
      { value: '9999999999999.99', why: 'the largest: 13 integer digits' },
    ],
    invalid: [
      {
        value: '0.00',
        why: 'nothing to pay',
        except: {
          subscription: { accepted: 'a test charge of 0.00: no rule of the domain refuses one (an invoice price must be greater than 0.00)' },
          xml: { refusedSaying: 'order.price.amount must be greater than 0.00', why: "the domain's invoice rule, which names JSON's field" },
        },
      },
      { value: '-1.00', why: 'negative' },
      { value: '10', why: 'no fraction digits' },
      { value: '10.5', why: 'one fraction digit' },
      { value: '10.000', why: 'three fraction digits' },
      { value: '10000000000000.00', why: 'too large: 14 integer digits' },
      { value: '1e3', why: 'an exponent' },
      { value: '10,00', why: 'a decimal comma' },
      { value: 10, why: 'a number, not a string' },
    ],
  },
  currency: {
    carried: { json: { at: 'order.price.currency' }, xml: { at: 'Price/Currency' }, subscription: { absent: 'a test charge is always in RUB' } },
    valid: [
      { value: 'RUB', why: 'roubles' },
      { value: 'USD', why: 'another code' },
    ],
    invalid: [
      { value: 'rub', why: 'lower case' },
      { value: 'RU', why: 'two letters' },
      { value: 'RUBL', why: 'four letters' },
    ],
  },
};
