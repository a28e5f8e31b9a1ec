import type { KassaPorts } from '../../ports/kassa-ports.js';
import { TEST_CLOCK_LIMITS } from '../../shared/test-clock-limits.js';
import { advanceHeld, type TestClock } from '../test-clock.js';

/** Clocks read a page at a time across every project. */
const PAGE = 100;

type RetentionPorts = Pick<KassaPorts, 'testClocks' | 'retention' | 'settings'>;

/**
 * Removes the test clocks created more than TEST_CLOCK_LIMITS.retentionDays ago (real time), each
 * with everything attached to it: a clock's records live in its time, not real time, so the age-based
 * retention never reaches them (a clock at 2100 keeps its records forever otherwise). Then, per
 * project, while its clocks keep more than `settings.testClockRetentionBytes` as stored, its oldest
 * clocks go too, however young: advance after advance could otherwise fill the memory or the data
 * folder before the days run out. A clock whose advance is under way, its runner's lease still
 * running, is left for the next pass. Answers how many clocks went.
 */
export async function removeExpiredTestClocks(ports: Pick<KassaPorts, 'testClocks' | 'retention' | 'settings'>, now: Date): Promise<number> {
  const at = now.toISOString();
  const before = new Date(now.getTime() - TEST_CLOCK_LIMITS.retentionDays * 86_400_000).toISOString();
  let removed = 0;
  const kept = new Map<number, TestClock[]>();
  let after: string | undefined;
  for (;;) {
    const clocks = await ports.testClocks.page(after, PAGE);
    for (const clock of clocks) {
      if (clock.createdAt < before && !advanceHeld(clock, at)) removed += await remove(ports, clock);
      else kept.set(clock.projectId, [...(kept.get(clock.projectId) ?? []), clock]);
    }
    if (clocks.length < PAGE) break;
    after = clocks.at(-1)?.id;
  }
  for (const clocks of kept.values()) removed += await trimToBytes(ports, clocks, at);
  return removed;
}

/** Removes a project's oldest clocks (not running) while its clocks keep more than the bytes allowed. */
async function trimToBytes(ports: RetentionPorts, clocks: readonly TestClock[], now: string): Promise<number> {
  const sized: { readonly clock: TestClock; readonly bytes: number }[] = [];
  for (const clock of clocks) sized.push({ clock, bytes: await ports.retention.testClockBytes(clock.projectId, clock.id) });
  let total = sized.reduce((n, s) => n + s.bytes, 0);
  let removed = 0;
  const oldestFirst = sized.sort((a, b) => (a.clock.createdAt === b.clock.createdAt ? (a.clock.id < b.clock.id ? -1 : 1) : a.clock.createdAt < b.clock.createdAt ? -1 : 1));
  for (const { clock, bytes } of oldestFirst) {
    if (total <= ports.settings.testClockRetentionBytes) break;
    if (advanceHeld(clock, now)) continue;
    removed += await remove(ports, clock);
    total -= bytes;
  }
  return removed;
}

/** Erases what lives on the clock, then the clock; answers 1 when the clock was there. */
async function remove(ports: RetentionPorts, clock: TestClock): Promise<number> {
  await ports.retention.eraseTestClock(clock.projectId, clock.id);
  return (await ports.testClocks.remove(clock.projectId, clock.id)) ? 1 : 0;
}
