import type { Logger } from 'pino';

/** A background loop: `runNow` runs its work once more at once (after the run in flight), `stop` ends it. */
export interface Loop {
  /** Runs the work now, never beside a run of the loop's own (it waits for the one in flight); what the work returned, or its error thrown. */
  runNow(): Promise<unknown>;
  /** Ends the loop and waits for the run in flight. */
  stop(): Promise<void>;
}

/**
 * Runs `work` every `everyMs`, never two at once (a run that outlasts the period makes the next one
 * wait), logging failures; `stop` ends the loop and waits for the run in flight.
 */
export function every(everyMs: number, work: () => Promise<unknown>, logger: Logger, what: string): Loop {
  let running: Promise<unknown> | undefined;
  /** Starts a run (none is in flight): its own promise, and the slot taken until it ends. */
  const start = (): Promise<unknown> => {
    const run = work();
    const slot: Promise<void> = run
      .then(
        () => undefined,
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
      while (running) await running;
      return start();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
