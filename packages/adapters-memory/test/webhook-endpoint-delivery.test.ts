import { describe, expect, it } from 'vitest';
import { inMemoryPorts } from '../src/index.js';
import { kassaUseCases } from '@kassa-payments/domain';
import { TypeOnly, webhookProject as project } from './webhook.fixture.js';

// The endpoints through the real use cases on in-memory ports, with a moved clock: the relay's
// fan-out, signing with the endpoint's secrets, the failing record and the disabling, and what a
// disabled endpoint's deliveries do.
async function setUp() {
  const ports = { ...inMemoryPorts({ partners: [{ login: 'm', password: 'p', testCallbackAllowed: false }], projects: [project] }), notifications: new TypeOnly() };
  ports.clock.set('2026-11-22T10:00:00.000Z');
  const kassa = kassaUseCases(ports);
  const endpoint = async (url: string, eventTypes: 'all' | ['ContractAuthorized']) => {
    const made = await kassa.createWebhookEndpoint.execute({ projectId: 1, url, eventTypes, description: null });
    if (!made.ok) throw new Error(made.error.message);
    return made.value;
  };
  /** A contract authorized: its event relayed, the deliveries' due attempts run. */
  let n = 0;
  const authorizeOne = async () => {
    n += 1;
    const created = await kassa.createContract.execute({ projectId: 1, merchantContractId: `mc-${n}`, customer: { type: 'mobile_phone', msisdn: `7900123450${n}` } });
    if (!created.ok) throw new Error('no contract');
    await kassa.authorizeContract.execute({ projectId: 1, contractId: created.value.id, pinCode: '1234' });
    await kassa.relayEvents.execute();
  };
  const runDue = async () => {
    for (const job of ports.scheduler.takeDue(ports.clock.now())) await kassa.runJob.execute(job);
  };
  return { ports, kassa, endpoint, authorizeOne, runDue };
}

describe('webhook endpoints through the relay and the attempts', () => {
  it('fans out to enabled endpoints taking the type, each signed with its own secret (and the one a rotation replaced); the project webhook as before', async () => {
    const { ports, kassa, endpoint, authorizeOne, runDue } = await setUp();
    const a = await endpoint('https://a.example/', ['ContractAuthorized']);
    const b = await endpoint('https://b.example/', 'all');
    await kassa.updateWebhookEndpoint.execute({ projectId: 1, endpointId: b.id, changes: { state: 'disabled' } });
    const rotated = await kassa.rotateWebhookEndpointSecret.execute({ projectId: 1, endpointId: a.id, expiresInHours: 1 });
    await authorizeOne();
    await runDue();
    const sent = ports.webhooks.sent.map((s) => [s.notification.channel, s.notification.url, s.signing.secret, s.signing.retiringSecret]);
    expect(sent).toEqual([
      ['webhook', 'https://shop.example/hooks', 'whsec_c2VjcmV0', undefined],
      [`endpoint-${a.id}`, 'https://a.example/', rotated.ok ? rotated.value.secret : '', a.secret],
    ]);
    const deliveries = await ports.deliveries.list(1, { endpointId: a.id }, 10);
    expect(deliveries.map((d) => [d.endpointId, d.state])).toEqual([[a.id, 'succeeded']]);
    // Past the overlap, the replaced secret signs no more.
    ports.clock.advance(3_601);
    await authorizeOne();
    await runDue();
    expect(ports.webhooks.sent.at(-1)?.signing).toMatchObject({ secret: rotated.ok ? rotated.value.secret : '' });
    expect(ports.webhooks.sent.at(-1)?.signing.retiringSecret).toBeUndefined();
  });

  it('failing for the limit disables the endpoint with its event in the outbox; its pending deliveries then end dead unsent; enabled again, a redelivery is sent', async () => {
    const { ports, kassa, endpoint, authorizeOne, runDue } = await setUp();
    const a = await endpoint('https://a.example/', 'all');
    const failEndpoint = () => ports.webhooks.script.push(...Array.from({ length: 20 }, () => ({ kind: 'failure' as const })));
    failEndpoint();
    await authorizeOne();
    await runDue();
    expect((await ports.endpoints.get(1, a.id))?.failingSince).toBe('2026-11-22T10:00:00.000Z');
    // 121 hours on, a new event's attempt fails too: disabled.
    ports.clock.advance(121 * 3600);
    ports.webhooks.script.length = 0;
    failEndpoint();
    await authorizeOne();
    // The project's webhook answers from the script too: run until the endpoint's attempt is made.
    await runDue();
    const disabled = await ports.endpoints.get(1, a.id);
    expect(disabled).toMatchObject({ state: 'disabled', disabledAt: ports.clock.now().toISOString() });
    const pending = (await ports.outbox.pending(10)).filter((e) => e.type === 'WebhookEndpointDisabled');
    expect(pending).toHaveLength(1);
    // Its still-pending delivery is not sent at its next attempt: dead, "endpoint disabled".
    const before = ports.webhooks.sent.length;
    ports.clock.advance(3600 * 30);
    await runDue();
    const mine = await ports.deliveries.list(1, { endpointId: a.id }, 10);
    expect(mine.every((d) => d.state === 'dead')).toBe(true);
    expect(mine[0]?.attempts.at(-1)).toMatchObject({ error: 'endpoint disabled', sent: false });
    expect(ports.webhooks.sent.slice(before).filter((s) => s.notification.channel === `endpoint-${a.id}`)).toEqual([]);
    // Enabled again, a redelivery is sent (and succeeds: the script is used up).
    ports.webhooks.script.length = 0;
    await kassa.updateWebhookEndpoint.execute({ projectId: 1, endpointId: a.id, changes: { state: 'enabled' } });
    await kassa.redeliverWebhook.execute({ projectId: 1, deliveryId: mine[0]?.id as string });
    await runDue();
    expect((await ports.deliveries.get(1, mine[0]?.id as string))?.state).toBe('succeeded');
    expect((await ports.endpoints.get(1, a.id))?.failingSince).toBeNull();
  });

  it('a PATCHed url reaches the pending retries and the redeliveries of earlier events (and the deliveries list shows it)', async () => {
    const { ports, kassa, endpoint, authorizeOne, runDue } = await setUp();
    const a = await endpoint('https://old.example/', 'all');
    // The project's webhook succeeds, the endpoint's first attempt fails.
    ports.webhooks.script.push({ kind: 'success' }, { kind: 'failure' });
    await authorizeOne();
    await runDue();
    await kassa.updateWebhookEndpoint.execute({ projectId: 1, endpointId: a.id, changes: { url: 'https://new.example/' } });
    ports.clock.advance(3600);
    await runDue();
    const [delivery] = await ports.deliveries.list(1, { endpointId: a.id }, 10);
    expect(delivery?.state).toBe('succeeded');
    expect(delivery?.notification.url).toBe('https://new.example/');
    await kassa.redeliverWebhook.execute({ projectId: 1, deliveryId: delivery?.id as string });
    await runDue();
    const mine = ports.webhooks.sent.filter((s) => s.notification.channel === `endpoint-${a.id}`).map((s) => s.notification.url);
    expect(mine).toEqual(['https://old.example/', 'https://new.example/', 'https://new.example/']);
  });

  it('an event while the endpoint is disabled gets a delivery that ends dead at once, unsent; enabled again, a redelivery brings it', async () => {
    const { ports, kassa, endpoint, authorizeOne, runDue } = await setUp();
    const a = await endpoint('https://a.example/', ['ContractAuthorized']);
    await kassa.updateWebhookEndpoint.execute({ projectId: 1, endpointId: a.id, changes: { state: 'disabled' } });
    await authorizeOne();
    await runDue();
    const [missed] = await ports.deliveries.list(1, { endpointId: a.id }, 10);
    expect(missed).toMatchObject({ state: 'dead', attempts: [{ error: 'endpoint disabled', sent: false }] });
    expect(ports.webhooks.sent.filter((s) => s.notification.channel === `endpoint-${a.id}`)).toEqual([]);
    await kassa.updateWebhookEndpoint.execute({ projectId: 1, endpointId: a.id, changes: { state: 'enabled' } });
    await kassa.redeliverWebhook.execute({ projectId: 1, deliveryId: missed?.id as string });
    await runDue();
    expect((await ports.deliveries.get(1, missed?.id as string))?.state).toBe('succeeded');
    expect(ports.webhooks.sent.filter((s) => s.notification.channel === `endpoint-${a.id}`).map((s) => s.notification.url)).toEqual(['https://a.example/']);
  });

  it('a deleted endpoint: no new deliveries; a pending one ends dead, "endpoint deleted"', async () => {
    const { ports, kassa, endpoint, authorizeOne, runDue } = await setUp();
    const a = await endpoint('https://a.example/', 'all');
    await authorizeOne();
    await kassa.deleteWebhookEndpoint.execute({ projectId: 1, endpointId: a.id });
    await runDue();
    const [delivery] = await ports.deliveries.list(1, { endpointId: a.id }, 10);
    expect(delivery).toMatchObject({ state: 'dead' });
    expect(delivery?.attempts).toMatchObject([{ error: 'endpoint deleted', sent: false }]);
    await authorizeOne();
    expect(await ports.deliveries.list(1, { endpointId: a.id }, 10)).toHaveLength(1);
  });
});
