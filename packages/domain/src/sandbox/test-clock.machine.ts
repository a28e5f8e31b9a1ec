import { assertEvent, assign, emit, setup } from 'xstate';
import { rememberedStart } from '../shared/machine-step.js';
import type { TestClockFields } from './test-clock.fields.js';

export type TestClockMachineEvent =
  /** POST test_clocks/{id}/advance: to `to`; the job asked for runs it within the lease. */
  | { type: 'ADVANCE'; to: string; leaseUntil: string }
  /** A runner takes the advance until `leaseUntil` (real time), unless another holds a lease still running at `realNow`. */
  | { type: 'CLAIM'; owner: string; realNow: string; leaseUntil: string }
  /** The runner shows the clock at `at` (never back, never past the target) and renews its lease. */
  | { type: 'STEP'; at: string; leaseUntil: string }
  /** Everything due up to the target has run: the clock shows the target. */
  | { type: 'FINISH' };

const ms = Date.parse;

/**
 * The test clock's lifecycle: ready, it stands still until an advance is asked for (only forwards);
 * advancing, one runner at a time holds it (a lease it renews at every step, which another runner may
 * take once it runs out) and walks it to its target, then it is ready again and says so
 * (`TestClockReady`, stamped by test-clock.events.ts).
 */
export const testClockMachine = setup({
  types: {} as { context: TestClockFields; events: TestClockMachineEvent; input: TestClockFields; emitted: { type: 'TestClockReady' } },
  actions: {
    begin: assign(({ context, event }) => {
      assertEvent(event, 'ADVANCE');
      return { advancingTo: event.to, leaseUntil: event.leaseUntil, leaseOwner: null, advances: context.advances + 1 };
    }),
    claim: assign(({ event }) => {
      assertEvent(event, 'CLAIM');
      return { leaseOwner: event.owner, leaseUntil: event.leaseUntil };
    }),
    step: assign(({ context, event }) => {
      assertEvent(event, 'STEP');
      const target = ms(context.advancingTo ?? context.frozenTime);
      return { frozenTime: new Date(Math.min(Math.max(ms(event.at), ms(context.frozenTime)), target)).toISOString(), leaseUntil: event.leaseUntil };
    }),
    finish: assign(({ context }) => ({ frozenTime: context.advancingTo ?? context.frozenTime, advancingTo: null, leaseUntil: null, leaseOwner: null })),
    emitReady: emit({ type: 'TestClockReady' } as const),
  },
  guards: {
    forwards: ({ context, event }) => event.type === 'ADVANCE' && ms(event.to) > ms(context.frozenTime),
    leaseFree: ({ context, event }) =>
      event.type === 'CLAIM' && (context.leaseOwner === null || context.leaseOwner === event.owner || context.leaseUntil === null || ms(context.leaseUntil) <= ms(event.realNow)),
    targetSet: ({ context }) => context.advancingTo !== null,
  },
}).createMachine({
  id: 'testClock',
  context: ({ input }) => input,
  initial: 'ready',
  states: {
    ready: {
      on: { ADVANCE: { guard: 'forwards', target: 'advancing', actions: 'begin' } },
    },
    advancing: {
      on: {
        CLAIM: { guard: 'leaseFree', actions: 'claim' },
        STEP: { actions: 'step' },
        FINISH: { guard: 'targetSet', target: 'ready', actions: ['finish', 'emitReady'] },
      },
    },
  },
});

/** The first state of a new clock (it reads nothing from the input; initialTransition is costly, see decisions). */
export const startTestClock = rememberedStart(testClockMachine, () => '');
