import type { Clock } from '../../ports/clock.port.js';
import type { Job, Scheduler } from '../../ports/scheduler.port.js';
import type { TestClockRepository } from '../../ports/test-clock-repository.port.js';

/**
 * The scheduler as the use cases see it in the test environment (TestClockTime's): a job of an
 * aggregate on a test clock runs in that clock's time. Due by the clock (its `runAt` at or before
 * the clock's time) it runs now; later, or while the clock is advancing, it is left to the advance,
 * which finds every due piece of its clock's work in storage. Jobs without a clock pass through unchanged.
 */
export class ClockedScheduler implements Scheduler {
  constructor(
    private readonly inner: Scheduler,
    private readonly testClocks: TestClockRepository,
    private readonly clock: Clock,
  ) {}

  async schedule(job: Job): Promise<void> {
    if (!job.testClockId) return this.inner.schedule(job);
    const clock = await this.testClocks.get(job.projectId, job.testClockId);
    // A clock deleted meanwhile: its objects keep real time (as their stamps do), so the job runs as any other.
    if (!clock) return this.inner.schedule(job);
    if (clock.status === 'advancing' || Date.parse(job.runAt) > Date.parse(clock.frozenTime)) return;
    return this.inner.schedule({ ...job, runAt: this.clock.now().toISOString() });
  }
}
