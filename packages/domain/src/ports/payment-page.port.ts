/** Where a card invoice is paid: the absolute page address and the widget token (opaque JWT). */
export interface PaymentPageLink {
  readonly url: string;
  readonly token: string;
}

/** Issues payment-page links for AUTH_PAGE invoices (the widget host owns the format). */
export interface PaymentPages {
  /** The link for an invoice (or an AUTH_PAGE subscription); the same `issuedAt` gives the same link. */
  linkFor(target: { readonly id: string; readonly projectId: number }, issuedAt: Date): Promise<PaymentPageLink>;
}
