import { createActor, initialTransition, type AnyActorScope, type AnyMachineSnapshot, type AnyStateMachine, type ContextFrom, type EventFromLogic, type InputFrom } from 'xstate';
import type { DomainError } from './errors.js';
import type { DomainEvent } from './domain-event.js';
import type { EventStamp } from './events.js';
import type { Result } from './result.js';

/** PIN attempts allowed for an invoice, a contract or a subscription. */
export const MAX_PIN_ATTEMPTS = 3;

/** A machine's state and context after one step, with the names of the actions it asked for. */
export interface Stepped<C> {
  readonly state: string;
  readonly context: C;
  readonly actions: readonly string[];
}

const ownActions = (actions: readonly { type: string }[]): string[] => actions.map((a) => a.type).filter((t) => !t.startsWith('xstate.'));

/**
 * A start function for `machine` that remembers the first state per `keyOf(input)`, the values its
 * initial `always` guards read: `initialTransition` builds a whole actor scope on every call. The
 * cache lives in the closure, in the machine module that makes it; an answer is remembered only
 * while the initial steps leave the context as the input gave it (checked when remembered).
 */
export function rememberedStart<M extends AnyStateMachine>(machine: M, keyOf: (input: InputFrom<M>) => string): (input: InputFrom<M>) => Stepped<ContextFrom<M>> {
  const byKey = new Map<string, { readonly state: string; readonly actions: string[] }>();
  return (input) => {
    const key = keyOf(input);
    const remembered = byKey.get(key);
    if (remembered) return { state: remembered.state, context: input as ContextFrom<M>, actions: remembered.actions };
    const [snapshot, actions] = initialTransition(machine, input) as [AnyMachineSnapshot, { type: string }[]];
    const started = { state: String(snapshot.value), context: snapshot.context as ContextFrom<M>, actions: ownActions(actions) };
    if (JSON.stringify(snapshot.context) === JSON.stringify(input)) byKey.set(key, { state: started.state, actions: started.actions });
    return started;
  };
}

/** An inert actor scope per machine, and the actions its last transition asked for. */
const scopes = new WeakMap<AnyStateMachine, { readonly scope: AnyActorScope; readonly asked: { type: string }[] }>();

/**
 * XState's `transition(machine, snapshot, event)`, pure as it is, but with one inert actor scope per
 * machine instead of a new one (a whole actor, built and initialised) on every call: that was half
 * the CPU of a subscription charge (docs/decisions.md). The scope runs no action (it collects them),
 * spawns nothing our machines ask for, and a transition is synchronous, so one collector serves.
 */
function pureTransition(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: unknown): [AnyMachineSnapshot, { type: string }[]] {
  let entry = scopes.get(machine);
  if (!entry) {
    const self = createActor(machine);
    const asked: { type: string }[] = [];
    const scope = {
      self,
      system: self.system,
      id: '',
      sessionId: '',
      defer: () => {},
      logger: () => {},
      stopChild: () => {},
      emit: () => {},
      actionExecutor: (action: { type: string }) => void asked.push(action),
    } as unknown as AnyActorScope;
    entry = { scope, asked };
    scopes.set(machine, entry);
  }
  entry.asked.length = 0;
  const next = machine.transition(snapshot as never, event as never, entry.scope) as AnyMachineSnapshot;
  return [next, [...entry.asked]];
}

/**
 * One pure step: rebuild the snapshot from stored plain data, ask the machine whether it accepts
 * the event, and apply it. `undefined` when the event does not apply in this state.
 */
export function stepMachine<M extends AnyStateMachine>(machine: M, state: string, context: ContextFrom<M>, event: EventFromLogic<M>): Stepped<ContextFrom<M>> | undefined {
  // XState's generic snapshot types do not survive this level of abstraction; the casts stay here.
  const snapshot: AnyMachineSnapshot = machine.resolveState({ value: state, context });
  if (!snapshot.can(event)) return undefined;
  const [next, actions] = pureTransition(machine, snapshot, event);
  return { state: String(next.value), context: next.context, actions: ownActions(actions) };
}

/** Whether the machine accepts `event` in the stored state. */
export function machineAccepts<M extends AnyStateMachine>(machine: M, state: string, context: ContextFrom<M>, event: EventFromLogic<M>): boolean {
  const snapshot: AnyMachineSnapshot = machine.resolveState({ value: state, context });
  return snapshot.can(event);
}

/**
 * What a command on an aggregate produced: the changed aggregate to save (absent when nothing
 * changed), the events it recorded, and the answer for the caller. A wrong PIN is a change (the
 * attempt is counted) and an error answer at once.
 */
export interface Change<A, T> {
  readonly next?: A;
  readonly events: readonly DomainEvent[];
  readonly outcome: Result<T, DomainError>;
}

/** A stored aggregate: its machine's context fields, plus the state and the version. */
export type Aggregate<C> = C & { readonly state: string; readonly version: number };

/**
 * Applies one machine event to a stored aggregate: the next aggregate (version + 1) and the domain
 * events its actions recorded, or `undefined` when the machine refuses the event in this state.
 */
export function applyToAggregate<M extends AnyStateMachine, A extends Aggregate<ContextFrom<M>>>(
  machine: M,
  aggregate: A,
  event: EventFromLogic<M>,
  eventsOf: (next: A, actions: readonly string[], stamp: EventStamp) => DomainEvent[],
  stamp: EventStamp,
): { next: A; events: DomainEvent[] } | undefined {
  const { state, version, ...fields } = aggregate as Aggregate<Record<string, unknown>>;
  const stepped = stepMachine(machine, state, fields as ContextFrom<M>, event);
  if (!stepped) return undefined;
  const next = { ...(stepped.context as Record<string, unknown>), state: stepped.state, version: version + 1 } as unknown as A;
  return { next, events: eventsOf(next, stepped.actions, stamp) };
}
