/** Where a card invoice is paid: the absolute page address and the widget token (opaque JWT). */
export interface PaymentPageLink {
  readonly url: string;
  readonly token: string;
}

/** Issues payment-page links for AUTH_PAGE invoices (the widget host owns the format). */
export interface PaymentPages {
  linkFor(invoice: { readonly id: string; readonly projectId: number }, issuedAt: Date): PaymentPageLink;
}
