import type { RequestContext } from '../../ports/request-context.port.js';
import type { ChargeInvoice } from '../../invoice/use-cases/charge-invoice.use-case.js';
import type { Transaction } from '../../invoice/transaction.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { fail, type DomainError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';

/**
 * The sandbox's "simulate a payment" (the test environment only; in production it does not exist):
 * the payer of a card invoice (AUTH_PAGE) pays on its page, and the charge is paid or declined (210)
 * as asked, whatever the card. It is an attempt like any other: its transaction, its
 * payment.updated, and after a decline the payer may try again.
 */
export class SimulatePayment {
  constructor(
    private readonly ports: Pick<KassaPorts, 'invoices' | 'sandbox'>,
    private readonly chargeInvoice: Pick<ChargeInvoice, 'execute'>,
  ) {}

  async execute(input: { readonly projectId: number; readonly invoiceId: string; readonly outcome: 'paid' | 'declined' }, context?: RequestContext): Promise<Result<Transaction | null, DomainError>> {
    if (!this.ports.sandbox) return fail('NOT_FOUND', 'No such operation');
    const invoice = await this.ports.invoices.get(input.projectId, input.invoiceId);
    if (!invoice) return fail('INVOICE_NOT_FOUND');
    if (invoice.authorizationType !== 'AUTH_PAGE') return fail('INVOICE_WRONG_STATE', 'Only a card invoice (paid on its page) takes a simulated payment');
    return this.chargeInvoice.execute(
      {
        projectId: input.projectId,
        invoiceId: input.invoiceId,
        trigger: 'payment-page',
        method: 'sbp',
        testOutcome: input.outcome === 'paid' ? 'success' : 'failure',
      },
      context,
    );
  }
}
