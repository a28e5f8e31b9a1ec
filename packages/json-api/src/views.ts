import {
  formatAmount,
  invoicePaymentStatus,
  invoiceStatus,
  specTime,
  maskMsisdn,
  type CarrierLookup,
  type Contract,
  type Customer,
  type Invoice,
  type Money,
  type PaymentPages,
  type Transaction,
} from '@kassa/domain';

const time = specTime;
const money = (m: Money, vatIncluded?: boolean) => ({ amount: formatAmount(m), currency: m.currency, ...(vatIncluded === undefined ? {} : { vat_included: vatIncluded }) });

/** The customer block: no card data ever; the msisdn masked where the spec says so. */
export async function customerView(c: Customer, carriers: CarrierLookup, maskPhone = false) {
  if (c.type !== 'mobile_phone') {
    return { type: c.type, source: c.source, merchant_customer_id: c.merchantCustomerId, country: c.country, ...(c.email ? { email: c.email } : {}) };
  }
  const carrier = await carriers.lookup(c.msisdn);
  return {
    type: c.type,
    msisdn: maskPhone ? maskMsisdn(c.msisdn) : c.msisdn,
    ...(c.email ? { email: c.email } : {}),
    ...(carrier ? { country: carrier.country, network: carrier.network, operator: carrier.operator } : {}),
  };
}

const transactionView = (t: Transaction) => ({
  transaction_id: t.id,
  part_number: t.partNumber,
  sequence_number: t.sequenceNumber,
  status: t.status,
  result_code: t.resultCode,
  result_description: t.resultDescription,
  ...(t.paidAt ? { paid_at: time(t.paidAt) } : {}),
  price: money(t.price),
  partner_profit: money(t.partnerProfit),
  total_paid: money(t.totalPaid),
  total_remaining: money(t.totalRemaining),
  billing_channel: t.billingChannel,
  service_number: t.serviceNumber,
});

export interface InvoiceViewOptions {
  readonly carriers: CarrierLookup;
  readonly paymentPages: PaymentPages;
  readonly maskPhone?: boolean;
}

/** The spec's invoice resource. The payment-page link is re-derived from the creation time, so it is stable. */
export async function invoiceView(i: Invoice, options: InvoiceViewOptions) {
  const isAuthorized = i.authorizationType === 'BY_CONTRACT' || i.state === 'authorized' || i.state === 'processed';
  const link = i.authorizationType === 'AUTH_PAGE' ? await options.paymentPages.linkFor(i, new Date(i.createdAt)) : undefined;
  return {
    invoice_id: i.id,
    status: invoiceStatus(i),
    payment_status: invoicePaymentStatus(i),
    authorization: { type: i.authorizationType, is_authorized: isAuthorized, ...(link ? { url: link.url, token: link.token } : {}) },
    price: money(i.price, i.vatIncluded),
    merchant_order_id: i.merchantOrderId,
    created_at: time(i.createdAt),
    expires_at: time(i.expiresAt),
    billing_channel: i.billingChannel,
    customer: await customerView(i.customer, options.carriers, options.maskPhone),
    ...(i.contract
      ? {
          contract: {
            contract_id: i.contract.contractId,
            authorization_type: i.contract.authorizationType,
            expires_at: time(i.contract.expiresAt),
            merchant_contract_id: i.contract.merchantContractId,
          },
        }
      : {}),
    transactions: i.transactions.map(transactionView),
    ...(i.refundStatus ? { refund_status: i.refundStatus } : {}),
  };
}

/** POST /contracts: the creation response has no status field. */
export async function contractView(c: Contract, carriers: CarrierLookup) {
  return {
    contract_id: c.id,
    authorization_type: c.authorizationType,
    expires_at: time(c.expiresAt),
    merchant_contract_id: c.merchantContractId,
    customer: await customerView(c.customer, carriers),
  };
}
