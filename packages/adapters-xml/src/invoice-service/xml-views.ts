import {
  formatAmount,
  presentCustomer,
  presentInvoice,
  specTime,
  type CarrierLookup,
  type Contract,
  type Customer,
  type CustomerPresentation,
  type Invoice,
  type InvoicePresenterPorts,
  type Money,
  type Transaction,
} from '@kassa-payments/domain';
import { INVOICE_STATUS_BY_STATE, paymentStatusName } from '@kassa-payments/protocol';
import type { XmlData } from './xml-response.js';

// The XML 2.9 element names: PascalCase, with the JSON v3 fields' meaning (docs/decisions.md).
const price = (m: Money): XmlData => ({ Amount: formatAmount(m), Currency: m.currency });

/** The customer block: MobilePhoneCustomer with its carrier, or the card customer without card data. */
export const customerXml = async (c: Customer, carriers: CarrierLookup, maskPhone = false): Promise<XmlData> => customerElement(await presentCustomer(c, carriers, maskPhone));

function customerElement(p: CustomerPresentation): XmlData {
  if (p.type !== 'mobile_phone') {
    const fields = { Source: p.source, MerchantCustomerID: p.merchantCustomerId, Country: p.country, Email: p.email };
    return p.type === 'bank_card' ? { BankCardCustomer: { ...fields, BankCard: p.card ? { Last4: p.card.last4 } : undefined } } : { UndefinedBankCardCustomer: fields };
  }
  const { carrier } = p;
  return { MobilePhoneCustomer: { MSISDN: p.msisdn, Email: p.email, ...(carrier ? { Country: carrier.country, NetworkID: carrier.network.id, OperatorID: carrier.operator.id } : {}) } };
}

const transactionXml = (t: Transaction): XmlData => ({
  TransactionID: t.id,
  PartNumber: t.partNumber,
  SequenceNumber: t.sequenceNumber,
  Status: t.status,
  ResultCode: t.resultCode,
  ResultDescription: t.resultDescription,
  PaidAt: t.paidAt ? specTime(t.paidAt) : undefined,
  Price: price(t.price),
  PartnerProfit: price(t.partnerProfit),
  TotalPaid: price(t.totalPaid),
  TotalRemaining: price(t.totalRemaining),
  BillingChannel: t.billingChannel,
  ServiceNumber: t.serviceNumber,
});

export const contractXml = async (c: Contract, carriers: CarrierLookup): Promise<XmlData> => ({
  ContractID: c.id,
  AuthorizationType: c.authorizationType,
  ExpiresAt: specTime(c.expiresAt),
  MerchantContractID: c.merchantContractId,
  Customer: await customerXml(c.customer, carriers),
});

/** The invoice, as GetInvoice and CreateInvoice answer it; AuthorizationInfo carries the card branch's page. */
export async function invoiceXml(invoice: Invoice, ports: InvoicePresenterPorts): Promise<XmlData> {
  const i = await presentInvoice(invoice, ports);
  const { link } = i.authorization;
  return {
    InvoiceID: i.id,
    Status: INVOICE_STATUS_BY_STATE[i.state],
    PaymentStatus: paymentStatusName(i.paid),
    AuthorizationInfo: { AuthorizationType: i.authorization.type, IsAuthorized: i.authorization.isAuthorized, AuthorizationUrl: link?.url, AuthorizationToken: link?.token },
    Price: { ...price(i.price), VatIncluded: i.vatIncluded },
    MerchantOrderID: i.merchantOrderId,
    CreatedAt: specTime(i.createdAt),
    ExpiresAt: specTime(i.expiresAt),
    BillingChannel: i.billingChannel,
    Customer: customerElement(i.customer),
    Contract: i.contract
      ? { ContractID: i.contract.contractId, AuthorizationType: i.contract.authorizationType, ExpiresAt: specTime(i.contract.expiresAt), MerchantContractID: i.contract.merchantContractId }
      : undefined,
    Transactions: i.transactions.length > 0 ? { Transaction: i.transactions.map(transactionXml) } : undefined,
    RefundStatus: i.refundStatus ?? undefined,
  };
}
