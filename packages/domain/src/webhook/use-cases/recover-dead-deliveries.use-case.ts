import type { RequestContext } from '../../ports/request-context.port.js';
import type { DeliverySearch } from '../../ports/webhook-delivery-repository.port.js';
import type { RedeliverWebhook } from './redeliver-webhook.use-case.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';

/** Dead deliveries brought back per page: each is a compare-and-set save and a job. */
const PAGE = 200;

/** What a bulk recovery did: the deliveries redelivered, how many a concurrent change took first, and whether dead ones of the filter remain beyond `limit`. */
export interface Recovery {
  readonly recovered: readonly string[];
  readonly skipped: number;
  readonly more: boolean;
}

/**
 * The operators' bulk recovery: every dead delivery of the filter (any project, or one, created in a
 * time range) redelivered, as one redelivery each would (a new attempt now, the same webhook-id, a
 * fresh schedule). It pages newest first with a cursor, so a delivery that dies again at once (an
 * endpoint answering 410) is never met twice and never hides the older ones; one another process
 * changed first is skipped. `limit` bounds one call: `more` says dead ones of the filter remain.
 */
export class RecoverDeadDeliveries {
  constructor(
    private readonly ports: Pick<KassaPorts, 'deliveries'>,
    private readonly redeliver: Pick<RedeliverWebhook, 'execute'>,
  ) {}

  /** `context`: the request that asked (the admin API's, the dashboard's): the attempts it schedules carry its id. */
  async execute(filter: Omit<DeliverySearch, 'state' | 'after'>, limit = 10_000, context?: RequestContext): Promise<Recovery> {
    const recovered: string[] = [];
    let skipped = 0;
    let after: DeliverySearch['after'];
    for (;;) {
      const page = await this.ports.deliveries.search({ ...filter, state: 'dead', ...(after ? { after } : {}) }, PAGE);
      for (const d of page) {
        if (recovered.length >= limit) return { recovered, skipped, more: true };
        const result = await this.redeliver.execute({ projectId: d.projectId, deliveryId: d.id }, context);
        if (result.ok) recovered.push(d.id);
        else skipped += 1;
      }
      const last = page.at(-1);
      if (page.length < PAGE || !last) return { recovered, skipped, more: false };
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
}
