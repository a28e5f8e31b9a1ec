import type { DeliverySearch } from '../../ports/webhook-delivery-repository.port.js';
import type { RedeliverWebhook } from './redeliver-webhook.use-case.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';

/** Dead deliveries brought back per page: each is a compare-and-set save and a job. */
const PAGE = 200;

/** What a bulk recovery did: the deliveries redelivered, and how many a concurrent change took first. */
export interface Recovery {
  readonly recovered: readonly string[];
  readonly skipped: number;
}

/**
 * The operators' bulk recovery: every dead delivery of the filter (any project, or one, created in a
 * time range) redelivered, as one redelivery each would (a new attempt now, the same webhook-id, a
 * fresh schedule). A delivery is redelivered once: once pending, the search no longer finds it; one
 * another process changed first is skipped. `limit` bounds one call (the rest stay dead until the next).
 */
export class RecoverDeadDeliveries {
  constructor(
    private readonly ports: Pick<KassaPorts, 'deliveries'>,
    private readonly redeliver: Pick<RedeliverWebhook, 'execute'>,
  ) {}

  async execute(filter: Omit<DeliverySearch, 'state'>, limit = 10_000): Promise<Recovery> {
    const recovered: string[] = [];
    const tried = new Set<string>();
    let skipped = 0;
    for (;;) {
      const page = (await this.ports.deliveries.search({ ...filter, state: 'dead' }, PAGE)).filter((d) => !tried.has(d.id));
      if (page.length === 0 || recovered.length >= limit) break;
      for (const d of page.slice(0, limit - recovered.length)) {
        tried.add(d.id);
        const result = await this.redeliver.execute({ projectId: d.projectId, deliveryId: d.id });
        if (result.ok) recovered.push(d.id);
        else skipped += 1;
      }
    }
    return { recovered, skipped };
  }
}
