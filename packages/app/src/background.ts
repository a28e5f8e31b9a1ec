import type { Logger } from 'pino';

/**
 * Runs `work` every `everyMs`, never two at once (a run that outlasts the period makes the next one
 * wait), logging failures; `stop` ends the loop and waits for the run in flight.
 */
export function every(everyMs: number, work: () => Promise<unknown>, logger: Logger, what: string): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = work()
      .then(
        () => undefined,
        (err: unknown) => logger.error({ err }, `${what} failed`),
      )
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
