import { describe, expect, it } from 'vitest';
import { requestPayload, requestPayloadParts } from './signature-payload.js';

describe('requestPayload (signature version 4)', () => {
  it('POST /invoices: order id, customerPayload, amount, currency, contract id, client_ip', () => {
    const body = {
      client_ip: '10.0.0.1',
      customer: { type: 'mobile_phone', msisdn: '79001234567' },
      order: { merchant_order_id: 'o-1', price: { amount: '10.00', currency: 'RUB' } },
      contract: { merchant_contract_id: 'mc' },
    };
    expect(requestPayload('createInvoice', { body })).toBe('o-179001234567' + '10.00RUB' + 'mc' + '10.0.0.1');
  });

  it('card customers: source, country, merchant_customer_id, email in this order; missing fields are empty', () => {
    const body = { customer: { type: 'undefined_bank_card', source: 'shop', country: 'RU', merchant_customer_id: 'u1' }, order: { merchant_order_id: 'o' } };
    expect(requestPayload('createInvoice', { body })).toBe('oshopRUu1');
  });

  it('ids come from the path; other or no customer type gives an empty customerPayload', () => {
    expect(requestPayload('authorizeContract', { pathId: 'c-1', body: { pin_code: '1234', client_ip: '1.1.1.1', merchant_contract_id: 'mc' } })).toBe('c-1mc12341.1.1.1');
    expect(requestPayload('getInvoice', { pathId: 'i-1' })).toBe('i-1');
    expect(requestPayload('findInvoiceByOrderId', { merchantOrderId: 'o-9' })).toBe('o-9');
    expect(requestPayload('checkBilling', { body: { customer: { type: 'x', msisdn: '1' } } })).toBe('');
    // The spec's {msisdn} shape has no customer object: its customerPayload, and so its requestPayload, is empty.
    expect(requestPayload('checkBilling', { body: { msisdn: '79001234567' } })).toBe('');
    expect(requestPayload('checkBilling', { body: { customer: { type: 'mobile_phone', msisdn: '79001234567' } } })).toBe('79001234567');
    expect(requestPayload('createContract', { body: 'not an object' })).toBe('');
  });
});

describe('the lists (signature version 4)', () => {
  it('sign their filters, then limit and cursor: a client of before, sending neither, signs the same bytes', () => {
    // What each list signed before limit and cursor (events: type, after, limit; deliveries: status, event_id; test clocks: nothing).
    expect(requestPayload('listEvents', { query: { type: 'payment.updated', after: 'a', limit: '5' } })).toBe('payment.updateda5');
    expect(requestPayload('listWebhookDeliveries', { query: { status: 'dead', event_id: 'e' } })).toBe('deade');
    expect(requestPayload('listTestClocks', { query: {} })).toBe('');
    expect(requestPayload('listEvents', { query: { limit: '5', cursor: 'c' } })).toBe('5c');
    expect(requestPayload('listWebhookDeliveries', { query: { status: 'dead', limit: '2', cursor: 'c' } })).toBe('dead2c');
    expect(requestPayload('listTestClocks', { query: { limit: '2', cursor: 'c' } })).toBe('2c');
  });
});

describe('the webhook endpoints (signature version 4)', () => {
  it('sign the whole body of a creation and a change: url, event_types joined in the order sent, description (and status)', () => {
    const body = { url: 'https://shop.example/k', event_types: ['refund.completed', 'payment.updated'], description: 'main' };
    expect(requestPayload('createWebhookEndpoint', { body })).toBe('https://shop.example/k' + 'refund.completed,payment.updated' + 'main');
    expect(requestPayload('updateWebhookEndpoint', { body: { ...body, status: 'disabled' }, pathId: 'ep-1' })).toBe(
      'ep-1' + 'https://shop.example/k' + 'refund.completed,payment.updated' + 'main' + 'disabled',
    );
    // A change of the types alone signs them; absent fields (a null description) are empty.
    expect(requestPayload('updateWebhookEndpoint', { body: { event_types: ['*'], description: null }, pathId: 'ep-1' })).toBe('ep-1' + '*');
  });
});

describe('requestPayloadParts', () => {
  it('names each field, so an answer can say which were empty', () => {
    const parts = requestPayloadParts('createInvoice', { body: { customer: { type: 'mobile_phone', msisdn: '79001234567' }, order: { merchant_order_id: 'o-1' } } });
    expect(parts.map((p) => p.field)).toEqual(['order.merchant_order_id', 'customer.msisdn', 'order.price.amount', 'order.price.currency', 'contract.merchant_contract_id', 'client_ip']);
    expect(parts.filter((p) => p.value === '').map((p) => p.field)).toEqual(['order.price.amount', 'order.price.currency', 'contract.merchant_contract_id', 'client_ip']);
  });
});
