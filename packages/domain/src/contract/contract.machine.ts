import { and, assign, emit, setup } from 'xstate';
import { rememberedStart } from '../shared/machine-step.js';
import { countWrongPin, pinGuards } from '../shared/pin-confirmation.js';
import { isAtOrAfter } from '../shared/time.js';
import type { ContractEmitted } from './contract.events.js';
import type { ContractFields } from './contract.fields.js';

/** `PIN` carries the entered PIN's digest (the aggregate never holds a PIN). */
export type ContractMachineEvent = { type: 'PIN'; pinDigest: string } | { type: 'CANCEL' } | { type: 'EXPIRE'; now: string };

/**
 * The contract lifecycle of the spec's contract table. SMS_PIN contracts await their PIN; card
 * binding (SKIP) is active at once. Three wrong PINs leave the contract awaiting a PIN it can no
 * longer accept. Cancelled and closed are terminal: every event is refused there. A step's domain
 * events are what it emits (contract.events.ts stamps them). Its `live` states hold its key.
 */
export const contractMachine = setup({
  types: {} as { context: ContractFields; events: ContractMachineEvent; input: ContractFields; emitted: ContractEmitted },
  actions: {
    emitAuthorized: emit({ type: 'ContractAuthorized' } as const),
    emitCancelled: emit({ type: 'ContractClosed', reason: 'cancelled' } as const),
    emitExpired: emit({ type: 'ContractClosed', reason: 'expired' } as const),
  },
  guards: {
    ...pinGuards('PIN'),
    skipsPin: ({ context }) => context.authorizationType === 'SKIP',
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
      tags: 'live',
      on: {
        PIN: [
          { guard: and(['attemptsLeft', 'pinMatches']), target: 'active', actions: 'emitAuthorized' },
          { guard: 'attemptsLeft', actions: assign({ pinAttempts: countWrongPin }) },
        ],
        CANCEL: { target: 'cancelled', actions: 'emitCancelled' },
        EXPIRE: { guard: 'expiryReached', target: 'closed', actions: 'emitExpired' },
      },
    },
    active: {
      tags: 'live',
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
