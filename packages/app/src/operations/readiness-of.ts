import type { Jobs } from '../jobs.js';
import type { KassaRole } from '../settings.js';
import type { Storage } from '../storage.js';
import { Readiness } from './readiness.js';

/**
 * A process's readiness checks by its role. Storage is required everywhere. Redis is required by a
 * worker (it does nothing without it) and reported by a process serving the API, which answers
 * without Redis (a job it cannot add, the sweep finds): a failover of one Redis master must not take
 * every API out of the load balancer. The queue's layout (KASSA_QUEUE_PARTITIONS agreeing with the
 * running processes') is required everywhere: a process whose jobs go to queues no worker reads is
 * taken out (docs/operations.md, "/ready").
 */
export function readinessOf(role: KassaRole, storage: Pick<Storage, 'ping'>, jobs: Pick<Jobs, 'kind' | 'ping' | 'layoutAgrees'>, timeoutMs?: number): Readiness {
  if (jobs.kind !== 'redis') return new Readiness({ storage: () => storage.ping() }, timeoutMs);
  return new Readiness({ storage: () => storage.ping(), redis: () => jobs.ping(), queue_partitions: () => jobs.layoutAgrees() }, timeoutMs, new Set(role === 'worker' ? [] : ['redis']));
}
