import { describe, expect, it } from 'vitest';
import type { DeliveryAttempt, WebhookDelivery, WebhookEndpoint } from '@kassa-payments/domain';
import { attemptResult, endpointHealth } from './endpoint-health.js';
import { urlShown } from './url-shown.js';

const endpoint = (fields: Partial<WebhookEndpoint>): WebhookEndpoint =>
  ({
    id: 'e',
    projectId: 1,
    slot: 0,
    url: 'https://a.example/k',
    eventTypes: 'all',
    description: null,
    secret: 'whsec_x',
    failingSince: null,
    disabledAt: null,
    createdAt: '2026-03-03T10:00:00.000Z',
    state: 'enabled',
    version: 1,
    ...fields,
  }) as WebhookEndpoint;
const attempt = (at: string, fields: Partial<DeliveryAttempt> = {}): DeliveryAttempt => ({ at, status: 500, latencyMs: 3, response: '', error: null, ...fields });
const delivery = (attempts: DeliveryAttempt[]) => ({ attempts }) as unknown as WebhookDelivery;

describe("a webhook endpoint's health", () => {
  it('its last attempt is the newest of its deliveries’ (a retry of an older delivery may be it); none before the first', () => {
    const older = delivery([attempt('2026-03-03T10:00:00.000Z'), attempt('2026-03-03T12:00:00.000Z', { status: 503 })]);
    const newer = delivery([attempt('2026-03-03T11:00:00.000Z')]);
    expect(endpointHealth(endpoint({}), [newer, older]).lastAttempt?.status).toBe(503);
    expect(endpointHealth(endpoint({}), [delivery([])]).lastAttempt).toBeUndefined();
  });

  it('disabled by Kassa when it recorded the time it did so, by the merchant otherwise; nobody while enabled', () => {
    expect(endpointHealth(endpoint({ state: 'disabled', failingSince: '2026-03-01T00:00:00.000Z', disabledAt: '2026-03-06T01:00:00.000Z' }), []).disabledBy).toBe('kassa');
    expect(endpointHealth(endpoint({ state: 'disabled' }), []).disabledBy).toBe('merchant');
    expect(endpointHealth(endpoint({ failingSince: '2026-03-01T00:00:00.000Z' }), [])).toEqual({ lastAttempt: undefined, failingSince: '2026-03-01T00:00:00.000Z', disabledBy: undefined });
  });

  it("an attempt's result: its HTTP status, else its error; one never sent says so once", () => {
    expect(attemptResult(attempt('t'), 'not sent')).toBe('500');
    expect(attemptResult(attempt('t', { status: null, error: 'timeout' }), 'not sent')).toBe('timeout');
    expect(attemptResult(attempt('t', { status: null, error: 'endpoint disabled', sent: false }), 'not sent')).toBe('endpoint disabled (not sent)');
    expect(attemptResult(attempt('t', { status: null, error: 'not sent: resting', sent: false }), 'not sent')).toBe('not sent: resting');
  });
});

describe('a URL on the settings page', () => {
  it('loses its user and password, query and fragment, where a token may be, and says so', () => {
    expect(urlShown('https://user:tok@hooks.example/k?token=t#f')).toEqual({ text: 'https://hooks.example/k', cut: true });
    expect(urlShown('https://hooks.example/k')).toEqual({ text: 'https://hooks.example/k', cut: false });
    // A password holding an @ is cut whole (a pattern stopping at the first @ showed `ss@` of it).
    expect(urlShown('https://u:p@ss@hooks.example/k')).toEqual({ text: 'https://hooks.example/k', cut: true });
  });
});
