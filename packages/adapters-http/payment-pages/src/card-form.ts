import { fail, readPaymentCard, type DomainError, type PaymentCard, type Result } from '@kassa-payments/domain';
import { LIMITS } from '@kassa-payments/protocol';

/**
 * The payment page's card form: the domain reads the card (Luhn, expiry, security code); the
 * cardholder's length is the wire's (the one LIMITS table, @kassa-payments/protocol). A wrong field is named
 * in `details.field`, for the page to show its message beside it.
 */
export function readCardForm(form: Record<string, string | undefined>, now: Date): Result<PaymentCard, DomainError<'BAD_REQUEST'>> {
  const cardholder = form['cardholder'] ?? '';
  const card = readPaymentCard({ pan: form['card_number'] ?? '', expiry: form['card_expiry'] ?? '', securityCode: form['card_security_code'] ?? '', cardholder }, now);
  if (card.ok && cardholder.trim().length > LIMITS.cardholder) return fail('BAD_REQUEST', 'The cardholder name is too long', { field: 'cardholder' });
  return card;
}
