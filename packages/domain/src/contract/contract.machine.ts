import { and, assign, emit, setup } from 'xstate';
import { MAX_PIN_ATTEMPTS, rememberedStart } from '../shared/lifecycle.js';
import { sameDigest } from '../shared/pin-digest.js';
import { isAtOrAfter } from '../shared/time.js';
import type { ContractEmitted } from './contract.events.js';
import type { ContractFields } from './contract.fields.js';

/** `PIN` carries the entered PIN's digest (the aggregate never holds a PIN). */
export type ContractMachineEvent = { type: 'PIN'; pinDigest: string } | { type: 'CANCEL' } | { type: 'EXPIRE'; now: string };

/**
 * The contract lifecycle of the spec's contract table. SMS_PIN contracts await their PIN; card
 * binding (SKIP) is active at once. Three wrong PINs leave the contract awaiting a PIN it can no
 * longer accept. Cancelled and closed are terminal: every event is refused there. A step's domain
 * events are what it emits (contract.events.ts stamps them).
 */
export const contractMachine = setup({
  types: {} as { context: ContractFields; events: ContractMachineEvent; input: ContractFields; emitted: ContractEmitted },
  actions: {
    emitAuthorized: emit({ type: 'ContractAuthorized' } as const),
    emitCancelled: emit({ type: 'ContractClosed', reason: 'cancelled' } as const),
    emitExpired: emit({ type: 'ContractClosed', reason: 'expired' } as const),
  },
  guards: {
    skipsPin: ({ context }) => context.authorizationType === 'SKIP',
    attemptsLeft: ({ context }) => context.pinAttempts < MAX_PIN_ATTEMPTS,
    pinMatches: ({ context, event }) => event.type === 'PIN' && sameDigest(event.pinDigest, context.pinDigest),
    expiryReached: ({ context, event }) => event.type === 'EXPIRE' && isAtOrAfter(event.now, context.expiresAt),
  },
}).createMachine({
  id: 'contract',
  context: ({ input }) => input,
  initial: 'created',
  states: {
    created: {
      always: [{ guard: 'skipsPin', target: 'active' }, { target: 'awaitingPin' }],
    },
    awaitingPin: {
      on: {
        PIN: [
          { guard: and(['attemptsLeft', 'pinMatches']), target: 'active', actions: 'emitAuthorized' },
          { guard: 'attemptsLeft', actions: assign({ pinAttempts: ({ context }) => context.pinAttempts + 1 }) },
        ],
        CANCEL: { target: 'cancelled', actions: 'emitCancelled' },
        EXPIRE: { guard: 'expiryReached', target: 'closed', actions: 'emitExpired' },
      },
    },
    active: {
      on: {
        CANCEL: { target: 'cancelled', actions: 'emitCancelled' },
        EXPIRE: { guard: 'expiryReached', target: 'closed', actions: 'emitExpired' },
      },
    },
    cancelled: { type: 'final' },
    closed: { type: 'final' },
  },
});

/** The first state of a new contract: it depends on the authorization type only (initialTransition is costly, see decisions). */
export const startContract = rememberedStart(contractMachine, (input) => input.authorizationType);
