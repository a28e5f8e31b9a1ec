import { and, assign, emit, setup } from 'xstate';
import type { Customer } from '../shared/customer.js';
import { fail, type DomainError, type ErrorCode } from '../shared/errors.js';
import { stamped, type EmittedPart, type EventEnvelope, type EventStamp } from '../shared/events.js';
import { appliedOrNot, appliedOrRefused, applyToAggregate, dueWhenWorkIs, type Change, type DueWork, type Lifecycle } from '../shared/lifecycle.js';
import { namedRefusal, refuses, rememberedStart, statesTagged } from '../shared/machine-step.js';
import { countWrongPin, pinGuards, pinStep, type PinAnswers } from '../shared/pin-confirmation.js';
import type { Err } from '../shared/result.js';
import { addSeconds, isAtOrAfter } from '../shared/time.js';

// The contract, top to bottom: its fields and states, its events, its machine (the spec's contract
// table), its lifecycle (what is live, when it expires), then its commands, whose refusals are the
// machine's own answers.

// ---- Fields and states ----------------------------------------------------------------------

/** Every state of a contract, in the order lists offer them. */
export const CONTRACT_STATES = ['awaitingPin', 'active', 'cancelled', 'closed'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];

export type ContractAuthorizationType = 'SMS_PIN' | 'SKIP';

/** The contract's data; also the machine's context. */
export interface ContractFields {
  readonly id: string;
  readonly projectId: number;
  readonly merchantContractId: string;
  readonly customer: Customer;
  readonly authorizationType: ContractAuthorizationType;
  /** The keyed digest of the PIN sent for confirmation (never the PIN); null without one. */
  readonly pinDigest: string | null;
  readonly pinAttempts: number;
  readonly createdAt: string;
  /** The test clock it lives on (test environment): its times are that clock's. */
  readonly testClockId?: string;
  readonly expiresAt: string;
}

/** A contract binds a phone number (or a card) to a merchant_contract_id. */
export interface Contract extends ContractFields {
  readonly state: ContractState;
  /** Optimistic-concurrency version: 1 when created, +1 on every saved change. */
  readonly version: number;
}

// ---- Events ---------------------------------------------------------------------------------

export interface ContractFacts {
  readonly merchantContractId: string;
  readonly customer: Customer;
}

/** The contract was confirmed by its PIN. */
export interface ContractAuthorized extends EventEnvelope<'contract'>, ContractFacts {
  readonly type: 'ContractAuthorized';
}

/** The contract ended: cancelled by the merchant, or expired. */
export interface ContractClosed extends EventEnvelope<'contract'>, ContractFacts {
  readonly type: 'ContractClosed';
  readonly reason: 'cancelled' | 'expired';
}

export type ContractEvent = ContractAuthorized | ContractClosed;

/** What the contract machine emits: each event's own facts. */
export type ContractEmitted = EmittedPart<ContractEvent, ContractFacts>;

const facts = (c: Contract): ContractFacts => ({ merchantContractId: c.merchantContractId, customer: c.customer });

/** The events of one step of the contract machine: what it emitted, stamped, with the contract's facts after the step. */
function contractEvents(contract: Contract, emitted: readonly ContractEmitted[], stamp: EventStamp): ContractEvent[] {
  return emitted.map((e) => stamped('contract', contract, { ...facts(contract), ...e }, stamp));
}

// ---- Machine --------------------------------------------------------------------------------

const refusedWith = (answer: ErrorCode) => refuses(answer);

/** `PIN` carries the entered PIN's digest (the aggregate never holds a PIN). */
export type ContractMachineEvent = { type: 'PIN'; pinDigest: string } | { type: 'CANCEL' } | { type: 'EXPIRE'; now: string };

/**
 * The contract lifecycle of the spec's contract table. SMS_PIN contracts await their PIN; card
 * binding (SKIP) is active at once. Three wrong PINs leave the contract awaiting a PIN it can no
 * longer accept. Cancelled and closed are terminal: every event is refused there, and a command
 * answers CONTRACT_NOT_FOUND (the spec: a cancelled contract is not found for any action; an expired
 * one is the same to the caller) unless a refusing transition names another answer. A step's domain
 * events are what it emits. Its `live` states hold its key.
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
          refusedWith('CONTRACT_AUTH_ATTEMPTS_EXCEEDED'),
        ],
        CANCEL: { target: 'cancelled', actions: 'emitCancelled' },
        EXPIRE: { guard: 'expiryReached', target: 'closed', actions: 'emitExpired' },
      },
    },
    active: {
      tags: 'live',
      on: {
        PIN: refusedWith('CONTRACT_ALREADY_AUTHORIZED'),
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

// ---- Refusals -------------------------------------------------------------------------------

/** The answer to a command the machine refused: the one its refusing transition names, else CONTRACT_NOT_FOUND. */
function contractRefusal(contract: Contract, event: ContractMachineEvent): Err<DomainError> {
  const { state, version: _v, ...fields } = contract;
  const code = (namedRefusal(contractMachine, state, fields, event) ?? 'CONTRACT_NOT_FOUND') as ErrorCode;
  return code === 'CONTRACT_ALREADY_AUTHORIZED' ? fail(code, undefined, { contract_id: contract.id }) : fail(code);
}

// ---- Lifecycle: what is live, what falls due ------------------------------------------------

/** The contract's one job: its expiry. */
export type ContractJob = 'contract.expire';

const LIVE = statesTagged(contractMachine, 'live');

/** Awaiting its PIN or active (the machine's `live` states): the contract holds its key, client + merchant_contract_id. */
const isLive = (c: Pick<Contract, 'state'>): boolean => LIVE.has(c.state);

/** A live contract expires at its expires_at (the machine's EXPIRE guard decides whether it has). */
const nextWork = (c: Contract): DueWork<ContractJob> | null => (isLive(c) ? { job: 'contract.expire', at: c.expiresAt } : null);

/** The contract lifecycle (see `Lifecycle`): storage and scheduling read it here. */
export const contractLifecycle = {
  machine: contractMachine,
  refusal: contractRefusal,
  isLive,
  nextWork,
  dueAt: dueWhenWorkIs(nextWork),
} satisfies Lifecycle<Contract, ContractJob, ContractMachineEvent>;

// ---- Commands -------------------------------------------------------------------------------

/** A new contract's own fields, and when and for how long it is opened. */
export type OpenContractInput = Pick<ContractFields, 'id' | 'projectId' | 'merchantContractId' | 'customer' | 'authorizationType' | 'pinDigest' | 'testClockId'> & {
  readonly now: string;
  readonly lifetimeSeconds: number;
};

export function openContract(input: OpenContractInput): Contract {
  const fields: ContractFields = {
    id: input.id,
    projectId: input.projectId,
    merchantContractId: input.merchantContractId,
    customer: input.customer,
    authorizationType: input.authorizationType,
    pinDigest: input.authorizationType === 'SMS_PIN' ? input.pinDigest : null,
    pinAttempts: 0,
    createdAt: input.now,
    expiresAt: addSeconds(input.now, input.lifetimeSeconds),
    ...(input.testClockId ? { testClockId: input.testClockId } : {}),
  };
  const started = startContract(fields);
  return { ...started.context, state: started.state as ContractState, version: 1 };
}

const apply = (contract: Contract, event: ContractMachineEvent, stamp: EventStamp) => applyToAggregate(contractMachine, contract, event, contractEvents, stamp);

const PIN_ANSWERS: PinAnswers = { wrong: 'CONTRACT_NOT_AUTHORIZED', wording: 'Wrong PIN code', exhausted: 'CONTRACT_AUTH_ATTEMPTS_EXCEEDED' };

/**
 * POST contracts/{id}/authorize: the spec's PIN rows, three attempts, wrong PINs counted and saved.
 * `pinDigest` is the PIN entered, as its digest (`PinDigests.digest(contract.id, pin)`).
 */
export function enterContractPin(contract: Contract, pinDigest: string, stamp: EventStamp): Change<Contract, Contract, ContractEvent> {
  const event = { type: 'PIN', pinDigest } as const;
  return pinStep(
    contract,
    apply(contract, event, stamp),
    (next) => next.state === 'active',
    PIN_ANSWERS,
    () => contractRefusal(contract, event),
  );
}

/** POST contracts/{id}/cancel. A cancelled or closed contract is not found. */
export function cancelContract(contract: Contract, stamp: EventStamp): Change<Contract, Contract, ContractEvent> {
  const event = { type: 'CANCEL' } as const;
  return appliedOrRefused(contract, apply(contract, event, stamp), () => contractRefusal(contract, event));
}

/** Expiry: closes the contract once expires_at is reached; earlier, or when already over, nothing. */
export function expireContract(contract: Contract, stamp: EventStamp): Change<Contract, boolean, ContractEvent> {
  return appliedOrNot(apply(contract, { type: 'EXPIRE', now: stamp.now }, stamp));
}
