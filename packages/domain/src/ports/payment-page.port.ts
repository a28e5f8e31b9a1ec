/** Where a card invoice is paid: the absolute page address and the widget token (opaque JWT). */
export interface PaymentPageLink {
  readonly url: string;
  readonly token: string;
}

/** What a payment page is for: an AUTH_PAGE invoice (the default) or an AUTH_PAGE subscription. */
export interface PaymentPageTarget {
  readonly id: string;
  readonly projectId: number;
  readonly kind?: 'invoice' | 'subscription';
  /** Its test clock, if any: the link's lifetime runs in that clock's time (`issuedAt` is that time). */
  readonly testClockId?: string;
}

/** Issues payment-page links for AUTH_PAGE invoices and subscriptions (the widget host owns the format). */
export interface PaymentPages {
  /** The link for an invoice or a subscription; the same `issuedAt` gives the same link. */
  linkFor(target: PaymentPageTarget, issuedAt: Date): Promise<PaymentPageLink>;
}
