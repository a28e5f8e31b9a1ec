import type { RequestContext } from '../../ports/request-context.port.js';
import type { DueJob, JobRunner } from '../../jobs/due-work.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';
import { eachSettled } from '../../shared/each-settled.js';

/** Pieces of one advance run side by side at most. */
export const ADVANCE_CONCURRENCY = 50;
/**
 * Real time an advance works before it lets the process's other work run (`takeTurn`): in memory a
 * piece of work never waits for I/O, so without turns an advance would hold every request until done.
 */
const SLICE_MS = 5;

/**
 * One advance's share of the event loop: its pieces in groups, with a turn once its slice is spent.
 * A group that held the loop longer than SLICE_MS (in-memory storage: its pieces never wait for I/O)
 * makes the next groups narrower; a group during which the loop turned (MongoDB, HTTP) makes them
 * wider again. Each run has its own: two advances side by side each keep their own slices.
 */
export class AdvanceSlices {
  private turnTakenMs: number;
  private groupWidth = ADVANCE_CONCURRENCY;

  constructor(
    private readonly ports: Pick<KassaPorts, 'clock' | 'takeTurn'>,
    private readonly runJob: JobRunner,
    /** The advance's own: the pieces' events carry the id of the request that asked for the advance. */
    private readonly context?: RequestContext,
  ) {
    this.turnTakenMs = ports.clock.now().getTime();
  }

  /** How many pieces run side by side now (the relay takes as many events at a time). */
  get width(): number {
    return this.groupWidth;
  }

  /** Runs `jobs`, `width` at a time, with a turn between the groups once the slice is spent. */
  async run(jobs: readonly DueJob[], collect: (e: unknown) => void): Promise<void> {
    const { clock, takeTurn } = this.ports;
    for (let i = 0; i < jobs.length; ) {
      const group = jobs.slice(i, i + this.groupWidth);
      i += group.length;
      let turned = false;
      void takeTurn?.().then(() => {
        turned = true;
      });
      const started = clock.now().getTime();
      await eachSettled(group, (job) => this.runJob.execute(job, this.context), 'test clock jobs', group.length).catch(collect);
      const took = clock.now().getTime() - started;
      if (!takeTurn) continue;
      if (!turned && took > SLICE_MS) this.groupWidth = Math.max(1, Math.floor((this.groupWidth * SLICE_MS) / took));
      else if (turned) this.groupWidth = Math.min(ADVANCE_CONCURRENCY, this.groupWidth * 2);
      await this.breathe();
    }
  }

  /** Lets other work run once SLICE_MS of real time passed since this advance's last turn. */
  async breathe(): Promise<void> {
    const { clock, takeTurn } = this.ports;
    if (!takeTurn || clock.now().getTime() - this.turnTakenMs < SLICE_MS) return;
    await takeTurn();
    this.turnTakenMs = clock.now().getTime();
  }
}
