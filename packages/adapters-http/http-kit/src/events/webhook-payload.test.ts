import { describe, expect, it } from 'vitest';
import {
  cancelContract,
  completeRefund,
  enterContractPin,
  openContract,
  openInvoice,
  recordCharge,
  requestRefund,
  transactionFor,
  type ContractEvent,
  type Invoice,
  type InvoiceEvent,
  type PaymentUpdated,
  noteEndpointDelivery,
  openWebhookEndpoint,
  type WebhookEndpointEvent,
} from '@kassa-payments/domain';
import { jsonWebhookSchema, legacyPaymentWebhook } from '@kassa-payments/protocol';
import { legacyPaymentPayload } from './legacy-payment-payload.js';
import { webhookPayload } from './webhook-payload.js';

// The wire shapes merchants' code depends on, pinned: each event made by the real domain command.
let n = 0;
const stamp = () => ({
  now: '2026-11-22T10:00:00.000Z',
  newId: () => {
    n += 1;
    return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  },
});
const base = { projectId: 7, now: '2026-11-22T09:00:00.000Z' };

const contract = () =>
  openContract({ ...base, id: 'c-1', merchantContractId: 'mc-1', customer: { type: 'mobile_phone', msisdn: '79001234567' }, authorizationType: 'SMS_PIN', pinDigest: '1234', lifetimeSeconds: 3600 });
const invoice = () =>
  openInvoice({
    ...base,
    id: 'i-1',
    merchantOrderId: 'o-1',
    customer: { type: 'mobile_phone', msisdn: '79001234567' },
    price: { minor: 1000, currency: 'RUB' },
    vatIncluded: false,
    description: null,
    applicationName: null,
    productName: null,
    authorizationType: 'BY_CONTRACT',
    contract: null,
    billingChannel: 'MC',
    pinDigest: null,
    testInfo: null,
    lifetimeSeconds: 86_400,
  });
const charge = (i: Invoice, status: 'SUCCESS' | 'FAILED') =>
  recordCharge(
    i,
    transactionFor(i, { status, resultCode: status === 'SUCCESS' ? 0 : 210, resultDescription: status, billingChannel: 'MC', serviceNumber: '0000' }, 't-1', '2026-11-22T10:00:00.000Z'),
    stamp(),
  );
const only = <E>(events: readonly unknown[]) => events[0] as E;

describe('webhookPayload: the JSON bodies of the events', () => {
  it('contract.authorized and contract.closed', () => {
    const authorized = enterContractPin(contract(), '1234', stamp());
    expect(webhookPayload(only<ContractEvent>(authorized.events))).toEqual({
      type: 'contract.authorized',
      data: { customer: { type: 'mobile_phone', msisdn: '79001234567' }, contract: { contract_id: 'c-1', merchant_contract_id: 'mc-1' } },
    });
    expect(webhookPayload(only<ContractEvent>(cancelContract(contract(), stamp()).events))).toEqual({
      type: 'contract.closed',
      data: { customer: { type: 'mobile_phone', msisdn: '79001234567' }, contract: { contract_id: 'c-1', merchant_contract_id: 'mc-1' }, reason: 'cancelled' },
    });
  });

  it('payment.updated, paid and failed', () => {
    expect(webhookPayload(only<InvoiceEvent>(charge(invoice(), 'SUCCESS').events))).toEqual({
      type: 'payment.updated',
      data: {
        invoice: { invoice_id: 'i-1', merchant_order_id: 'o-1', status: 'Processed', payment_status: 'PAID' },
        transaction: { transaction_id: 't-1', status: 'SUCCESS', result_code: 0, result_description: 'SUCCESS', paid_at: '2026-11-22T10:00:00Z', price: { amount: '10.00', currency: 'RUB' } },
        customer: { type: 'mobile_phone', msisdn: '79001234567' },
      },
    });
    expect(webhookPayload(only<InvoiceEvent>(charge(invoice(), 'FAILED').events))).toMatchObject({
      type: 'payment.updated',
      data: { invoice: { status: 'Created', payment_status: 'NOT_PAID' }, transaction: { status: 'FAILED', result_code: 210 } },
    });
  });

  it('refund.completed', () => {
    const paid = charge(invoice(), 'SUCCESS').next as Invoice;
    const refunding = requestRefund(paid, stamp()).next as Invoice;
    expect(webhookPayload(only<InvoiceEvent>(completeRefund(refunding, stamp()).events))).toEqual({
      type: 'refund.completed',
      data: {
        invoice: { invoice_id: 'i-1', merchant_order_id: 'o-1', status: 'Processed', payment_status: 'PAID' },
        refund: { refund_status: 'completed', amount: { amount: '10.00', currency: 'RUB' } },
      },
    });
  });

  it('webhook_endpoint.disabled', () => {
    const endpoint = openWebhookEndpoint({ id: 'we-1', projectId: 7, slot: 0, url: 'https://shop.example/k', eventTypes: 'all', description: null, secret: 'whsec_x', now: base.now });
    const failing = noteEndpointDelivery(endpoint, { succeeded: false, from: '2026-11-17T09:00:00.000Z', at: '2026-11-17T09:00:00.000Z' }, 120, stamp()).next;
    const disabled = noteEndpointDelivery(failing ?? endpoint, { succeeded: false, from: base.now, at: '2026-11-22T10:00:00.000Z' }, 120, stamp());
    const payload = webhookPayload(only<WebhookEndpointEvent>(disabled.events));
    expect(payload).toEqual({
      type: 'webhook_endpoint.disabled',
      data: { webhook_endpoint: { id: 'we-1', url: 'https://shop.example/k', status: 'disabled', reason: 'failing', failing_since: '2026-11-17T09:00:00Z' } },
    });
    const strict = JSON.parse(JSON.stringify(payload)) as unknown;
    expect(jsonWebhookSchema.parse(strict)).toEqual(strict);
  });

  it("every payload is what the OpenAPI document's webhooks section says, to the field (no field it does not name)", () => {
    const paid = charge(invoice(), 'SUCCESS').next as Invoice;
    const payloads = [
      webhookPayload(only<ContractEvent>(enterContractPin(contract(), '1234', stamp()).events)),
      webhookPayload(only<ContractEvent>(cancelContract(contract(), stamp()).events)),
      webhookPayload(only<InvoiceEvent>(charge(invoice(), 'SUCCESS').events)),
      webhookPayload(only<InvoiceEvent>(charge(invoice(), 'FAILED').events)),
      webhookPayload(only<InvoiceEvent>(completeRefund(requestRefund(paid, stamp()).next as Invoice, stamp()).events)),
    ];
    for (const payload of payloads) {
      const strict = JSON.parse(JSON.stringify(payload)) as unknown;
      expect(jsonWebhookSchema.parse(strict)).toEqual(strict);
    }
    const legacy = legacyPaymentPayload(only<InvoiceEvent>(charge(invoice(), 'SUCCESS').events) as PaymentUpdated, 'test');
    expect(legacyPaymentWebhook.parse(legacy)).toEqual(legacy);
  });
});
