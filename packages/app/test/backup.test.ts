import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FUZZ_PARTNER, type KassaProcess, startKassaProcess } from '@kassa-payments/devkit';
import { KassaClient } from '@kassa-payments/merchant-client';
import { afterAll, describe, expect, it, vi } from 'vitest';

// `kassa backup` of a running Kassa's data folder under load, and `kassa restore` of it, as an
// operator runs them: every invoice acknowledged before the backup began is there after the restore.

const KASSA = fileURLToPath(new URL('../bin/kassa.js', import.meta.url));
const dirs: string[] = [];
const processes: KassaProcess[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-backup-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The `kassa` command with the data folder `dir`: its exit code and output. */
const kassa = async (dir: string, ...args: string[]) => {
  try {
    const { MONGO_URL: _mongo, ...env } = process.env;
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [KASSA, ...args], { env: { ...env, KASSA_DATA_DIR: dir } });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

describe('kassa backup and kassa restore', () => {
  it('a backup taken under load restores every invoice acknowledged before it began', async () => {
    const dir = freshDir();
    const running = await startKassaProcess({ KASSA_DATA_DIR: dir });
    processes.push(running);
    const client = new KassaClient({ baseUrl: running.urls.api, login: FUZZ_PARTNER.login, password: FUZZ_PARTNER.password });
    const acknowledged: string[] = [];
    let loading = true;
    let n = 0;
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (loading) {
          const i = n++;
          const r = await client.createInvoice(2, {
            customer: { type: 'mobile_phone', msisdn: `7904${String(i).padStart(7, '0')}` },
            order: { merchant_order_id: `b-${i}`, price: { amount: '5.00', currency: 'RUB' } },
          });
          if (!r.ok) throw new Error(`${r.status} ${r.error.code}`);
          acknowledged.push(r.data.invoice_id);
        }
      }),
    );
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(200), { timeout: 60_000, interval: 20 });
    const before = [...acknowledged];
    const backup = join(freshDir(), 'backup');
    const taken = await kassa(dir, 'backup', '--to', backup);
    const during = acknowledged.length - before.length;
    loading = false;
    await load;
    expect(taken).toMatchObject({ code: 0, stderr: '' });
    expect(taken.stdout).toMatch(new RegExp(`^backed up ${dir} to ${backup}: \\d+ files, \\d+ entries, storage schema 2, taken `));
    // The load went on while the backup was taken.
    expect(during).toBeGreaterThan(0);

    // Kassa running on the folder: the restore is refused.
    const refused = await kassa(dir, 'restore', '--from', backup);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/is in use by process \d+ \(the Kassa running on it: stop it \(SIGTERM\) first, then run this again\)/);
    expect(await running.stop()).toBe(0);
    processes.splice(0);

    const target = freshDir();
    const restored = await kassa(target, 'restore', '--from', backup);
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    const back = await startKassaProcess({ KASSA_DATA_DIR: target });
    processes.push(back);
    const after = new KassaClient({ baseUrl: back.urls.api, login: FUZZ_PARTNER.login, password: FUZZ_PARTNER.password });
    const missing: string[] = [];
    for (const id of before) if (!(await after.getInvoice(2, id)).ok) missing.push(id);
    expect(missing).toEqual([]);
  }, 120_000);
});
