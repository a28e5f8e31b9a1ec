import { and, assertEvent, assign, emit, not, setup } from 'xstate';
import type { Customer } from '../shared/customer.js';
import { fail, type ErrorCode } from '../shared/errors.js';
import { stamped, type EmittedPart, type EventEnvelope, type EventStamp } from '../shared/events.js';
import { appliedOrNot, appliedOrRefused, applyToAggregate, dueWhenWorkIs, type Change, type DueWork, type Lifecycle, type Refusal } from '../shared/lifecycle.js';
import { machineAccepts, namedRefusal, refuses, rememberedStart, statesTagged } from '../shared/machine-step.js';
import type { Money } from '../shared/money.js';
import { countWrongPin, pinGuards, pinStep, type PinAnswers } from '../shared/pin-confirmation.js';
import { ok } from '../shared/result.js';
import { addSeconds, isAtOrAfter } from '../shared/time.js';
import type { ChargeOutcome, Transaction } from './transaction.js';

// The invoice, top to bottom: its fields and states, its events, its machine (the spec's invoice
// table), its lifecycle (what is live, what work falls due and when, what a charge run may do),
// then its commands, whose refusals are the machine's own answers.

// ---- Fields and states ----------------------------------------------------------------------

export type InvoiceAuthorizationType = 'SMS_PIN' | 'BY_CONTRACT' | 'AUTH_PAGE';
export type ExpectedBillingResult = 'SuccessSequencePayment' | 'FailedSequencePayment';

/** The contract an invoice charges under, as the invoice shows it. */
export interface InvoiceContractRef {
  readonly contractId: string;
  readonly authorizationType: 'SMS_PIN' | 'EXTERNAL' | 'SKIP';
  readonly expiresAt: string;
  readonly merchantContractId: string;
}

/** The test environment's `test_info` block. */
export interface InvoiceTestInfo {
  readonly expectedBillingResult?: ExpectedBillingResult;
  readonly callbackUrl?: string;
}

/** The invoice's data; also the machine's context. */
export interface InvoiceFields {
  readonly id: string;
  readonly projectId: number;
  readonly merchantOrderId: string;
  readonly customer: Customer;
  readonly price: Money;
  /** Whether the price includes VAT, as the merchant said. */
  readonly vatIncluded: boolean;
  readonly description: string | null;
  readonly applicationName: string | null;
  readonly productName: string | null;
  readonly authorizationType: InvoiceAuthorizationType;
  readonly contract: InvoiceContractRef | null;
  readonly billingChannel: string;
  /** The keyed digest of the PIN sent for confirmation (never the PIN); null without one. */
  readonly pinDigest: string | null;
  readonly pinAttempts: number;
  readonly transactions: readonly Transaction[];
  /** `failed`: the gateway refused the refund (its notification says so); the merchant may ask again. */
  readonly refundStatus: 'processing' | 'completed' | 'failed' | null;
  /** How many refunds were asked for (absent: none); each is a refund of its own at the gateway. */
  readonly refundAttempts?: number;
  readonly testInfo: InvoiceTestInfo | null;
  readonly createdAt: string;
  /** The test clock it lives on (test environment): its times are that clock's. */
  readonly testClockId?: string;
  readonly expiresAt: string;
}

export interface Invoice extends InvoiceFields {
  readonly state: InvoiceState;
  readonly version: number;
}

/** Every state of an invoice, in the order lists offer them. */
export const INVOICE_STATES = ['created', 'authorized', 'processed', 'cancelled'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** Paid: its charge succeeded (a refund leaves it paid, with its refund status). */
export const invoiceIsPaid = (i: Pick<Invoice, 'state'>): boolean => i.state === 'processed';

/** Whether the invoice's time is up at `now`: the one answer to "has it expired" (the machine's EXPIRE guard asks it). */
export const invoiceExpiryReached = (i: Pick<InvoiceFields, 'expiresAt'>, now: string): boolean => isAtOrAfter(now, i.expiresAt);

// ---- Events ---------------------------------------------------------------------------------

/** What every invoice event says of the invoice at that moment. */
export interface InvoiceFacts {
  readonly merchantOrderId: string;
  readonly invoiceState: InvoiceState;
  readonly customer: Customer;
  /** The test environment's test_info.callback_url (allowed only for flagged partners): told too. */
  readonly testCallbackUrl: string | null;
}

/** A charge attempt on the invoice, successful or not: the outcome is the state and the transaction. */
export interface PaymentUpdated extends EventEnvelope<'invoice'>, InvoiceFacts {
  readonly type: 'PaymentUpdated';
  readonly transaction: Transaction;
}

/** The refund of a paid invoice finished at the gateway. */
export interface RefundCompleted extends EventEnvelope<'invoice'>, InvoiceFacts {
  readonly type: 'RefundCompleted';
  readonly amount: Money;
}

/** The gateway refused the refund of a paid invoice: the money stays with the merchant. */
export interface RefundFailed extends EventEnvelope<'invoice'>, InvoiceFacts {
  readonly type: 'RefundFailed';
  readonly amount: Money;
  readonly resultCode: number;
  readonly resultDescription: string;
}

export type InvoiceEvent = PaymentUpdated | RefundCompleted | RefundFailed;

/** What the invoice machine emits: each event's own facts (the charge's transaction, the refunded amount). */
export type InvoiceEmitted = EmittedPart<InvoiceEvent, InvoiceFacts>;

const facts = (i: Invoice): InvoiceFacts => ({ merchantOrderId: i.merchantOrderId, invoiceState: i.state, customer: i.customer, testCallbackUrl: i.testInfo?.callbackUrl ?? null });

/** The events of one step of the invoice machine: what it emitted, stamped, with the invoice's facts after the step. */
function invoiceEvents(invoice: Invoice, emitted: readonly InvoiceEmitted[], stamp: EventStamp): InvoiceEvent[] {
  return emitted.map((e) => stamped('invoice', invoice, { ...facts(invoice), ...e }, stamp));
}

// ---- Machine --------------------------------------------------------------------------------

export type InvoiceMachineEvent =
  | { type: 'PIN'; pinDigest: string }
  /** A charge may begin (asked with `can`, never applied: the charge's result is the event). */
  | { type: 'CHARGE' }
  | { type: 'CANCEL' }
  | { type: 'CHARGE_SUCCEEDED'; transaction: Transaction }
  | { type: 'CHARGE_FAILED'; transaction: Transaction }
  | { type: 'REFUND' }
  | { type: 'REFUND_COMPLETED' }
  | { type: 'REFUND_FAILED'; resultCode: number; resultDescription: string }
  | { type: 'EXPIRE'; now: string };

/** What a refused command answers (`refuses`): an error code, or `unchanged` (the invoice as it is). */
type Answer = ErrorCode | 'unchanged';
const refusedWith = (answer: Answer) => refuses(answer);

/**
 * The invoice lifecycle of the spec's invoice table: Created, Authorize (PIN confirmed, awaiting its
 * charge), Processed (PAID) and Cancelled. An SMS_PIN invoice is charged only after its PIN; an
 * invoice under a contract or paid on the page is charged from Created. A failed charge records a
 * FAILED transaction and leaves the status as it was. Refunds apply only to Processed (PAID); one the
 * gateway refused is `failed`, with its notification, and may be asked for again. A step's domain
 * events are what it emits. Its `live` states hold the client's "one active invoice" key. A command
 * a state refuses answers INVOICE_WRONG_STATE unless a refusing transition names another answer.
 */
export const invoiceMachine = setup({
  types: {} as { context: InvoiceFields; events: InvoiceMachineEvent; input: InvoiceFields; emitted: InvoiceEmitted },
  actions: {
    // A named no-op: XState's `can` counts a transition only when it has a target or an action.
    chargeMayBegin: () => {},
    emitPaymentUpdated: emit(({ event }) => {
      assertEvent(event, ['CHARGE_SUCCEEDED', 'CHARGE_FAILED']);
      return { type: 'PaymentUpdated', transaction: event.transaction } as const;
    }),
    emitRefundCompleted: emit(({ context }) => ({ type: 'RefundCompleted', amount: context.price }) as const),
    emitRefundFailed: emit(({ context, event }) => {
      assertEvent(event, 'REFUND_FAILED');
      return { type: 'RefundFailed', amount: context.price, resultCode: event.resultCode, resultDescription: event.resultDescription } as const;
    }),
    addTransaction: assign({
      transactions: ({ context, event }) => ('transaction' in event ? [...context.transactions, event.transaction] : context.transactions),
    }),
  },
  guards: {
    ...pinGuards('PIN'),
    bySmsPin: ({ context }) => context.authorizationType === 'SMS_PIN',
    expiryReached: ({ context, event }) => event.type === 'EXPIRE' && invoiceExpiryReached(context, event.now),
    // A refund the gateway refused may be asked for again.
    noRefundYet: ({ context }) => context.refundStatus === null || context.refundStatus === 'failed',
    refundProcessing: ({ context }) => context.refundStatus === 'processing',
  },
}).createMachine({
  id: 'invoice',
  context: ({ input }) => input,
  initial: 'created',
  states: {
    created: {
      tags: 'live',
      on: {
        PIN: [
          { guard: and(['bySmsPin', 'attemptsLeft', 'pinMatches']), target: 'authorized' },
          { guard: and(['bySmsPin', 'attemptsLeft']), actions: assign({ pinAttempts: countWrongPin }) },
          { guard: 'bySmsPin', ...refusedWith('INVOICE_AUTH_ATTEMPTS_EXCEEDED') },
        ],
        CHARGE: { guard: not('bySmsPin'), actions: 'chargeMayBegin' },
        CHARGE_SUCCEEDED: { guard: not('bySmsPin'), target: 'processed', actions: ['addTransaction', 'emitPaymentUpdated'] },
        CHARGE_FAILED: { guard: not('bySmsPin'), actions: ['addTransaction', 'emitPaymentUpdated'] },
        CANCEL: 'cancelled',
        EXPIRE: { guard: 'expiryReached', target: 'cancelled' },
        REFUND: refusedWith('INVOICE_NOT_PAID'),
      },
    },
    authorized: {
      tags: 'live',
      on: {
        CHARGE: { actions: 'chargeMayBegin' },
        CHARGE_SUCCEEDED: { target: 'processed', actions: ['addTransaction', 'emitPaymentUpdated'] },
        CHARGE_FAILED: { actions: ['addTransaction', 'emitPaymentUpdated'] },
        CANCEL: 'cancelled',
        EXPIRE: { guard: 'expiryReached', target: 'cancelled' },
        REFUND: refusedWith('INVOICE_NOT_PAID'),
      },
    },
    processed: {
      on: {
        // A refund under way or done: a repeated refund answers with the invoice as it is.
        REFUND: [{ guard: 'noRefundYet', actions: assign({ refundStatus: 'processing' as const, refundAttempts: ({ context }) => (context.refundAttempts ?? 0) + 1 }) }, refusedWith('unchanged')],
        REFUND_COMPLETED: { guard: 'refundProcessing', actions: [assign({ refundStatus: 'completed' as const }), 'emitRefundCompleted'] },
        REFUND_FAILED: { guard: 'refundProcessing', actions: [assign({ refundStatus: 'failed' as const }), 'emitRefundFailed'] },
      },
    },
    cancelled: {
      type: 'final',
      // Refusing transitions only: a final state takes no step.
      on: { CANCEL: refusedWith('unchanged'), REFUND: refusedWith('INVOICE_NOT_PAID') },
    },
  },
});

/** The first state of a new invoice (it reads nothing from the input; initialTransition is costly, see decisions). */
const startInvoice = rememberedStart(invoiceMachine, () => '');

const fieldsOf = ({ state: _s, version: _v, ...fields }: Invoice): InvoiceFields => fields;
const accepts = (invoice: Invoice, event: InvoiceMachineEvent): boolean => machineAccepts(invoiceMachine, invoice.state, fieldsOf(invoice), event);

// ---- Refusals -------------------------------------------------------------------------------

/** The invoice's commands its machine may refuse with an answer. */
type InvoiceRefusable = Extract<InvoiceMachineEvent, { type: 'PIN' | 'CANCEL' | 'REFUND' | 'CHARGE_SUCCEEDED' | 'CHARGE_FAILED' }>;

/**
 * The spec's status words, as INVOICE_WRONG_STATE's message says them ("in status Authorize"): a
 * message of the domain's refusal. The transports' status fields map states in their own protocol.
 */
const STATUS_IN_MESSAGES: Record<InvoiceState, string> = { created: 'Created', authorized: 'Authorize', processed: 'Processed', cancelled: 'Cancelled' };
const ACTION: Record<InvoiceRefusable['type'], string> = { PIN: 'authorize', CANCEL: 'cancel', REFUND: 'refund', CHARGE_SUCCEEDED: 'charge', CHARGE_FAILED: 'charge' };

/** The answer to a command the machine refused: the one its refusing transition names, else INVOICE_WRONG_STATE. */
function invoiceRefusal(invoice: Invoice, event: InvoiceRefusable): Refusal {
  const answer = (namedRefusal(invoiceMachine, invoice.state, fieldsOf(invoice), event) ?? 'INVOICE_WRONG_STATE') as Answer;
  if (answer === 'unchanged') return answer;
  if (answer === 'INVOICE_WRONG_STATE') return fail(answer, `Cannot ${ACTION[event.type]} an invoice in status ${STATUS_IN_MESSAGES[invoice.state]}`, { invoice_id: invoice.id });
  return answer === 'INVOICE_NOT_PAID' ? fail(answer, undefined, { invoice_id: invoice.id }) : fail(answer);
}

// ---- Lifecycle: what is live, what falls due ------------------------------------------------

/** The invoice's jobs: its charge (once a PIN confirmed it, or under a contract), its refund, its expiry. */
export type InvoiceJob = 'invoice.charge' | 'invoice.refund' | 'invoice.expire';

const LIVE = statesTagged(invoiceMachine, 'live');

/** Created or authorized (the machine's `live` states): the client's one active invoice in its project. */
const isLive = (i: Pick<Invoice, 'state'>): boolean => LIVE.has(i.state);

/**
 * A job charges an invoice once: after its PIN, or at once under a contract (a declined charge is not
 * retried by a job; the payer of a card invoice pays on the page). A refund under way is the next
 * job's; a live invoice otherwise expires at its expires_at.
 */
function nextWork(i: Invoice): DueWork<InvoiceJob> | null {
  const neverCharged = i.transactions.length === 0;
  if (i.state === 'authorized' && neverCharged) return { job: 'invoice.charge', at: i.createdAt };
  if (i.state === 'created' && i.authorizationType === 'BY_CONTRACT' && neverCharged) return { job: 'invoice.charge', at: i.createdAt };
  if (i.state === 'processed' && i.refundStatus === 'processing') return { job: 'invoice.refund', at: i.createdAt };
  if (isLive(i)) return { job: 'invoice.expire', at: i.expiresAt };
  return null;
}

/** The invoice lifecycle (see `Lifecycle`): storage and scheduling read it here. */
export const invoiceLifecycle = {
  machine: invoiceMachine,
  refusal: invoiceRefusal,
  isLive,
  nextWork,
  dueAt: dueWhenWorkIs(nextWork),
} satisfies Lifecycle<Invoice, InvoiceJob, InvoiceRefusable>;

/** Who asks for a charge: the job (after the PIN, or under a contract), or the payer on the payment page. */
export type ChargeTrigger = 'job' | 'payment-page';

/**
 * What a charge run may do now, the one answer ChargeInvoice asks: `charge`, `expire` (instead), or
 * `nothing`. The machine says whether a charge may begin (CHARGE). The payer on the page may pay
 * again after a decline; a job charges only what the lifecycle awaits a job's charge for, once, and
 * a job still running at the invoice's expiry (its gateway down since, retried by the sweep) expires
 * it instead: no late charge, and the client's one active invoice is freed.
 */
export function chargeRun(invoice: Invoice, trigger: ChargeTrigger, now: string): 'charge' | 'expire' | 'nothing' {
  if (!accepts(invoice, { type: 'CHARGE' })) return 'nothing';
  if (trigger === 'payment-page') return 'charge';
  if (nextWork(invoice)?.job !== 'invoice.charge') return 'nothing';
  return invoiceExpiryReached(invoice, now) ? 'expire' : 'charge';
}

/** Whether a refund is under way at the gateway: the refund job's work is due (CompleteRefund asks). */
export const refundAwaited = (invoice: Invoice): boolean => nextWork(invoice)?.job === 'invoice.refund';

// ---- Commands -------------------------------------------------------------------------------

export type OpenInvoiceInput = Omit<InvoiceFields, 'pinAttempts' | 'transactions' | 'refundStatus' | 'createdAt' | 'expiresAt'> & {
  readonly now: string;
  readonly lifetimeSeconds: number;
};

export function openInvoice(input: OpenInvoiceInput): Invoice {
  // Field by field rather than rest and spread: this runs for every invoice created, and V8 copies
  // spread objects property by property on a slow path.
  const fields: InvoiceFields = {
    id: input.id,
    projectId: input.projectId,
    merchantOrderId: input.merchantOrderId,
    customer: input.customer,
    price: input.price,
    vatIncluded: input.vatIncluded,
    description: input.description,
    applicationName: input.applicationName,
    productName: input.productName,
    authorizationType: input.authorizationType,
    contract: input.contract,
    billingChannel: input.billingChannel,
    pinDigest: input.authorizationType === 'SMS_PIN' ? input.pinDigest : null,
    pinAttempts: 0,
    transactions: [],
    refundStatus: null,
    testInfo: input.testInfo,
    createdAt: input.now,
    expiresAt: addSeconds(input.now, input.lifetimeSeconds),
    ...(input.testClockId ? { testClockId: input.testClockId } : {}),
  };
  const started = startInvoice(fields);
  return { ...started.context, state: started.state as InvoiceState, version: 1 };
}

const apply = (invoice: Invoice, event: InvoiceMachineEvent, stamp: EventStamp) => applyToAggregate(invoiceMachine, invoice, event, invoiceEvents, stamp);

/** Applies a command the machine may refuse: the changed invoice, or its refusal's answer. */
const command = (invoice: Invoice, event: InvoiceRefusable, stamp: EventStamp): Change<Invoice, Invoice, InvoiceEvent> =>
  appliedOrRefused(invoice, apply(invoice, event, stamp), () => invoiceRefusal(invoice, event));

const PIN_ANSWERS: PinAnswers = { wrong: 'INVOICE_NOT_AUTHORIZED', wording: 'Wrong PIN code', exhausted: 'INVOICE_AUTH_ATTEMPTS_EXCEEDED' };

/**
 * POST invoices/{id}/authorize: SMS_PIN invoices in Created only; three attempts. `pinDigest` is the
 * PIN entered, as its digest (`PinDigests.digest(invoice.id, pin)`).
 */
export function enterInvoicePin(invoice: Invoice, pinDigest: string, stamp: EventStamp): Change<Invoice, Invoice, InvoiceEvent> {
  const event = { type: 'PIN', pinDigest } as const;
  return pinStep(
    invoice,
    apply(invoice, event, stamp),
    (next) => next.state === 'authorized',
    PIN_ANSWERS,
    () => invoiceRefusal(invoice, event),
  );
}

/** POST invoices/{id}/cancel. Cancelling a cancelled invoice answers as before; a paid one refuses. */
export function cancelInvoice(invoice: Invoice, stamp: EventStamp): Change<Invoice, Invoice, InvoiceEvent> {
  return command(invoice, { type: 'CANCEL' }, stamp);
}

/** The transaction a charge outcome becomes: numbered after the ones before it. */
export function transactionFor(invoice: Invoice, outcome: ChargeOutcome, id: string, now: string): Transaction {
  const paid = outcome.status === 'SUCCESS';
  const zero = { minor: 0, currency: invoice.price.currency };
  return {
    id,
    partNumber: 1,
    sequenceNumber: invoice.transactions.length + 1,
    status: outcome.status,
    resultCode: outcome.resultCode,
    resultDescription: outcome.resultDescription,
    paidAt: paid ? now : null,
    price: invoice.price,
    partnerProfit: paid ? invoice.price : zero,
    totalPaid: paid ? invoice.price : zero,
    totalRemaining: paid ? zero : invoice.price,
    billingChannel: outcome.billingChannel,
    serviceNumber: outcome.serviceNumber,
  };
}

/** Records a charge attempt: SUCCESS makes the invoice Processed/PAID, FAILED leaves its status. */
export function recordCharge(invoice: Invoice, transaction: Transaction, stamp: EventStamp): Change<Invoice, Transaction, InvoiceEvent> {
  const change = command(invoice, { type: transaction.status === 'SUCCESS' ? 'CHARGE_SUCCEEDED' : 'CHARGE_FAILED', transaction }, stamp);
  return { ...change, outcome: change.outcome.ok ? ok(transaction) : change.outcome };
}

/** POST invoices/{id}/refund: only from PAID. A repeated refund answers with the refund under way. */
export function requestRefund(invoice: Invoice, stamp: EventStamp): Change<Invoice, Invoice, InvoiceEvent> {
  return command(invoice, { type: 'REFUND' }, stamp);
}

/** The refund finished at the gateway: refund_status completed, and the refund notification. */
export function completeRefund(invoice: Invoice, stamp: EventStamp): Change<Invoice, boolean, InvoiceEvent> {
  return appliedOrNot(apply(invoice, { type: 'REFUND_COMPLETED' }, stamp));
}

/** The gateway refused the refund: refund_status failed, and the refund's notification says so. */
export function failRefund(invoice: Invoice, refused: { readonly resultCode: number; readonly resultDescription: string }, stamp: EventStamp): Change<Invoice, boolean, InvoiceEvent> {
  return appliedOrNot(apply(invoice, { type: 'REFUND_FAILED', ...refused }, stamp));
}

/** Expiry of an unpaid invoice: it becomes Cancelled once expires_at is reached. */
export function expireInvoice(invoice: Invoice, stamp: EventStamp): Change<Invoice, boolean, InvoiceEvent> {
  return appliedOrNot(apply(invoice, { type: 'EXPIRE', now: stamp.now }, stamp));
}
