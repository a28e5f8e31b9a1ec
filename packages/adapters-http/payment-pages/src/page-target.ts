/** The parameter that names what a page pays: `invoiceId`, or `subscriptionId` for a subscription. */
export const targetParam = (kind: 'invoice' | 'subscription' | undefined): 'invoiceId' | 'subscriptionId' => (kind === 'subscription' ? 'subscriptionId' : 'invoiceId');
