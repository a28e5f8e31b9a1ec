import type { CarrierLookup } from '../ports/carrier-lookup.port.js';
import type { PaymentPageLink, PaymentPages } from '../ports/payment-page.port.js';
import { presentCustomer, type CustomerPresentation } from './customer.presenter.js';
import { invoiceIsPaid, type Invoice } from '../invoice/invoice.js';

/**
 * The invoice as every transport answers it (JSON v3, XML 2.9): what it is and what follows from
 * its state, worked out once. A transport maps the names (`Authorize`, `PAID`, `is_authorized`,
 * `IsAuthorized`) in its own protocol.
 */
export interface InvoicePresentation
  extends Pick<Invoice, 'id' | 'state' | 'price' | 'vatIncluded' | 'merchantOrderId' | 'createdAt' | 'expiresAt' | 'billingChannel' | 'contract' | 'transactions' | 'refundStatus'> {
  readonly paid: boolean;
  readonly authorization: {
    readonly type: Invoice['authorizationType'];
    /** Under a contract, or its PIN given, or paid. */
    readonly isAuthorized: boolean;
    /** The payment page of an AUTH_PAGE invoice: re-derived from the creation time, so it is stable. */
    readonly link?: PaymentPageLink;
  };
  readonly customer: CustomerPresentation;
}

export interface InvoicePresenterPorts {
  readonly carriers: CarrierLookup;
  readonly paymentPages: PaymentPages;
  /** The msisdn masked (the spec's lookup by merchant_order_id). */
  readonly maskPhone?: boolean;
}

export async function presentInvoice(i: Invoice, ports: InvoicePresenterPorts): Promise<InvoicePresentation> {
  const link = i.authorizationType === 'AUTH_PAGE' ? await ports.paymentPages.linkFor(i, new Date(i.createdAt)) : undefined;
  // Field by field: the PIN's digest, test_info and the clock never reach a presentation.
  return {
    id: i.id,
    state: i.state,
    price: i.price,
    vatIncluded: i.vatIncluded,
    merchantOrderId: i.merchantOrderId,
    createdAt: i.createdAt,
    expiresAt: i.expiresAt,
    billingChannel: i.billingChannel,
    contract: i.contract,
    transactions: i.transactions,
    refundStatus: i.refundStatus,
    paid: invoiceIsPaid(i),
    authorization: {
      type: i.authorizationType,
      isAuthorized: i.authorizationType === 'BY_CONTRACT' || i.state === 'authorized' || i.state === 'processed',
      ...(link ? { link } : {}),
    },
    customer: await presentCustomer(i.customer, ports.carriers, ports.maskPhone),
  };
}
