import { and, assertEvent, assign, emit, not, setup } from 'xstate';
import { rememberedStart } from '../shared/machine-step.js';
import { countWrongPin, pinGuards } from '../shared/pin-confirmation.js';
import { isAtOrAfter } from '../shared/time.js';
import type { InvoiceEmitted } from './invoice.events.js';
import type { InvoiceFields } from './invoice.fields.js';
import type { Transaction } from './transaction.js';

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

/**
 * The invoice lifecycle of the spec's invoice table: Created, Authorize (PIN confirmed, awaiting its
 * charge), Processed (PAID) and Cancelled. An SMS_PIN invoice is charged only after its PIN; an
 * invoice under a contract or paid on the page is charged from Created. A failed charge records a
 * FAILED transaction and leaves the status as it was. Refunds apply only to Processed (PAID); one the
 * gateway refused is `failed`, with its notification, and may be asked for again. A
 * step's domain events are what it emits (invoice.events.ts stamps them). Its `live` states hold
 * the client's "one active invoice" key.
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
    expiryReached: ({ context, event }) => event.type === 'EXPIRE' && isAtOrAfter(event.now, context.expiresAt),
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
          {
            guard: and(['bySmsPin', 'attemptsLeft']),
            actions: assign({ pinAttempts: countWrongPin }),
          },
        ],
        CHARGE: { guard: not('bySmsPin'), actions: 'chargeMayBegin' },
        CHARGE_SUCCEEDED: { guard: not('bySmsPin'), target: 'processed', actions: ['addTransaction', 'emitPaymentUpdated'] },
        CHARGE_FAILED: { guard: not('bySmsPin'), actions: ['addTransaction', 'emitPaymentUpdated'] },
        CANCEL: 'cancelled',
        EXPIRE: { guard: 'expiryReached', target: 'cancelled' },
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
      },
    },
    processed: {
      on: {
        REFUND: { guard: 'noRefundYet', actions: assign({ refundStatus: 'processing' as const, refundAttempts: ({ context }) => (context.refundAttempts ?? 0) + 1 }) },
        REFUND_COMPLETED: {
          guard: 'refundProcessing',
          actions: [assign({ refundStatus: 'completed' as const }), 'emitRefundCompleted'],
        },
        REFUND_FAILED: {
          guard: 'refundProcessing',
          actions: [assign({ refundStatus: 'failed' as const }), 'emitRefundFailed'],
        },
      },
    },
    cancelled: { type: 'final' },
  },
});

/** The first state of a new invoice (it reads nothing from the input; initialTransition is costly, see decisions). */
export const startInvoice = rememberedStart(invoiceMachine, () => '');
