import type { Job, Scheduler } from '@kassa-payments/domain';
import { partitionOf } from './redis-target.js';

/**
 * The domain's jobs over N queues (KASSA_QUEUE_PARTITIONS), each its own hash tag on a Cluster:
 * a project's jobs always go to one partition, and the projects spread the work over the masters.
 */
export class PartitionedScheduler implements Scheduler {
  constructor(private readonly partitions: readonly Scheduler[]) {
    if (partitions.length === 0) throw new Error('PartitionedScheduler needs at least one partition');
  }

  schedule(job: Job): Promise<void> {
    return (this.partitions[partitionOf(job.projectId, this.partitions.length)] as Scheduler).schedule(job);
  }
}
