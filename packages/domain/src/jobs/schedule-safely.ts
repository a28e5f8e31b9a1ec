import type { Scheduler, Job } from '../ports/scheduler.port.js';

/**
 * Asks for a job without letting a scheduler outage fail the request: the state is already saved,
 * and the repositories' `findDue` sweep picks the work up if the job never arrives.
 */
export async function scheduleSafely(scheduler: Scheduler, job: Job): Promise<void> {
  try {
    await scheduler.schedule(job);
  } catch {
    // Deliberately swallowed: see above. The sweep is the retry path.
  }
}
