import type { RequestContext } from '../../ports/request-context.port.js';
import type { Transaction } from '../transaction.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { fail, type DomainError } from '../../shared/errors.js';
import type { PaymentCard } from '../../shared/payment-card.js';
import type { PagePaymentMethod } from '../../shared/payment-methods.js';
import { pageMethodRefusal } from '../../application/page-payment-method.js';
import { err, type Result } from '../../shared/result.js';
import type { ChargeInvoice } from './charge-invoice.use-case.js';
import { notFound, type InvoiceRef } from './invoice-command.js';

export interface PayInvoiceOnPageInput extends InvoiceRef {
  readonly method: PagePaymentMethod;
  /** Method `card`: the card typed on the page, for this charge only. */
  readonly card?: PaymentCard;
}

/**
 * The payer pays an AUTH_PAGE invoice on the payment page: by card (always offered), or by a method
 * the project offers (fast-payment QR, a bank-app wallet), confirmed by the payer's bank. The charge
 * is ChargeInvoice's, so a payer may try again after a decline, and never pays twice.
 * ok(null): nothing to charge (already paid, or cancelled).
 */
export class PayInvoiceOnPage {
  constructor(
    private readonly ports: Pick<KassaPorts, 'invoices' | 'projects'>,
    private readonly chargeInvoice: ChargeInvoice,
  ) {}

  async execute(input: PayInvoiceOnPageInput, context?: RequestContext): Promise<Result<Transaction | null, DomainError>> {
    const invoice = await this.ports.invoices.get(input.projectId, input.invoiceId);
    if (!invoice) return notFound();
    if (invoice.authorizationType !== 'AUTH_PAGE') return fail('INVOICE_WRONG_STATE', 'This invoice is not paid on the payment page', { invoice_id: invoice.id });
    const refused = await pageMethodRefusal(this.ports.projects, input.projectId, input.method, input.card);
    if (refused) return err(refused);
    return this.chargeInvoice.execute({ ...input, trigger: 'payment-page' }, context);
  }
}
