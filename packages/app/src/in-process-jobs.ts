import type { Clock } from '@kassa-payments/domain';
import type { Logger } from 'pino';
import { every, type Loop } from './background.js';
import { EmbeddedScheduler } from './embedded-scheduler.js';
import { drainRounds, type Jobs } from './jobs.js';

/** How often the due-work sweep looks for what fell due, and the event relay moves the outboxes' events. */
const SWEEP_MS = 5_000;
const RELAY_MS = 200;

/** The things the runs did: each run's count (a run that returned none, or failed, did none). */
const counted = (results: readonly unknown[]): number => results.reduce<number>((sum, n) => sum + (typeof n === 'number' ? n : 0), 0);

/**
 * Embedded: timers for near jobs, the due-work sweep every 5 s, the relay every 200 ms. With a
 * `clock` given the scheduler reads it; one that moves only when its owner moves it ('when-told', a
 * test's ManualClock) sets no real timer for a job due later: it runs when `drainDue` finds it due.
 */
export function inProcessJobs(logger: Logger, clock?: Clock, moves: 'when-told' | 'by-itself' = 'when-told'): Jobs {
  const scheduler = clock ? new EmbeddedScheduler(logger, () => clock.now(), { injectedTime: moves === 'when-told' }) : new EmbeddedScheduler(logger, () => new Date());
  let loops: { readonly sweep: Loop; readonly relay: Loop } | undefined;
  let stopped = false;
  return {
    kind: 'in-process',
    scheduler,
    claim: async () => {},
    layoutAgrees: async () => {},
    async start(work) {
      scheduler.attach((job) => work.runJob(job));
      loops = { sweep: every(SWEEP_MS, () => work.runDueWork(), logger, 'due-work sweep'), relay: every(RELAY_MS, () => work.relayEvents(), logger, 'event relay') };
    },
    async drainDue() {
      const { sweep, relay } = loops ?? {};
      if (!sweep || !relay) return 0;
      return drainRounds(async () => {
        if (stopped) return { ran: 0, settled: true };
        // The sweep and the relay first, then the jobs: what they scheduled for now (a delivery the
        // relay made due at once, on a 0 ms timer) runs in this round, and the round ends only once
        // every job it started has ended.
        const swept = counted(await sweep.runNow());
        const relayed = counted(await relay.runNow());
        const ran = swept + relayed + (await scheduler.runDue());
        // A loop's own run that began meanwhile, or a job due now still to start: another round.
        return { ran, settled: !sweep.busy() && !relay.busy() && scheduler.idle() };
      });
    },
    async stop() {
      stopped = true;
      await Promise.all(Object.values(loops ?? {}).map((l) => l.stop()));
      await scheduler.stop();
    },
    depth: async () => scheduler.depth(),
    ping: async () => {},
  };
}
