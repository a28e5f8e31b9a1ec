import { assign, emit, setup } from 'xstate';
import { rememberedStart } from '../shared/machine-step.js';
import type { RetiringSecret } from '../shared/secrets.js';
import type { WebhookEndpointEmitted } from './webhook-endpoint.events.js';
import type { EndpointEventTypes, WebhookEndpointFields } from './webhook-endpoint.fields.js';

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
export const startWebhookEndpoint = rememberedStart(webhookEndpointMachine, () => '');
