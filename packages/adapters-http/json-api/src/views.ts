import { moneyJson } from '@kassa-payments/http-kit';
import {
  presentCustomer,
  presentInvoice,
  specTime,
  type CarrierLookup,
  type Contract,
  type Customer,
  type CustomerPresentation,
  type Invoice,
  type InvoicePresenterPorts,
  type Transaction,
} from '@kassa-payments/domain';
import { INVOICE_STATUS_BY_STATE, paymentStatusName } from '@kassa-payments/protocol';

const time = specTime;

/** The customer block: no card data ever; the msisdn masked where the spec says so. */
export const customerView = async (c: Customer, carriers: CarrierLookup, maskPhone = false) => customerJson(await presentCustomer(c, carriers, maskPhone));

function customerJson(p: CustomerPresentation) {
  if (p.type !== 'mobile_phone') return { type: p.type, source: p.source, merchant_customer_id: p.merchantCustomerId, country: p.country, ...(p.email ? { email: p.email } : {}) };
  const { carrier } = p;
  return { type: p.type, msisdn: p.msisdn, ...(p.email ? { email: p.email } : {}), ...(carrier ? { country: carrier.country, network: carrier.network, operator: carrier.operator } : {}) };
}

const transactionView = (t: Transaction) => ({
  transaction_id: t.id,
  part_number: t.partNumber,
  sequence_number: t.sequenceNumber,
  status: t.status,
  result_code: t.resultCode,
  result_description: t.resultDescription,
  ...(t.paidAt ? { paid_at: time(t.paidAt) } : {}),
  price: moneyJson(t.price),
  partner_profit: moneyJson(t.partnerProfit),
  total_paid: moneyJson(t.totalPaid),
  total_remaining: moneyJson(t.totalRemaining),
  billing_channel: t.billingChannel,
  service_number: t.serviceNumber,
});

/** The spec's invoice resource. */
export async function invoiceView(invoice: Invoice, ports: InvoicePresenterPorts) {
  const i = await presentInvoice(invoice, ports);
  const { link } = i.authorization;
  return {
    invoice_id: i.id,
    status: INVOICE_STATUS_BY_STATE[i.state],
    payment_status: paymentStatusName(i.paid),
    authorization: { type: i.authorization.type, is_authorized: i.authorization.isAuthorized, ...(link ? { url: link.url, token: link.token } : {}) },
    price: moneyJson(i.price, i.vatIncluded),
    merchant_order_id: i.merchantOrderId,
    created_at: time(i.createdAt),
    expires_at: time(i.expiresAt),
    billing_channel: i.billingChannel,
    customer: customerJson(i.customer),
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
