import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TEST_CLOCK_RETENTION_MB, openDelivery } from '@kassa-payments/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { configSchema } from '../src/config.js';
import { FileJournal } from '../src/journal/file-journal.js';
import { settingsOf } from '../src/settings.js';
import { inMemoryStorage } from '../src/storage.js';

// What test clocks keep (issue 43, item 5): the bytes a project's clocks may keep are the operator's
// (KASSA_TEST_CLOCK_RETENTION_MB), and a clock's deletion gives its disk back with its memory: the
// data folder is compacted once what the stores let go of is a quarter of it, not after 64 MB more of traffic.
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const folderBytes = (dir: string) => readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);

describe('KASSA_TEST_CLOCK_RETENTION_MB', () => {
  it(`is ${DEFAULT_TEST_CLOCK_RETENTION_MB} MB unless set; a whole number of MB from 1 to 100,000`, () => {
    expect(settingsOf(configSchema.parse({})).callers.testClockRetentionMb).toBe(DEFAULT_TEST_CLOCK_RETENTION_MB);
    expect(settingsOf(configSchema.parse({ KASSA_TEST_CLOCK_RETENTION_MB: '64' })).callers.testClockRetentionMb).toBe(64);
    for (const bad of ['0', '1.5', '100001', 'lots']) expect(configSchema.safeParse({ KASSA_TEST_CLOCK_RETENTION_MB: bad }).success).toBe(false);
  });
});

describe("a test clock's erasure with a data folder", () => {
  it('compacts the folder: the records of the clock leave the disk, the others stay and are read back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kassa-data-clock-'));
    dirs.push(dir);
    const storage = inMemoryStorage(dir);
    const notification = (size: number) => ({ channel: 'webhook', url: 'http://127.0.0.1:9/x', contentType: 'application/json', body: 'x'.repeat(size) });
    for (let i = 0; i < 200; i += 1) {
      await storage.deliveries.create(
        openDelivery({ eventId: `on-${i}`, eventType: 'ContractClosed', projectId: 1, notification: notification(5_000), now: '2100-01-01T00:00:00.000Z', testClockId: 'clock' }),
      );
    }
    await storage.deliveries.create(openDelivery({ eventId: 'off', eventType: 'ContractClosed', projectId: 1, notification: notification(10), now: '2026-11-24T10:00:00.000Z' }));
    expect(folderBytes(dir)).toBeGreaterThan(1_000_000);
    expect((await storage.retention.eraseTestClock(1, 'clock')).deliveries).toBe(200);
    // close() waits for the compaction the erasure started.
    await storage.close();
    expect(folderBytes(dir)).toBeLessThan(20_000);
    const again = inMemoryStorage(dir);
    expect((await again.deliveries.list(1, {}, 10)).map((d) => d.eventId)).toEqual(['off']);
    await again.close();
  });

  it('leaves the folder alone when the clock held little of it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kassa-data-clock-'));
    dirs.push(dir);
    const storage = inMemoryStorage(dir);
    const notification = { channel: 'webhook', url: 'http://127.0.0.1:9/x', contentType: 'application/json', body: 'x'.repeat(5_000) };
    for (let i = 0; i < 100; i += 1) await storage.deliveries.create(openDelivery({ eventId: `off-${i}`, eventType: 'ContractClosed', projectId: 1, notification, now: '2026-11-24T10:00:00.000Z' }));
    await storage.deliveries.create(openDelivery({ eventId: 'on', eventType: 'ContractClosed', projectId: 1, notification, now: '2100-01-01T00:00:00.000Z', testClockId: 'clock' }));
    await storage.retention.eraseTestClock(1, 'clock');
    await storage.close();
    // Still the one journal segment it started with: no snapshot was written.
    expect(readdirSync(dir).filter((f) => f.startsWith('snapshot-'))).toEqual([]);
  });

  it('compacts once more when an erasure let go of much during a compaction (which may or may not have seen it)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kassa-data-clock-'));
    dirs.push(dir);
    const journal = FileJournal.open(dir, 500_000);
    const kept = new Map<string, string>();
    journal.register('things', () => kept.entries());
    // Past 500 kB the journal starts a compaction of its own, in the background.
    for (let i = 0; i < 100; i += 1) {
      kept.set(`k${i}`, 'x'.repeat(10_000));
      journal.write('things', `k${i}`, kept.get(`k${i}`));
    }
    journal.released(10_000_000);
    // close() waits for both: the folder's newest snapshot is the second's.
    await journal.close();
    const snapshots = readdirSync(dir).flatMap((f) => /^snapshot-0*(\d+)\.jsonl$/.exec(f)?.[1] ?? []);
    expect(snapshots).toEqual(['3']);
  });
});
