import {
  formatAmount,
  invoicePaymentStatus,
  invoiceStatus,
  maskMsisdn,
  specTime,
  type CarrierLookup,
  type Contract,
  type Customer,
  type Invoice,
  type Money,
  type PaymentPages,
  type Transaction,
} from '@kassa/domain';
import type { XmlData } from './xml-response.js';

// The XML 2.9 element names: PascalCase, with the JSON v3 fields' meaning (docs/decisions.md).
const price = (m: Money): XmlData => ({ Amount: formatAmount(m), Currency: m.currency });

/** The customer block: MobilePhoneCustomer with its carrier, or the card customer without card data. */
export async function customerXml(c: Customer, carriers: CarrierLookup, maskPhone = false): Promise<XmlData> {
  if (c.type !== 'mobile_phone') {
    const fields = { Source: c.source, MerchantCustomerID: c.merchantCustomerId, Country: c.country, Email: c.email };
    return c.type === 'bank_card' ? { BankCardCustomer: { ...fields, BankCard: c.card ? { Last4: c.card.last4 } : undefined } } : { UndefinedBankCardCustomer: fields };
  }
  const carrier = await carriers.lookup(c.msisdn);
  return {
    MobilePhoneCustomer: {
      MSISDN: maskPhone ? maskMsisdn(c.msisdn) : c.msisdn,
      Email: c.email,
      ...(carrier ? { Country: carrier.country, NetworkID: carrier.network.id, OperatorID: carrier.operator.id } : {}),
    },
  };
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
export async function invoiceXml(i: Invoice, options: { readonly carriers: CarrierLookup; readonly paymentPages: PaymentPages; readonly maskPhone?: boolean }): Promise<XmlData> {
  const isAuthorized = i.authorizationType === 'BY_CONTRACT' || i.state === 'authorized' || i.state === 'processed';
  const link = i.authorizationType === 'AUTH_PAGE' ? await options.paymentPages.linkFor(i, new Date(i.createdAt)) : undefined;
  return {
    InvoiceID: i.id,
    Status: invoiceStatus(i),
    PaymentStatus: invoicePaymentStatus(i),
    AuthorizationInfo: { AuthorizationType: i.authorizationType, IsAuthorized: isAuthorized, AuthorizationUrl: link?.url, AuthorizationToken: link?.token },
    Price: { ...price(i.price), VatIncluded: i.vatIncluded },
    MerchantOrderID: i.merchantOrderId,
    CreatedAt: specTime(i.createdAt),
    ExpiresAt: specTime(i.expiresAt),
    BillingChannel: i.billingChannel,
    Customer: await customerXml(i.customer, options.carriers, options.maskPhone),
    Contract: i.contract
      ? { ContractID: i.contract.contractId, AuthorizationType: i.contract.authorizationType, ExpiresAt: specTime(i.contract.expiresAt), MerchantContractID: i.contract.merchantContractId }
      : undefined,
    Transactions: i.transactions.length > 0 ? { Transaction: i.transactions.map(transactionXml) } : undefined,
    RefundStatus: i.refundStatus ?? undefined,
  };
}
