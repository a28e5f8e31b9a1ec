import { fail, type DomainError } from './errors.js';
import { luhnValid } from './masking.js';
import { ok, type Result } from './result.js';

/**
 * Card data a payer typed into the payment page, on its way to the gateway: held in memory for one
 * charge, never stored, never logged (only `cardLast4` of it may be kept).
 */
export interface PaymentCard {
  readonly pan: string;
  readonly expirationMonth: number;
  /** Four digits. */
  readonly expirationYear: number;
  readonly securityCode: string;
  readonly cardholder?: string;
}

/** The form's fields as typed: spaces and dashes in the number are allowed; expiry as MM/YY or MM/YYYY. */
export interface PaymentCardForm {
  readonly pan: string;
  readonly expiry: string;
  readonly securityCode: string;
  readonly cardholder?: string;
}

/** Which field of the card form is wrong: the page shows the message beside it. */
export type CardField = 'pan' | 'expiry' | 'securityCode' | 'cardholder';

/**
 * The card of a payment-page form, checked as a card form does: 13 to 19 digits passing the Luhn
 * check, an expiry not in the past (at `now`), a 3-4 digit security code. Lengths are the wire's
 * (the cardholder's: @kassa-payments/protocol's LIMITS, checked by the page).
 */
export function readPaymentCard(form: PaymentCardForm, now: Date): Result<PaymentCard, DomainError<'BAD_REQUEST'>> {
  const wrong = (field: CardField, message: string) => fail('BAD_REQUEST', message, { field });
  const pan = form.pan.replace(/[\s-]/g, '');
  if (!/^[0-9]{13,19}$/.test(pan) || !luhnValid(pan)) return wrong('pan', 'The card number is not valid');
  const expiry = /^\s*(0?[1-9]|1[0-2])\s*\/\s*([0-9]{2}|[0-9]{4})\s*$/.exec(form.expiry);
  if (!expiry) return wrong('expiry', 'The expiry date must be MM/YY');
  const month = Number(expiry[1]);
  const year = (expiry[2] as string).length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return wrong('expiry', 'The card has expired');
  if (!/^[0-9]{3,4}$/.test(form.securityCode)) return wrong('securityCode', 'The security code has 3 or 4 digits');
  const cardholder = form.cardholder?.trim();
  return ok({ pan, expirationMonth: month, expirationYear: year, securityCode: form.securityCode, ...(cardholder ? { cardholder } : {}) });
}
