import { inMemoryPorts } from '../src/index.js';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@kassa-payments/domain';
import { ApplyRetention } from '@kassa-payments/domain';

describe('ApplyRetention', () => {
  it('cuts at now minus the retention days, at most once an hour', async () => {
    const ports = inMemoryPorts({ settings: { ...defaultSettings(), retentionDays: 7 } });
    const cuts: string[] = [];
    const retention = new ApplyRetention({
      clock: ports.clock,
      settings: ports.settings,
      retention: {
        purgeBefore: async (before) => {
          cuts.push(before);
          return { events: 0, deliveries: 0, aggregates: 0 };
        },
        eraseProject: async () => ({ contracts: 0, invoices: 0, subscriptions: 0, events: 0, deliveries: 0, testClocks: 0, webhookEndpoints: 0 }),
        eraseTestClock: async () => ({ contracts: 0, invoices: 0, subscriptions: 0, events: 0, deliveries: 0, testClocks: 0, webhookEndpoints: 0 }),
        eventsOnTestClocks: async () => 0,
        testClockBytes: async () => 0,
      },
    });
    ports.clock.set('2026-03-10T12:00:00.000Z');
    expect(await retention.execute()).toEqual({ events: 0, deliveries: 0, aggregates: 0, testClocks: 0 });
    ports.clock.advance(3599);
    expect(await retention.execute()).toBeUndefined();
    ports.clock.advance(1);
    await retention.execute();
    expect(cuts).toEqual(['2026-03-03T12:00:00.000Z', '2026-03-03T13:00:00.000Z']);
  });

  it('runs with the due-work sweep: old events leave the in-memory log', async () => {
    const ports = inMemoryPorts();
    await ports.events.record({ id: 'old', type: 'ContractAuthorized', occurredAt: '2025-01-01T00:00:00.000Z', projectId: 1, aggregate: { kind: 'contract', id: 'c' } } as never);
    ports.clock.set('2026-03-10T12:00:00.000Z');
    const { kassaUseCases } = await import('@kassa-payments/domain');
    await kassaUseCases(ports).runDueWork.execute();
    expect(await ports.events.list(1, {}, 10)).toEqual([]);
  });
});
