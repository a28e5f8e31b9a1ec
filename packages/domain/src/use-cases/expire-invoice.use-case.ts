import { expireInvoice } from '../invoice/invoice.js';
import type { DomainError } from '../shared/errors.js';
import { ok, type Result } from '../shared/result.js';
import { onInvoice, type InvoicePorts, type InvoiceRef } from './invoice-command.js';

/** Job: an unpaid invoice is cancelled at its expires_at. ok(true) when this run expired it. */
export class ExpireInvoice {
  constructor(private readonly ports: InvoicePorts) {}

  execute(input: InvoiceRef): Promise<Result<boolean, DomainError>> {
    return onInvoice(this.ports, input, ok(false), expireInvoice);
  }
}
