import { assign, emit, setup } from 'xstate';
import { fail, type DomainError } from '../shared/errors.js';
import { stamped, type EmittedPart, type EventStamp, type EventEnvelope } from '../shared/events.js';
import { appliedOrRefused, applyToAggregate, type Change, type Lifecycle, type Refusal } from '../shared/lifecycle.js';
import { rememberedStart, statesTagged } from '../shared/machine-step.js';
import { ok, type Err } from '../shared/result.js';
import type { RetiringSecret } from '../shared/secrets.js';
import { addSeconds } from '../shared/time.js';
export { DEFAULT_ENDPOINT_DISABLE_AFTER_HOURS } from '../shared/settings.js';

// The merchant's webhook endpoint, top to bottom: its fields and states, its events, its machine,
// its lifecycle (what is live; no work ever falls due on it), its commands and the use cases' refusals.

// ---- Fields and states ----------------------------------------------------------------------

/** Enabled: events are delivered to it; disabled (by the merchant, or after failing too long): none are. */
export type WebhookEndpointState = 'enabled' | 'disabled';

/**
 * The events an endpoint takes: every one (`all`, the wire's `["*"]`), or these types (the domain's
 * names, `DomainEventType`: named as text here, since the events' union names this aggregate's event).
 */
export type EndpointEventTypes = 'all' | readonly string[];

/** The limits of a project's endpoints (docs/merchants/webhooks.md, "Webhook endpoints"). */
export const WEBHOOK_ENDPOINT_LIMITS = {
  /** Endpoints a project may have at once: each takes one of this many slots. */
  perProject: 16,
  /** The longest overlap of a rotated secret, in hours (a week), and the default one. */
  maxRotationHours: 168,
  defaultRotationHours: 24,
} as const;

/** A merchant's own webhook endpoint: where the events of the types it takes are delivered, signed with its own secret. */
export interface WebhookEndpointFields {
  readonly id: string;
  readonly projectId: number;
  /**
   * Which of the project's WEBHOOK_ENDPOINT_LIMITS.perProject slots it holds: a unique key
   * (projectId, slot) bounds the count without a read-then-write race; deleting frees it.
   */
  readonly slot: number;
  readonly url: string;
  readonly eventTypes: EndpointEventTypes;
  readonly description: string | null;
  /** Signs its deliveries (Standard Webhooks `whsec_…`); shown once, on creation and rotation. */
  readonly secret: string;
  /** The secret a rotation replaced, signing beside the new one until its time. */
  readonly previousSecret?: RetiringSecret;
  /**
   * When its deliveries began failing: the first failed attempt after its last success, in the
   * time of the delivery that failed (a test clock's, for events on one); null once one succeeds.
   */
  readonly failingSince: string | null;
  /** When it was disabled for failing (null while enabled, and when the merchant disabled it). */
  readonly disabledAt: string | null;
  readonly createdAt: string;
}

export interface WebhookEndpoint extends WebhookEndpointFields {
  readonly state: WebhookEndpointState;
  readonly version: number;
}

/**
 * An endpoint without its secrets: what the relay's fan-out and the free slots need. A storage reads
 * it without opening a sealed secret, so a secret it cannot open (a key gone) holds back no event.
 */
export type WebhookEndpointRoute = Omit<WebhookEndpoint, 'secret' | 'previousSecret'>;

/** The channel of an endpoint's deliveries: part of each delivery's id, so a relay run twice makes it once. */
export const endpointChannel = (endpointId: string): string => `endpoint-${endpointId}`;

/** Whether `endpoint` takes events of `type` (enabled or not). */
export const takesEventType = (endpoint: Pick<WebhookEndpointFields, 'eventTypes'>, type: string): boolean => endpoint.eventTypes === 'all' || endpoint.eventTypes.includes(type);

// ---- Events ---------------------------------------------------------------------------------

export interface WebhookEndpointFacts {
  readonly url: string;
}

/** Kassa disabled the endpoint: every delivery to it failed for longer than the operator allows (`webhook_endpoint.disabled`). */
export interface WebhookEndpointDisabled extends EventEnvelope<'webhook_endpoint'>, WebhookEndpointFacts {
  readonly type: 'WebhookEndpointDisabled';
  readonly reason: 'failing';
  /** Since when its deliveries had failed (in the time of the delivery that failed). */
  readonly failingSince: string;
}

export type WebhookEndpointEvent = WebhookEndpointDisabled;

/** What the endpoint machine emits: each event's own facts. */
export type WebhookEndpointEmitted = EmittedPart<WebhookEndpointEvent, WebhookEndpointFacts>;

/** The events of one step of the endpoint machine, stamped, with the endpoint's facts after the step. */
function webhookEndpointEvents(endpoint: WebhookEndpoint, emitted: readonly WebhookEndpointEmitted[], stamp: EventStamp): WebhookEndpointEvent[] {
  return emitted.map((e) => stamped('webhook_endpoint', endpoint, { url: endpoint.url, ...e }, stamp));
}

// ---- Machine --------------------------------------------------------------------------------

/** What a merchant may change of an endpoint (absent: unchanged). */
export interface EndpointChanges {
  readonly url?: string;
  readonly eventTypes?: EndpointEventTypes;
  readonly description?: string | null;
}

export type WebhookEndpointMachineEvent =
  | { type: 'UPDATE'; changes: EndpointChanges }
  /** The merchant enables it again: its failing record starts afresh. */
  | { type: 'ENABLE' }
  | { type: 'DISABLE' }
  | { type: 'ROTATE'; secret: string; previous: RetiringSecret }
  /** An attempt of a delivery to it succeeded. */
  | { type: 'DELIVERY_SUCCEEDED' }
  /**
   * Attempts of a delivery to it failed, the first at `from` and the last at `at` (several when a
   * test clock's advance records a resting endpoint's schedule at once): disabled once its
   * deliveries have failed for `disableAfterSeconds`.
   */
  | { type: 'DELIVERY_FAILED'; from: string; at: string; disableAfterSeconds: number; now: string };

const failingFrom = (context: WebhookEndpointFields, event: WebhookEndpointMachineEvent): string | null =>
  event.type === 'DELIVERY_FAILED' ? (context.failingSince ?? event.from) : context.failingSince;

/**
 * The endpoint lifecycle: enabled until the merchant disables it or its deliveries have failed,
 * with no success between, for longer than the operator's limit (then it says so:
 * WebhookEndpointDisabled). The merchant enables it again. Only enabled is `live`: it takes deliveries.
 * A command a state refuses answers `unchanged`: the machine takes each in either state, or leaves
 * the endpoint as it is.
 */
export const webhookEndpointMachine = setup({
  types: {} as { context: WebhookEndpointFields; events: WebhookEndpointMachineEvent; input: WebhookEndpointFields; emitted: WebhookEndpointEmitted },
  actions: {
    update: assign(({ context, event }) => (event.type === 'UPDATE' ? { ...context, ...event.changes } : context)),
    rotate: assign(({ context, event }) => (event.type === 'ROTATE' ? { ...context, secret: event.secret, previousSecret: event.previous } : context)),
    recover: assign({ failingSince: null, disabledAt: null }),
    noteFailure: assign({ failingSince: ({ context, event }) => failingFrom(context, event) }),
    markDisabled: assign({ disabledAt: ({ event }) => (event.type === 'DELIVERY_FAILED' ? event.now : null) }),
    emitDisabled: emit(({ context }) => ({ type: 'WebhookEndpointDisabled' as const, reason: 'failing' as const, failingSince: context.failingSince ?? '' })),
  },
  guards: {
    failedTooLong: ({ context, event }) => {
      if (event.type !== 'DELIVERY_FAILED') return false;
      const since = failingFrom(context, event);
      return since !== null && Date.parse(event.at) - Date.parse(since) >= event.disableAfterSeconds * 1000;
    },
  },
}).createMachine({
  id: 'webhookEndpoint',
  context: ({ input }) => input,
  initial: 'enabled',
  on: {
    UPDATE: { actions: 'update' },
    ROTATE: { actions: 'rotate' },
  },
  states: {
    enabled: {
      tags: 'live',
      on: {
        DISABLE: { target: 'disabled' },
        DELIVERY_SUCCEEDED: { actions: 'recover' },
        DELIVERY_FAILED: [{ guard: 'failedTooLong', target: 'disabled', actions: ['noteFailure', 'markDisabled', 'emitDisabled'] }, { actions: 'noteFailure' }],
        // Enabling an enabled endpoint changes nothing, and is no refusal.
        ENABLE: {},
      },
    },
    disabled: {
      on: {
        ENABLE: { target: 'enabled', actions: 'recover' },
        DISABLE: {},
      },
    },
  },
});

/** The first state of a new endpoint: always enabled. */
const startWebhookEndpoint = rememberedStart(webhookEndpointMachine, () => '');

/** What a command the machine refused answers: the endpoint as it is (the machine names no other answer). */
const endpointRefusal = (): Refusal => 'unchanged';

// ---- Lifecycle: what is live ----------------------------------------------------------------

const LIVE = statesTagged(webhookEndpointMachine, 'live');

/** Enabled (the machine's `live` state): its deliveries are attempted. */
const isLive = (e: Pick<WebhookEndpoint, 'state'>): boolean => LIVE.has(e.state);

/**
 * The webhook endpoint lifecycle (see `Lifecycle`). No job ever falls due on an endpoint, and the
 * retention never removes one (the merchant deletes it); none of its commands is refused: the
 * machine takes each in either state, or leaves the endpoint as it is.
 */
export const webhookEndpointLifecycle = {
  machine: webhookEndpointMachine,
  refusal: endpointRefusal,
  isLive,
  nextWork: () => null,
  dueAt: () => null,
} satisfies Lifecycle<WebhookEndpoint, never, WebhookEndpointMachineEvent>;

// ---- Commands -------------------------------------------------------------------------------

/** What a new endpoint is made of: its fields as the merchant and the slots give them, and the time. */
export type OpenEndpointInput = Pick<WebhookEndpointFields, 'id' | 'projectId' | 'slot' | 'url' | 'eventTypes' | 'description' | 'secret'> & { readonly now: string };

/** A new endpoint, enabled. */
export function openWebhookEndpoint(input: OpenEndpointInput): WebhookEndpoint {
  const fields: WebhookEndpointFields = {
    id: input.id,
    projectId: input.projectId,
    slot: input.slot,
    url: input.url,
    eventTypes: input.eventTypes,
    description: input.description,
    secret: input.secret,
    failingSince: null,
    disabledAt: null,
    createdAt: input.now,
  };
  const started = startWebhookEndpoint(fields);
  return { ...started.context, state: started.state as WebhookEndpointState, version: 1 };
}

const apply = (e: WebhookEndpoint, event: WebhookEndpointMachineEvent, stamp: EventStamp) => applyToAggregate(webhookEndpointMachine, e, event, webhookEndpointEvents, stamp);

type EndpointChange = Change<WebhookEndpoint, WebhookEndpoint, WebhookEndpointEvent>;

/** Applies machine events in turn: the endpoint after all of them, as one change (one save). */
function applyAll(endpoint: WebhookEndpoint, events: readonly WebhookEndpointMachineEvent[], stamp: EventStamp): EndpointChange {
  let current = endpoint;
  const recorded: WebhookEndpointEvent[] = [];
  for (const event of events) {
    const step = apply(current, event, stamp);
    if (!step) continue;
    current = step.next;
    recorded.push(...step.events);
  }
  if (current === endpoint) return appliedOrRefused(endpoint, undefined, endpointRefusal);
  // Several steps, one save: one version more than the stored one (compare-and-set).
  const next = { ...current, version: endpoint.version + 1 };
  return { next, events: recorded, outcome: ok(next) };
}

/** PATCH webhook_endpoints/{id}: any of its url, types and description, and enabling or disabling it. */
export function updateWebhookEndpoint(endpoint: WebhookEndpoint, changes: EndpointChanges & { readonly state?: WebhookEndpointState }, stamp: EventStamp): EndpointChange {
  const { state, ...fields } = changes;
  const steps: WebhookEndpointMachineEvent[] = [];
  if (Object.keys(fields).length > 0) steps.push({ type: 'UPDATE', changes: fields });
  if (state !== undefined) steps.push({ type: state === 'enabled' ? 'ENABLE' : 'DISABLE' });
  return applyAll(endpoint, steps, stamp);
}

/** POST webhook_endpoints/{id}/rotate_secret: `secret` signs from now on, the one it replaces beside it for `overlapHours` more. */
export function rotateWebhookEndpointSecret(endpoint: WebhookEndpoint, secret: string, overlapHours: number, stamp: EventStamp): EndpointChange {
  return applyAll(endpoint, [{ type: 'ROTATE', secret, previous: { value: endpoint.secret, validUntil: addSeconds(stamp.now, overlapHours * 3600) } }], stamp);
}

/** How an attempt of a delivery to the endpoint went: a success, or failures from `from` to `at`. */
export type EndpointDeliveryOutcome = { readonly succeeded: true } | { readonly succeeded: false; readonly from: string; readonly at: string };

/**
 * What a delivery's attempt tells of its endpoint: a success clears its failing record; a failure
 * starts it (when none is under way) and disables the endpoint once its deliveries have failed for
 * `disableAfterHours`, recording WebhookEndpointDisabled. Nothing changes when nothing is new (a
 * success on a healthy endpoint, a failure on a disabled one), so most attempts save nothing.
 */
export function noteEndpointDelivery(endpoint: WebhookEndpoint, outcome: EndpointDeliveryOutcome, disableAfterHours: number, stamp: EventStamp): EndpointChange {
  if (outcome.succeeded)
    return endpoint.failingSince === null && endpoint.disabledAt === null ? appliedOrRefused(endpoint, undefined, endpointRefusal) : applyAll(endpoint, [{ type: 'DELIVERY_SUCCEEDED' }], stamp);
  if (endpoint.state !== 'enabled') return appliedOrRefused(endpoint, undefined, endpointRefusal);
  const step = apply(endpoint, { type: 'DELIVERY_FAILED', from: outcome.from, at: outcome.at, disableAfterSeconds: disableAfterHours * 3600, now: stamp.now }, stamp);
  // A failure that neither starts the record nor disables the endpoint changes nothing worth a save.
  if (!step || (step.next.state === endpoint.state && step.next.failingSince === endpoint.failingSince)) return appliedOrRefused(endpoint, undefined, endpointRefusal);
  return { next: step.next, events: step.events, outcome: ok(step.next) };
}

/** What the endpoint use cases answer when they cannot do what was asked, before the machine is asked. */
export const endpointRefusals = {
  /** Unknown id, or another project's. */
  notFound: (): Err<DomainError> => fail('NOT_FOUND', 'No such webhook endpoint'),
  /** Every slot of the project is taken. */
  limitReached: (): Err<DomainError> =>
    fail('WEBHOOK_ENDPOINT_LIMIT_EXCEEDED', `A project has at most ${WEBHOOK_ENDPOINT_LIMITS.perProject} webhook endpoints: delete one first`, { limit: WEBHOOK_ENDPOINT_LIMITS.perProject }),
  /** The address check refused the URL (its reason says what is allowed, never what the host resolved to). */
  urlRejected: (reason: string): Err<DomainError> => fail('WEBHOOK_ENDPOINT_URL_REJECTED', `url: ${reason}`),
};
