import type { Scheduler } from '@kassa-payments/domain';
import type { JobWork } from './job-work.js';

/** Where jobs go and who runs them: in this process, or BullMQ on Redis (shared by N processes). */
export interface Jobs {
  readonly kind: 'in-process' | 'redis';
  readonly scheduler: Scheduler;
  /**
   * Records this process's queue layout (KASSA_QUEUE_PARTITIONS) as the deployment's and renews it;
   * throws PartitionsMismatch when the running processes' differs. Called before anything is
   * written or served. A no-op in process.
   */
  claim(signal?: AbortSignal): Promise<void>;
  /** Throws while the layout last read from the deployment is not this process's (readiness). */
  layoutAgrees(): Promise<void>;
  /** Starts running jobs here (a no-op for an api-only process on Redis). */
  start(work: JobWork): Promise<void>;
  /**
   * For tests and simulations that move the clock: runs, round after round until a round finds
   * nothing due at the clock's now, the jobs due (in process: the scheduler's, held or on a timer),
   * the due-work sweep and the event relay, each beside no run of its own loop; returns how many
   * things ran. On Redis only the sweep and the relay run here (BullMQ's delayed jobs keep real
   * time; the sweep finds their work once it is due by the clock). A sweep or relay that fails
   * rejects it. 0 before `start` and after `stop`.
   */
  drainDue(): Promise<number>;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
  /** Jobs by state (the metrics). */
  depth(): Promise<Readonly<Record<'waiting' | 'delayed' | 'failed', number>>>;
  /** Answers when the queue's store does (Redis); throws otherwise (readiness). */
  ping(): Promise<void>;
}

/** Rounds of a drain before it gives up: work that falls due again at the same now would loop for ever. */
const DRAIN_ROUNDS = 100;

/** Rounds of `round` until one ran nothing and left nothing under way: how many things ran in all. */
export async function drainRounds(round: () => Promise<{ readonly ran: number; readonly settled: boolean }>): Promise<number> {
  let total = 0;
  for (let n = 0; n < DRAIN_ROUNDS; n += 1) {
    const { ran, settled } = await round();
    total += ran;
    if (ran === 0 && settled) return total;
  }
  throw new Error(`work still due after ${DRAIN_ROUNDS} rounds of draining: something falls due again at the same time`);
}
