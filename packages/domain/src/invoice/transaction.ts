import type { Money } from '../shared/money.js';

/** One charge attempt on an invoice. */
export interface Transaction {
  readonly id: string;
  readonly partNumber: number;
  readonly sequenceNumber: number;
  readonly status: 'SUCCESS' | 'FAILED';
  /** 0 on success; 210 is PAYMENT_CHANNEL_NOT_ENOUGH_MONEY. */
  readonly resultCode: number;
  readonly resultDescription: string;
  readonly paidAt: string | null;
  readonly price: Money;
  readonly partnerProfit: Money;
  readonly totalPaid: Money;
  readonly totalRemaining: Money;
  readonly billingChannel: string;
  readonly serviceNumber: string;
}

/** What the billing gateway answered for one charge. */
export interface ChargeOutcome {
  readonly status: 'SUCCESS' | 'FAILED';
  readonly resultCode: number;
  readonly resultDescription: string;
  readonly billingChannel: string;
  readonly serviceNumber: string;
}

export const RESULT_SUCCESS = 0;
export const RESULT_NOT_ENOUGH_MONEY = 210;
