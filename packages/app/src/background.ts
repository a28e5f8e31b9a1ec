import type { Logger } from 'pino';

/** A background loop: `runNow` runs its work once more at once (after the run in flight), `stop` ends it. */
export interface Loop {
  /**
   * Runs the work now, never beside a run of the loop's own: it waits for the one in flight, then
   * runs. What each returned, the one waited for first (its error, already logged, as undefined);
   * its own run's error thrown.
   */
  runNow(): Promise<unknown[]>;
  /** Whether a run is in flight. */
  busy(): boolean;
  /** Ends the loop and waits for the run in flight. */
  stop(): Promise<void>;
}

/**
 * Runs `work` every `everyMs`, never two at once (a run that outlasts the period makes the next one
 * wait), logging failures; `stop` ends the loop and waits for the run in flight.
 */
export function every(everyMs: number, work: () => Promise<unknown>, logger: Logger, what: string): Loop {
  /** The run in flight, as its result (a failure as undefined: the loop logs it). */
  let running: Promise<unknown> | undefined;
  const start = (): Promise<unknown> => {
    const run = work();
    const slot: Promise<unknown> = run
      .then(
        (result) => result,
        () => undefined,
      )
      .finally(() => {
        if (running === slot) running = undefined;
      });
    running = slot;
    return run;
  };
  const timer = setInterval(() => {
    if (running) return;
    start().catch((err: unknown) => logger.error({ err }, `${what} failed`));
  }, everyMs);
  timer.unref();
  return {
    async runNow() {
      // A run of the loop's own that was in flight counts too: what it did is work a drain must see.
      const results: unknown[] = [];
      while (running) results.push(await running);
      results.push(await start());
      return results;
    },
    busy: () => running !== undefined,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
