import { vi } from 'vitest';

const DEBUG = Boolean(process.env['KASSA_WORKERS_TEST_DEBUG']);

/**
 * Waits until `done` holds, looking every `intervalMs` (vitest's waitUntil); past `ms` it fails saying
 * `what` and, if given, `detail()` (the progress, what the processes logged). With
 * KASSA_WORKERS_TEST_DEBUG set it prints `what` and `detail()` every 5 s meanwhile. For the suites of
 * real processes that wait on their work: the load suites, the failovers.
 */
export async function until(done: () => boolean | Promise<boolean>, ms: number, what: string, detail?: () => unknown, intervalMs = 200): Promise<void> {
  /** What `detail` says, or why it could not (a dead Redis master's inspection throws). */
  const said = async () =>
    detail
      ? Promise.resolve()
          .then(detail)
          .catch((e: unknown) => `not read: ${String(e)}`)
      : undefined;
  let report = Date.now() + 5_000;
  const look = async () => {
    if (DEBUG && Date.now() > report) {
      report += 5_000;
      console.log(new Date().toISOString(), what, await said());
    }
    return done();
  };
  try {
    await vi.waitUntil(look, { timeout: ms, interval: intervalMs });
  } catch (e) {
    // waitUntil rejects at once when `done` throws (no retry): that error is the cause, not the time.
    const timedOut = /Timed out in waitUntil/.test(String(e));
    throw new Error(`${timedOut ? `not within ${ms} ms` : 'failed'}: ${what} (${JSON.stringify(await said())})`, { cause: e });
  }
}
