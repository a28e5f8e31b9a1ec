import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { endpointNotifications } from '../jobs/relay-events.use-case.js';
import { noteEndpointDelivery, openWebhookEndpoint, rotateWebhookEndpointSecret, updateWebhookEndpoint, type WebhookEndpoint } from './webhook-endpoint.js';
import type { DomainEvent } from '../events/domain-event.js';

const T0 = '2027-01-01T00:00:00.000Z';
let n = 0;
const stamp = (now = T0) => ({ now, newId: () => `ev-${++n}` });
const endpoint = (): WebhookEndpoint =>
  openWebhookEndpoint({ id: 'we-1', projectId: 7, slot: 0, url: 'https://shop.example/k', eventTypes: ['PaymentUpdated'], description: null, secret: 'whsec_a', now: T0 });
const hours = (h: number) => new Date(Date.parse(T0) + h * 3_600_000).toISOString();
const failed = (e: WebhookEndpoint, at: string, from = at, limitHours = 120) => noteEndpointDelivery(e, { succeeded: false, from, at }, limitHours, stamp(hours(500)));

describe('the webhook endpoint: its commands', () => {
  it('opens enabled, with no failing record, at version 1', () => {
    expect(endpoint()).toMatchObject({ state: 'enabled', failingSince: null, disabledAt: null, version: 1 });
  });

  it('PATCH changes what it names, in one step (one version), and disables and enables it; nothing named changes nothing', () => {
    const changed = updateWebhookEndpoint(endpoint(), { url: 'https://b.example/k', eventTypes: 'all', description: 'd', state: 'disabled' }, stamp());
    expect(changed.next).toMatchObject({ url: 'https://b.example/k', eventTypes: 'all', description: 'd', state: 'disabled', version: 2 });
    expect(changed.events).toEqual([]);
    expect(updateWebhookEndpoint(changed.next as WebhookEndpoint, { state: 'enabled' }, stamp()).next).toMatchObject({ state: 'enabled', version: 3 });
    const same = updateWebhookEndpoint(endpoint(), {}, stamp());
    expect(same.next).toBeUndefined();
    expect(same.outcome).toEqual({ ok: true, value: endpoint() });
    // Enabling an enabled endpoint is no refusal.
    expect(updateWebhookEndpoint(endpoint(), { state: 'enabled' }, stamp()).outcome.ok).toBe(true);
  });

  it('rotation: the new secret signs, the old one is kept until the overlap ends', () => {
    const rotated = rotateWebhookEndpointSecret(endpoint(), 'whsec_b', 24, stamp()).next as WebhookEndpoint;
    expect(rotated).toMatchObject({ secret: 'whsec_b', previousSecret: { value: 'whsec_a', validUntil: hours(24) }, version: 2 });
    const again = rotateWebhookEndpointSecret(rotated, 'whsec_c', 0, stamp(hours(1))).next as WebhookEndpoint;
    expect(again.previousSecret).toEqual({ value: 'whsec_b', validUntil: hours(1) });
  });
});

describe('the webhook endpoint: failing and disabling', () => {
  it('the first failure starts its record; later ones keep it (nothing to save); a success clears it', () => {
    const first = failed(endpoint(), hours(1));
    expect(first.next).toMatchObject({ state: 'enabled', failingSince: hours(1), version: 2 });
    expect(failed(first.next as WebhookEndpoint, hours(50)).next).toBeUndefined();
    const recovered = noteEndpointDelivery(first.next as WebhookEndpoint, { succeeded: true }, 120, stamp());
    expect(recovered.next).toMatchObject({ failingSince: null, version: 3 });
    // A success on a healthy endpoint saves nothing.
    expect(noteEndpointDelivery(endpoint(), { succeeded: true }, 120, stamp()).next).toBeUndefined();
  });

  it('a failure 120 hours after its record began disables it, once, with WebhookEndpointDisabled stamped in real time', () => {
    const failing = failed(endpoint(), hours(1)).next as WebhookEndpoint;
    expect(failed(failing, hours(120.99)).next).toBeUndefined();
    const disabling = failed(failing, hours(121));
    expect(disabling.next).toMatchObject({ state: 'disabled', failingSince: hours(1), disabledAt: hours(500) });
    expect(disabling.events).toEqual([
      {
        id: expect.stringMatching(/^ev-/),
        occurredAt: hours(500),
        projectId: 7,
        aggregate: { kind: 'webhook_endpoint', id: 'we-1' },
        type: 'WebhookEndpointDisabled',
        url: 'https://shop.example/k',
        reason: 'failing',
        failingSince: hours(1),
      },
    ]);
    // Disabled: failures change nothing more, and record no second event.
    expect(failed(disabling.next as WebhookEndpoint, hours(200))).toMatchObject({ events: [] });
    expect(failed(disabling.next as WebhookEndpoint, hours(200)).next).toBeUndefined();
    // Enabled again: its record starts afresh.
    expect(updateWebhookEndpoint(disabling.next as WebhookEndpoint, { state: 'enabled' }, stamp()).next).toMatchObject({ state: 'enabled', failingSince: null, disabledAt: null });
  });

  it("a batch of failures (a resting endpoint's schedule) counts from its first", () => {
    expect(failed(endpoint(), hours(130), hours(2)).next).toMatchObject({ state: 'disabled', failingSince: hours(2) });
  });

  it("a merchant's disabling records no event", () => {
    expect(updateWebhookEndpoint(endpoint(), { state: 'disabled' }, stamp()).events).toEqual([]);
  });

  test.prop([fc.array(fc.record({ ok: fc.boolean(), atHours: fc.integer({ min: 0, max: 1000 }) }), { maxLength: 30 }), fc.integer({ min: 1, max: 300 })])(
    'against a reference: disabled exactly when some failure comes `limit` hours or more after the first failure since the last success',
    (outcomes, limit) => {
      const sorted = [...outcomes].sort((a, b) => a.atHours - b.atHours);
      let e = endpoint();
      let events = 0;
      let since: number | null = null;
      let expectDisabled = false;
      for (const o of sorted) {
        const change = o.ok ? noteEndpointDelivery(e, { succeeded: true }, limit, stamp()) : failed(e, hours(o.atHours), hours(o.atHours), limit);
        e = change.next ?? e;
        events += change.events.length;
        if (expectDisabled) continue;
        if (o.ok) since = null;
        else {
          since ??= o.atHours;
          if (o.atHours - since >= limit) expectDisabled = true;
        }
      }
      expect(e.state).toBe(expectDisabled ? 'disabled' : 'enabled');
      expect(events).toBe(expectDisabled ? 1 : 0);
    },
  );
});

describe('the fan-out: one notification per enabled endpoint taking the type', () => {
  const event = { id: 'evt-1', type: 'PaymentUpdated', projectId: 7 } as unknown as DomainEvent;
  const renderer = { endpointPayload: () => ({ contentType: 'application/json', body: '{"type":"payment.updated"}' }) };
  const make = (id: string, eventTypes: WebhookEndpoint['eventTypes'], state: WebhookEndpoint['state'] = 'enabled'): WebhookEndpoint => ({
    ...endpoint(),
    id,
    url: `https://${id}.example/`,
    eventTypes,
    state,
  });

  it('takes the endpoints of the type or of all, disabled ones too (their deliveries end dead at once, recoverable); each on its own channel', () => {
    const out = endpointNotifications(event, [make('a', ['PaymentUpdated']), make('b', 'all'), make('c', ['ContractAuthorized']), make('d', 'all', 'disabled')], renderer);
    expect(out.map((o) => [o.endpointId, o.notification.channel, o.notification.url])).toEqual([
      ['a', 'endpoint-a', 'https://a.example/'],
      ['b', 'endpoint-b', 'https://b.example/'],
      ['d', 'endpoint-d', 'https://d.example/'],
    ]);
  });

  it('nothing for an event the endpoints take no body of (the XML subscription notifications)', () => {
    expect(endpointNotifications(event, [make('a', 'all')], { endpointPayload: () => undefined })).toEqual([]);
  });
});
