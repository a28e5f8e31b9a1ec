import type { RequestContext } from '../../ports/request-context.port.js';
import { invoiceLifecycle, type Invoice, type InvoiceEvent } from '../invoice.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { fail, type DomainError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import type { EventStamp } from '../../shared/events.js';
import type { Change } from '../../shared/lifecycle.js';
import { runStampedCommand } from '../../application/run-command.js';

export interface InvoiceRef {
  readonly projectId: number;
  readonly invoiceId: string;
}

export type InvoicePorts = Pick<KassaPorts, 'invoices' | 'clock' | 'ids' | 'scheduler' | 'time'>;

/** Load the invoice of this project, run one command on it, save (and ask for what falls due). Another project's invoice is not found. */
export function onInvoice<T, M>(ports: InvoicePorts, ref: InvoiceRef, missing: M, command: (i: Invoice, s: EventStamp) => Change<Invoice, T, InvoiceEvent>, context?: RequestContext) {
  const { invoices } = ports;
  return runStampedCommand(ports, { lifecycle: invoiceLifecycle, load: () => invoices.get(ref.projectId, ref.invoiceId), missing, command, save: (i, e) => invoices.save(i, e) }, context);
}

export const notFound = () => fail('INVOICE_NOT_FOUND');

/**
 * A use case that is one command of the invoice named by the input, and nothing more: load, command,
 * save (CancelInvoice: `notFound()` when missing; the expiry job: `ok(false)`).
 */
export class InvoiceCommand<T> {
  constructor(
    private readonly ports: InvoicePorts,
    private readonly command: (i: Invoice, s: EventStamp) => Change<Invoice, T, InvoiceEvent>,
    private readonly missing: Result<T, DomainError>,
  ) {}

  execute(input: InvoiceRef, context?: RequestContext): Promise<Result<T, DomainError>> {
    return onInvoice(this.ports, input, this.missing, this.command, context);
  }
}
