import {
  cancelInvoice,
  completeRefund,
  enterInvoicePin,
  expireInvoice,
  requestRefund,
  type Invoice,
} from '../invoice/invoice.js';
import type { KassaPorts } from '../ports/kassa-ports.js';
import type { EventStamp } from '../shared/events.js';
import { fail, type DomainError } from '../shared/errors.js';
import type { Change } from '../shared/lifecycle.js';
import { ok, type Result } from '../shared/result.js';
import { runCommand, scheduleSafely, stampOf } from './common.js';

export interface InvoiceRef {
  readonly projectId: number;
  readonly invoiceId: string;
}

type InvoicePorts = Pick<KassaPorts, 'invoices' | 'clock' | 'ids' | 'scheduler'>;

/** Load the invoice of this project, run one command on it, save. Another project's invoice is not found. */
function onInvoice<T, M>(ports: InvoicePorts, ref: InvoiceRef, missing: M, command: (i: Invoice, s: EventStamp) => Change<Invoice, T>) {
  const { invoices, clock, ids } = ports;
  return runCommand({
    load: () => invoices.get(ref.projectId, ref.invoiceId),
    missing,
    command: (invoice) => command(invoice, stampOf(clock, ids)),
    save: (invoice, events) => invoices.save(invoice, events),
  });
}

const notFound = () => fail('INVOICE_NOT_FOUND');

/** POST /invoices/{id}/authorize: the PIN moves an SMS_PIN invoice to Authorize; its charge follows. */
export class AuthorizeInvoice {
  constructor(private readonly ports: InvoicePorts) {}

  async execute(input: InvoiceRef & { readonly pinCode: string }): Promise<Result<Invoice, DomainError>> {
    const result = await onInvoice(this.ports, input, notFound(), (i, s) => enterInvoicePin(i, input.pinCode, s));
    if (result.ok) {
      await scheduleSafely(this.ports.scheduler, { name: 'invoice.charge', projectId: input.projectId, aggregateId: input.invoiceId, runAt: this.ports.clock.now().toISOString() });
    }
    return result;
  }
}

/** POST /invoices/{id}/cancel. */
export class CancelInvoice {
  constructor(private readonly ports: InvoicePorts) {}

  execute(input: InvoiceRef): Promise<Result<Invoice, DomainError>> {
    return onInvoice(this.ports, input, notFound(), cancelInvoice);
  }
}

/** POST /invoices/{id}/refund: 202 processing; the gateway's refund runs as a job. */
export class RefundInvoice {
  constructor(private readonly ports: InvoicePorts) {}

  async execute(input: InvoiceRef): Promise<Result<Invoice, DomainError>> {
    const result = await onInvoice(this.ports, input, notFound(), requestRefund);
    if (result.ok && result.value.refundStatus === 'processing') {
      await scheduleSafely(this.ports.scheduler, { name: 'invoice.refund', projectId: input.projectId, aggregateId: input.invoiceId, runAt: this.ports.clock.now().toISOString() });
    }
    return result;
  }
}

/** Job: an unpaid invoice is cancelled at its expires_at. ok(true) when this run expired it. */
export class ExpireInvoice {
  constructor(private readonly ports: InvoicePorts) {}

  execute(input: InvoiceRef): Promise<Result<boolean, DomainError>> {
    return onInvoice(this.ports, input, ok(false), expireInvoice);
  }
}

/** Job: refunds at the gateway, then records refund_status completed and the refund notification. */
export class CompleteRefund {
  constructor(private readonly ports: InvoicePorts & Pick<KassaPorts, 'gateway'>) {}

  async execute(input: InvoiceRef): Promise<Result<boolean, DomainError>> {
    const invoice = await this.ports.invoices.get(input.projectId, input.invoiceId);
    if (!invoice || invoice.refundStatus !== 'processing') return ok(false);
    await this.ports.gateway.refund({ idempotencyKey: `refund-${invoice.id}`, projectId: invoice.projectId, amount: invoice.price });
    return onInvoice(this.ports, input, ok(false), completeRefund);
  }
}

/** GET /invoices/{id}: the invoice with its transactions; another project's is not found. */
export class GetInvoice {
  constructor(private readonly ports: Pick<KassaPorts, 'invoices'>) {}

  async execute(input: InvoiceRef): Promise<Result<Invoice, DomainError>> {
    const invoice = await this.ports.invoices.get(input.projectId, input.invoiceId);
    return invoice ? ok(invoice) : notFound();
  }
}

/** GET /invoices?merchant_order_id=...: the transport masks the msisdn. */
export class FindInvoiceByOrderId {
  constructor(private readonly ports: Pick<KassaPorts, 'invoices'>) {}

  async execute(input: { readonly projectId: number; readonly merchantOrderId: string }): Promise<Result<Invoice, DomainError>> {
    const invoice = await this.ports.invoices.findByMerchantOrderId(input.projectId, input.merchantOrderId);
    return invoice ? ok(invoice) : notFound();
  }
}
