import { describe, expect, it } from 'vitest';
import { readCustomer } from './xml-customer.js';
import { XmlFields } from './xml-fields.js';
import { parseXmlRequest } from './xml-request.js';

const fieldsOf = (inner: string) => {
  const parsed = parseXmlRequest(`<Request>${inner}</Request>`);
  if (!parsed.ok) throw new Error(parsed.refusal.message);
  return new XmlFields(parsed.request, '/Request');
};

describe('readCustomer', () => {
  it('keeps only the last four digits of a bound card: the expiry, the cardholder and the security code are checked and dropped', () => {
    const card =
      '<BankCardCustomer><Source>shop</Source><MerchantCustomerID>c-1</MerchantCustomerID><Country>ru</Country>' +
      '<BankCard><PAN>4276380012345678</PAN><ExpirationMonth>12</ExpirationMonth><ExpirationYear>31</ExpirationYear><SecurityCode>739</SecurityCode><Cardholder>IVAN PETROV</Cardholder></BankCard></BankCardCustomer>';
    expect(readCustomer(fieldsOf(card), true)).toEqual({ type: 'bank_card', source: 'shop', merchantCustomerId: 'c-1', country: 'RU', card: { last4: '5678' } });
    expect(() => readCustomer(fieldsOf(card.replace('<ExpirationMonth>12', '<ExpirationMonth>13')), true)).toThrow(/ExpirationMonth/);
  });
});
