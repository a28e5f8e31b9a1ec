import type { KassaPorts } from '../../ports/kassa-ports.js';
import { TEST_CLOCK_LIMITS } from '../../shared/test-clock-limits.js';

/** Clocks read a page at a time across every project. */
const PAGE = 100;

/**
 * Removes the test clocks created more than TEST_CLOCK_LIMITS.retentionDays ago (real time), each
 * with everything attached to it: a clock's records live in its time, not real time, so the age-based
 * retention never reaches them (a clock at 2100 keeps its records forever otherwise). A clock whose
 * advance is under way, its runner's lease still running, is left for the next pass. Answers how many
 * clocks went.
 */
export async function removeExpiredTestClocks(ports: Pick<KassaPorts, 'testClocks' | 'retention' | 'clock'>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - TEST_CLOCK_LIMITS.retentionDays * 86_400_000).toISOString();
  let removed = 0;
  let after: string | undefined;
  for (;;) {
    const clocks = await ports.testClocks.page(after, PAGE);
    for (const clock of clocks) {
      const running = clock.status === 'advancing' && clock.leaseUntil !== null && clock.leaseUntil > now.toISOString();
      if (clock.createdAt >= before || running) continue;
      await ports.retention.eraseTestClock(clock.projectId, clock.id);
      if (await ports.testClocks.remove(clock.projectId, clock.id)) removed += 1;
    }
    if (clocks.length < PAGE) return removed;
    after = clocks.at(-1)?.id;
  }
}
