import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../ports/request-context.port.js';
import type { WebhookDelivery } from '../webhook-delivery.js';
import { RecoverDeadDeliveries } from './recover-dead-deliveries.use-case.js';

describe('RecoverDeadDeliveries', () => {
  it("redelivers each dead delivery for the request that asked: every redelivery is handed that request's context", async () => {
    const dead = [
      { id: 'd-1', projectId: 1, createdAt: '2027-01-01T00:00:00.000Z' },
      { id: 'd-2', projectId: 1, createdAt: '2027-01-01T00:00:01.000Z' },
    ] as unknown as WebhookDelivery[];
    const handed: [string, RequestContext | undefined][] = [];
    const recover = new RecoverDeadDeliveries(
      { deliveries: { search: async () => dead } as never },
      {
        execute: async (input: { readonly deliveryId: string }, context?: RequestContext) => {
          handed.push([input.deliveryId, context]);
          return { ok: true, value: {} } as never;
        },
      },
    );
    const context: RequestContext = { requestId: 'ops-recover-1', by: 'request' };
    const recovery = await recover.execute({ projectId: 1 }, 10, context);
    expect(recovery).toEqual({ recovered: ['d-1', 'd-2'], skipped: 0, more: false });
    expect(handed).toEqual([
      ['d-1', context],
      ['d-2', context],
    ]);
  });
});
