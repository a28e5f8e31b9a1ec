import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { contractLifecycle } from './contract/contract.lifecycle.js';
import { invoiceLifecycle } from './invoice/invoice.lifecycle.js';
import type { Lifecycle } from './shared/lifecycle.js';
import { subscriptionLifecycle } from './subscription/subscription.lifecycle.js';
import { deliveryLifecycle } from './webhook/webhook-delivery.lifecycle.js';

/** Which states of each lifecycle are live, written out again: the machines tag them `live`. */
const LIVE: [string, Lifecycle<{ state: string }>, string[]][] = [
  ['contract', contractLifecycle as never, ['awaitingPin', 'active']],
  ['invoice', invoiceLifecycle as never, ['created', 'authorized']],
  ['subscription', subscriptionLifecycle as never, ['pending', 'active']],
  ['webhook delivery', deliveryLifecycle as never, ['pending']],
];

const statesOf = (machine: AnyStateMachine) => Object.keys(machine.root.states);

describe('which states are live: the machine says, the lifecycle answers', () => {
  it.each(LIVE)('%s', (_name, lifecycle, live) => {
    const states = statesOf(lifecycle.machine);
    expect(states.filter((state) => lifecycle.isLive({ state }))).toEqual(live);
    expect(states.filter((state) => lifecycle.machine.resolveState({ value: state, context: {} }).hasTag('live'))).toEqual(live);
  });
});
