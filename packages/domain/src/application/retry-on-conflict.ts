/** A use-case step that lost an optimistic-concurrency race and must run again on fresh state. */
export const RETRY = Symbol('retry');

const MAX_RACE_RETRIES = 20;

/** Re-runs `step` while it answers RETRY; a bounded number of times, then it throws. */
export async function retryOnConflict<T>(step: () => Promise<T | typeof RETRY>): Promise<T> {
  for (let attempt = 0; attempt < MAX_RACE_RETRIES; attempt++) {
    const result = await step();
    if (result !== RETRY) return result;
  }
  throw new Error(`gave up after ${MAX_RACE_RETRIES} concurrent-update conflicts`);
}
