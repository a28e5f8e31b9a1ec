import type { RequestContext } from '../../ports/request-context.port.js';
import { enterInvoicePin, type Invoice } from '../invoice.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { DomainError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import { notFound, onInvoice, type InvoicePorts, type InvoiceRef } from './invoice-command.js';

/** POST /invoices/{id}/authorize: the PIN moves an SMS_PIN invoice to Authorize; its charge follows as a job. */
export class AuthorizeInvoice {
  constructor(private readonly ports: InvoicePorts & Pick<KassaPorts, 'pinDigests'>) {}

  execute(input: InvoiceRef & { readonly pinCode: string }, context?: RequestContext): Promise<Result<Invoice, DomainError>> {
    return onInvoice(this.ports, input, notFound(), (i, s) => enterInvoicePin(i, this.ports.pinDigests.digest(i.id, input.pinCode), s), context);
  }
}
