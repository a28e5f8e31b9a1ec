import { describe, expect, it } from 'vitest';
import { kassaUseCases, WEBHOOK_ENDPOINT_LIMITS, type WebhookTargets } from '@kassa-payments/domain';
import { inMemoryPorts } from '../src/index.js';
import { TypeOnly, webhookProject as project } from './webhook.fixture.js';

// The address check of an endpoint's URL (a DNS lookup of up to seconds) runs only when it can matter.
function setUp() {
  const base = { ...inMemoryPorts({ partners: [{ login: 'm', password: 'p', testCallbackAllowed: false }], projects: [project] }), notifications: new TypeOnly() };
  const checked: string[] = [];
  const webhookTargets: WebhookTargets = {
    admit: (url) => {
      checked.push(url);
      return base.webhookTargets.admit(url);
    },
  };
  return { kassa: kassaUseCases({ ...base, webhookTargets }), checked };
}

describe('the URL check of webhook endpoints', () => {
  it('a project whose slots are all taken is told so without a check of the URL', async () => {
    const { kassa, checked } = setUp();
    for (let n = 0; n < WEBHOOK_ENDPOINT_LIMITS.perProject; n++) {
      expect((await kassa.createWebhookEndpoint.execute({ projectId: 1, url: `https://e${n}.example/`, eventTypes: 'all', description: null })).ok).toBe(true);
    }
    checked.length = 0;
    const refused = await kassa.createWebhookEndpoint.execute({ projectId: 1, url: 'https://one-too-many.example/', eventTypes: 'all', description: null });
    expect(refused.ok ? 'ok' : refused.error.code).toBe('WEBHOOK_ENDPOINT_LIMIT_EXCEEDED');
    expect(checked).toEqual([]);
  });

  it('a PATCH checks a new URL only: the same URL, no URL, or an unknown endpoint are not checked', async () => {
    const { kassa, checked } = setUp();
    const made = await kassa.createWebhookEndpoint.execute({ projectId: 1, url: 'https://a.example/', eventTypes: 'all', description: null });
    if (!made.ok) throw new Error(made.error.message);
    checked.length = 0;
    const id = made.value.id;
    expect((await kassa.updateWebhookEndpoint.execute({ projectId: 1, endpointId: id, changes: { url: 'https://a.example/', description: 'same url' } })).ok).toBe(true);
    expect((await kassa.updateWebhookEndpoint.execute({ projectId: 1, endpointId: id, changes: { state: 'disabled' } })).ok).toBe(true);
    const unknown = await kassa.updateWebhookEndpoint.execute({ projectId: 1, endpointId: 'nope', changes: { url: 'https://b.example/' } });
    expect(unknown.ok ? 'ok' : unknown.error.code).toBe('NOT_FOUND');
    expect(checked).toEqual([]);
    expect((await kassa.updateWebhookEndpoint.execute({ projectId: 1, endpointId: id, changes: { url: 'https://b.example/' } })).ok).toBe(true);
    expect(checked).toEqual(['https://b.example/']);
  });
});
