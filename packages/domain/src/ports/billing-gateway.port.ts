import type { RequestContext } from './request-context.port.js';
import type { ChargeOutcome } from '../invoice/transaction.js';
import type { Customer } from '../shared/customer.js';
import type { Money } from '../shared/money.js';
import type { PaymentCard } from '../shared/payment-card.js';
import type { PagePaymentMethod } from '../shared/payment-methods.js';

export interface ChargeRequest {
  /**
   * The same key always means the same charge: a gateway that sees a key again returns the first
   * outcome and charges nothing more. Use cases derive it from the invoice (or subscription) and
   * the attempt's sequence number, so a duplicated job cannot charge twice.
   */
  readonly idempotencyKey: string;
  readonly projectId: number;
  readonly customer: Customer;
  readonly amount: Money;
  /** Test environment only: the outcome the merchant asked for. Ignored by real gateways. */
  readonly testOutcome?: 'success' | 'failure';
  /** A payment on the payment page: how the payer pays (card, fast-payment QR, a bank-app wallet). */
  readonly method?: PagePaymentMethod;
  /**
   * The card the payer typed into the payment page (method `card`): for this charge only. A
   * gateway passes it to its acquirer and must never store or log it.
   */
  readonly card?: PaymentCard;
}

export interface RefundRequest {
  readonly idempotencyKey: string;
  readonly projectId: number;
  readonly amount: Money;
  /** Whose payment is refunded (the invoice's customer). */
  readonly customer?: Customer;
}

/** A refund the gateway answered: done, or refused with the provider's code. */
export type RefundOutcome = { readonly status: 'SUCCESS' } | { readonly status: 'FAILED'; readonly resultCode: number; readonly resultDescription: string };

/** The carrier or acquirer that moves the money. Broken connectivity throws. */
export interface BillingGateway {
  /** `context`: the request (or the job of a request) the charge serves, its `requestId` for the gateway's log lines; absent when none does. */
  charge(request: ChargeRequest, context?: RequestContext): Promise<ChargeOutcome>;
  /** Nothing (a gateway written before refusals could be told) means done. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a gateway whose refund returns nothing is a gateway whose refunds succeed.
  refund(request: RefundRequest, context?: RequestContext): Promise<RefundOutcome | void>;
}
