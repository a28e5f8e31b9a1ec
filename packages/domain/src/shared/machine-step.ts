import {
  createActor,
  initialTransition,
  type ActorScope,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type ContextFrom,
  type EmittedFrom,
  type EventFromLogic,
  type InputFrom,
} from 'xstate';

// XState's machines used as pure functions: a step on stored plain data, and a machine's first
// state, each at a small fraction of what XState's own helpers cost per call (see decisions).

/** A machine's state and context after one step, with the events it emitted (XState's `emit`), in order. */
export interface Stepped<M extends AnyStateMachine> {
  readonly state: string;
  readonly context: ContextFrom<M>;
  readonly emitted: readonly EmittedFrom<M>[];
}

/**
 * The events among the actions XState's `transition` returns: an `emit(...)` action comes back
 * resolved, as `xstate.emit` with the event in its params (XState types it only as an action
 * object, and under the action's own name; machine-step.test.ts holds the shape, and the dependency is pinned).
 */
export function emittedOf<M extends AnyStateMachine>(actions: readonly { readonly type: string; readonly params?: unknown }[]): EmittedFrom<M>[] {
  return actions.flatMap((a) => (a.type === 'xstate.emit' ? [(a.params as { event: EmittedFrom<M> }).event] : []));
}

/**
 * A start function for `machine` that remembers the first state per `keyOf(input)`, the values its
 * initial `always` guards read: `initialTransition` builds a whole actor on every call. The cache
 * lives in the closure, in the machine module that makes it; an answer is remembered only while the
 * initial steps leave the context as the input gave it (checked when remembered).
 */
export function rememberedStart<M extends AnyStateMachine>(machine: M, keyOf: (input: InputFrom<M>) => string): (input: InputFrom<M>) => Stepped<M> {
  const byKey = new Map<string, { readonly state: string; readonly emitted: EmittedFrom<M>[] }>();
  return (input) => {
    const key = keyOf(input);
    const remembered = byKey.get(key);
    if (remembered) return { state: remembered.state, context: input as ContextFrom<M>, emitted: remembered.emitted };
    const [snapshot, actions] = initialTransition(machine, input) as [AnyMachineSnapshot, { type: string; params?: unknown }[]];
    const started = { state: String(snapshot.value), context: snapshot.context as ContextFrom<M>, emitted: emittedOf<M>(actions) };
    if (JSON.stringify(snapshot.context) === JSON.stringify(input)) byKey.set(key, { state: started.state, emitted: started.emitted });
    return started;
  };
}

/** The actions a step asks for, gathered by the machine's scope during one (synchronous) step. */
type Action = { type: string; params?: unknown };

/**
 * One inert actor scope per machine, made once: XState's `transition(logic, snapshot, event)` makes a
 * whole actor for every call (`createInertActorScope`, whose constructor computes the machine's
 * initial snapshot again), which was two thirds of a step (21 of 36 µs for a subscription's charge).
 * Kassa's machines spawn no actor and schedule no delayed event, so the scope holds nothing between
 * steps; it only hands the step's actions to `gathered`, which each step empties first.
 */
const scopes = new WeakMap<AnyStateMachine, { readonly scope: AnyActorScope; readonly gathered: Action[] }>();

function scopeOf(machine: AnyStateMachine): { readonly scope: AnyActorScope; readonly gathered: Action[] } {
  const known = scopes.get(machine);
  if (known) return known;
  const self = createActor(machine);
  const gathered: Action[] = [];
  const scope: ActorScope<AnyMachineSnapshot, never> = {
    self: self as never,
    id: '',
    sessionId: '',
    logger: () => {},
    defer: () => {},
    system: self.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: (action) => void gathered.push(action as Action),
  };
  const made = { scope: scope as AnyActorScope, gathered };
  scopes.set(machine, made);
  return made;
}

/**
 * One pure step through XState's public API: rebuild the snapshot from stored plain data
 * (`resolveState`), ask the machine whether it accepts the event (`can`, cheap: no actor), and apply
 * it (the logic's own `transition` in the machine's inert scope, which gathers the actions, the
 * emitted events among them). `undefined` when the event does not apply in this state.
 */
export function stepMachine<M extends AnyStateMachine>(machine: M, state: string, context: ContextFrom<M>, event: EventFromLogic<M>): Stepped<M> | undefined {
  // XState's generic snapshot types do not survive this level of abstraction; the casts stay here.
  const snapshot: AnyMachineSnapshot = machine.resolveState({ value: state, context });
  if (!snapshot.can(event)) return undefined;
  const { scope, gathered } = scopeOf(machine);
  gathered.length = 0;
  const next = machine.transition(snapshot as never, event, scope as never) as AnyMachineSnapshot;
  const actions = gathered.splice(0);
  return { state: String(next.value), context: next.context as ContextFrom<M>, emitted: emittedOf<M>(actions) };
}

/**
 * A transition that refuses: the machine takes it for a command in a state (and under guards) where
 * the command does not apply. It has no target and no action, so XState's `can` answers false and
 * nothing changes; its `meta` names what the refusal answers (an error code, or `unchanged`: the
 * command was done already). A command no transition takes gets its lifecycle's default answer.
 */
export const refuses = <const A extends string>(answer: A) => ({ meta: { refusal: answer } });

/** The answer the refusing transition the machine takes for `event` in the stored state names, if it takes one. */
export function namedRefusal<M extends AnyStateMachine>(machine: M, state: string, context: ContextFrom<M>, event: EventFromLogic<M>): string | undefined {
  const snapshot: AnyMachineSnapshot = machine.resolveState({ value: state, context });
  for (const t of machine.getTransitionData(snapshot as never, event)) {
    const refusal = (t.meta as { readonly refusal?: unknown } | undefined)?.refusal;
    if (typeof refusal === 'string') return refusal;
  }
  return undefined;
}

/** Whether the machine accepts `event` in the stored state. */
export function machineAccepts<M extends AnyStateMachine>(machine: M, state: string, context: ContextFrom<M>, event: EventFromLogic<M>): boolean {
  const snapshot: AnyMachineSnapshot = machine.resolveState({ value: state, context });
  return snapshot.can(event);
}

/** The top-level states of `machine` that carry `tag` (XState's state `tags`), read once from its definition. */
export function statesTagged(machine: AnyStateMachine, tag: string): ReadonlySet<string> {
  return new Set(Object.entries(machine.root.states).flatMap(([name, node]) => (node.tags.includes(tag) ? [name] : [])));
}
