import { contractLifecycle, deliveryLifecycle, invoiceLifecycle, subscriptionLifecycle, type Clock } from '@kassa-payments/domain';
import type { Jobs } from '../jobs.js';
import type { Storage } from '../storage.js';
import type { OpenStreams } from '@kassa-payments/json-api';
import type { GaugeSources } from './kassa-metrics.js';

const secondsSince = (now: number, times: readonly (string | null | undefined)[]): number => {
  const oldest = Math.min(...times.filter((t): t is string => typeof t === 'string').map((t) => Date.parse(t)));
  return Number.isFinite(oldest) ? Math.max(0, (now - oldest) / 1000) : 0;
};

/** The gauges' readings, from storage and the job queue, at scrape time. */
export function gaugeSources(storage: Storage, jobs: Pick<Jobs, 'depth'>, clock: Clock, ready: () => Promise<boolean>, streams?: Pick<OpenStreams, 'count'>): GaugeSources {
  return {
    ready,
    openStreams: () => streams?.count() ?? 0,
    deliveries: (state) => storage.deliveries.count(state),
    queueDepth: () => jobs.depth(),
    async oldestDueWorkSeconds() {
      const now = clock.now();
      const at = now.toISOString();
      // Each repository gives its oldest due item first.
      const [contracts, invoices, subscriptions, deliveries] = await Promise.all([
        storage.contracts.findDue(at, 1),
        storage.invoices.findDue(at, 1),
        storage.subscriptions.findDue(at, 1),
        storage.deliveries.findDue(at, 1),
      ]);
      return secondsSince(now.getTime(), [
        ...contracts.map(contractLifecycle.dueAt),
        ...invoices.map(invoiceLifecycle.dueAt),
        ...subscriptions.map(subscriptionLifecycle.dueAt),
        ...deliveries.map(deliveryLifecycle.dueAt),
      ]);
    },
    async oldestUnrelayedEventSeconds() {
      // Read only: a scrape never writes (the relay's own `pending` tidies flags as it reads).
      return secondsSince(clock.now().getTime(), [await storage.outbox.oldestPendingAt()]);
    },
  };
}
