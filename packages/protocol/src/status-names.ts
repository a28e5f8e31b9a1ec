// The spec's names of the aggregates' states, as every transport's answers and notifications carry
// them (JSON v3, XML 2.9, the subscription service), keyed by the domain's state names. Indexing one
// with a state the table lacks does not compile, so a new state cannot go unnamed.

/** An invoice's `status` (`Status` in XML 2.9). */
export const INVOICE_STATUS_BY_STATE = { created: 'Created', authorized: 'Authorize', processed: 'Processed', cancelled: 'Cancelled' } as const;

/** A subscription's `SubscriptionStatus`: a closed one (its schedule done) shows Closed. */
export const SUBSCRIPTION_STATUS_BY_STATE = { pending: 'Pending', active: 'Active', cancelled: 'Cancelled', approvingFailed: 'ApprovingFailed', closed: 'Closed' } as const;

/** An invoice's `payment_status` (`PaymentStatus`). */
export const paymentStatusName = (paid: boolean): 'PAID' | 'NOT_PAID' => (paid ? 'PAID' : 'NOT_PAID');
