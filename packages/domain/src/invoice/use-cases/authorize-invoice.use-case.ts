import { enterInvoicePin, type Invoice } from '../invoice.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import type { DomainError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import { notFound, onInvoice, type InvoicePorts, type InvoiceRef } from './invoice-command.js';
import { clockOf, timeOf } from '../../application/clock-time.js';
import { scheduleSafely } from '../../jobs/schedule-safely.js';

/** POST /invoices/{id}/authorize: the PIN moves an SMS_PIN invoice to Authorize; its charge follows. */
export class AuthorizeInvoice {
  constructor(private readonly ports: InvoicePorts & Pick<KassaPorts, 'pinDigests'>) {}

  async execute(input: InvoiceRef & { readonly pinCode: string }): Promise<Result<Invoice, DomainError>> {
    const result = await onInvoice(this.ports, input, notFound(), (i, s) => enterInvoicePin(i, this.ports.pinDigests.digest(i.id, input.pinCode), s));
    if (result.ok) {
      await scheduleSafely(this.ports.scheduler, {
        name: 'invoice.charge',
        projectId: input.projectId,
        aggregateId: input.invoiceId,
        runAt: (await timeOf(this.ports, result.value)).toISOString(),
        ...clockOf(result.value),
      });
    }
    return result;
  }
}
