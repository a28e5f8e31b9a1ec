import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { contractLifecycle } from './contract/contract.js';
import { invoiceLifecycle } from './invoice/invoice.js';
import type { Lifecycle } from './shared/lifecycle.js';
import { subscriptionLifecycle } from './subscription/subscription.js';
import { testClockLifecycle } from './sandbox/test-clock.js';
import { attemptDueBy, deliveryLifecycle, openDelivery } from './webhook/webhook-delivery.js';
import { webhookEndpointLifecycle } from './webhook-endpoint/webhook-endpoint.js';

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

const MACHINES: [string, AnyStateMachine][] = [
  ['contract', contractLifecycle.machine],
  ['invoice', invoiceLifecycle.machine],
  ['subscription', subscriptionLifecycle.machine],
  ['webhook delivery', deliveryLifecycle.machine],
  ['webhook endpoint', webhookEndpointLifecycle.machine],
  ['test clock', testClockLifecycle.machine],
];

describe("refusals are the machine's own transitions", () => {
  it.each(MACHINES)('%s: a transition that names a refusal changes nothing (no target, no action)', (_name, machine) => {
    const refusing = Object.values(machine.root.states).flatMap((node) => [...node.transitions.values()].flat().filter((t) => (t.meta as { refusal?: unknown } | undefined)?.refusal !== undefined));
    for (const t of refusing) expect({ target: t.target, actions: t.actions }).toEqual({ target: undefined, actions: [] });
  });

  it('the answers named are what the lifecycles refuse with (a sample of each kind)', () => {
    const named = (machine: AnyStateMachine) =>
      Object.values(machine.root.states).flatMap((node) => [...node.transitions.values()].flat().flatMap((t) => [(t.meta as { refusal?: string } | undefined)?.refusal ?? []].flat()));
    expect(new Set(named(invoiceLifecycle.machine))).toEqual(new Set(['INVOICE_AUTH_ATTEMPTS_EXCEEDED', 'INVOICE_NOT_PAID', 'unchanged']));
    expect(new Set(named(contractLifecycle.machine))).toEqual(new Set(['CONTRACT_AUTH_ATTEMPTS_EXCEEDED', 'CONTRACT_ALREADY_AUTHORIZED']));
    expect(new Set(named(testClockLifecycle.machine))).toEqual(new Set(['TEST_CLOCK_TIME_INVALID', 'TEST_CLOCK_ADVANCING']));
  });
});

describe("a delivery's attempt is due when its lifecycle's next work is", () => {
  const d = openDelivery({
    eventId: 'e',
    eventType: 'PaymentUpdated',
    projectId: 1,
    notification: { channel: 'webhook', url: 'https://x.test', contentType: 'application/json', body: '{}' },
    now: '2026-01-01T00:00:00.000Z',
  });
  it('due from its next attempt on, never once it is over', () => {
    expect(attemptDueBy(d, '2025-12-31T23:59:59.999Z')).toBeNull();
    expect(attemptDueBy(d, '2026-01-01T00:00:00.000Z')).toBe('2026-01-01T00:00:00.000Z');
    expect(attemptDueBy({ ...d, state: 'dead' }, '2027-01-01T00:00:00.000Z')).toBeNull();
    expect(attemptDueBy({ ...d, state: 'succeeded', nextAttemptAt: null }, '2027-01-01T00:00:00.000Z')).toBeNull();
  });
});
