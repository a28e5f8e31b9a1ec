import { FREE_PORTS, FUZZ_PARTNER, startKassaProcess } from '@kassa/devkit';
import { describeRepositoryContract } from '@kassa/domain/testing';
import { KassaClient } from '@kassa/merchant-client';
import { appendFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configSchema } from '../src/config.js';
import { FileJournal } from '../src/journal/file-journal.js';
import { startKassa } from '../src/server.js';
import { inMemoryStorage } from '../src/storage.js';

// The embedded mode's data folder (KASSA_DATA_DIR): the in-memory stores' rules unchanged, their
// data back after a restart, and after a kill.
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-data-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// The same rules with every change journaled.
describeRepositoryContract('in memory with a data folder', async () => inMemoryStorage(freshDir()), { describe, it, expect });

describe('the data folder', () => {
  it('gives every store its data back after a restart: records, keys, events, deliveries, the directory, the audit log, idempotency keys', async () => {
    const dir = freshDir();
    const first = inMemoryStorage(dir);
    await first.projects.createPartner({ login: 'shop', password: 'pw', testCallbackAllowed: false });
    await first.audit.record({ id: 'a1', at: '2026-11-24T10:00:00.000Z', actor: 'admin-token', from: '127.0.0.1', action: 'partner.created', target: 'partner:shop', changes: {} });
    const scope = { partner: 'shop', projectId: 1 };
    await first.idempotency.claim(scope, 'k', 'fp', 'owner', { now: '2026-11-24T10:00:00.000Z', leaseUntil: '2026-11-24T10:01:00.000Z', expiresAt: '2026-11-25T10:00:00.000Z' });
    await first.idempotency.complete(scope, 'k', 'owner', { status: 201, body: '{}' });
    await first.events.record({ id: 'e1', type: 'ContractAuthorized', occurredAt: '2026-11-24T10:00:00.000Z', projectId: 1, aggregate: { kind: 'contract', id: 'c1' } } as never);
    await first.close();

    const second = inMemoryStorage(dir);
    expect((await second.projects.findPartner('shop'))?.password).toBe('pw');
    expect((await second.audit.list(10)).map((e) => e.id)).toEqual(['a1']);
    expect(
      await second.idempotency.claim({ partner: 'shop', projectId: 1 }, 'k', 'fp', 'later', {
        now: '2026-11-24T10:00:01.000Z',
        leaseUntil: '2026-11-24T10:01:01.000Z',
        expiresAt: '2026-11-25T10:00:01.000Z',
      }),
    ).toEqual({
      kind: 'taken',
      record: { fingerprint: 'fp', answer: { status: 201, body: '{}' } },
    });
    expect((await second.events.list(1, {}, 10)).map((e) => e.id)).toEqual(['e1']);
    await second.close();
  });

  it('cuts away a last line a kill cut short, for good; refuses a damaged line anywhere else, naming the file; one process a folder', async () => {
    const dir = freshDir();
    const first = inMemoryStorage(dir);
    await first.projects.createPartner({ login: 'kept', password: 'pw', testCallbackAllowed: false });
    await first.close();
    const segment = readdirSync(dir).find((f) => f.startsWith('journal-')) ?? '';
    appendFileSync(join(dir, segment), '["partners","cut","{\\"record');
    const second = inMemoryStorage(dir);
    expect(await second.projects.findPartner('kept')).toBeDefined();
    expect(await second.projects.findPartner('cut')).toBeUndefined();
    await second.projects.createPartner({ login: 'after', password: 'pw', testCallbackAllowed: false });
    await second.close();
    // A folder another running process holds is refused; one a killed process left is taken over.
    writeFileSync(join(dir, 'kassa.lock'), String(process.ppid));
    expect(() => FileJournal.open(dir)).toThrow(/is in use by process/);
    writeFileSync(join(dir, 'kassa.lock'), '2147483646');
    // Later starts find everything: the cut line is gone from the file, not merely skipped.
    const third = inMemoryStorage(dir);
    expect([await third.projects.findPartner('kept'), await third.projects.findPartner('after')].every(Boolean)).toBe(true);
    await third.close();
    // A damaged line that is not the last is refused rather than guessed at.
    appendFileSync(join(dir, segment), 'garbage\n["partners","x",null]\n');
    expect(() => inMemoryStorage(dir)).toThrow(/KASSA_DATA_DIR: .*journal-\d+\.jsonl line \d+ is not a journal entry/);
  });

  it('compacts into a snapshot as segments grow, and reads the same state back from it', async () => {
    const dir = freshDir();
    const journal = FileJournal.open(dir, 2_000);
    const written = new Map<string, number>();
    journal.register('things', () => written.entries() as Iterable<[string, unknown]>);
    for (let i = 0; i < 500; i++) {
      written.set(`k${i % 50}`, i);
      journal.write('things', `k${i % 50}`, i);
    }
    written.delete('k0');
    journal.write('things', 'k0', undefined);
    await journal.close();
    const files = readdirSync(dir);
    expect(files.some((f) => f.startsWith('snapshot-'))).toBe(true);
    // Old segments go once a snapshot covers them.
    expect(files.filter((f) => f.startsWith('journal-')).length).toBeLessThanOrEqual(3);
    const reopened = FileJournal.open(dir);
    expect(new Map(reopened.restored('things'))).toEqual(new Map([...written].map(([k, v]) => [k, v])));
    await reopened.close();
  });
});

describe('the demo partner with a data folder', () => {
  it('keeps its password and project across restarts (without a folder it is new at every start)', async () => {
    const dir = freshDir();
    const config = configSchema.parse({
      ...FREE_PORTS,
      KASSA_LOG_LEVEL: 'silent',
      KASSA_DATA_DIR: dir,
    });
    const first = await startKassa(config);
    const password = first.directory.partners[0]?.password;
    await first.stop();
    const second = await startKassa(config);
    try {
      expect(second.directory.partners[0]?.password).toBe(password);
      expect(second.directory.projects[0]?.subscriptionSecret).toBe(first.directory.projects[0]?.subscriptionSecret);
    } finally {
      await second.stop();
    }
    // Kassas of its own started and stopped: more than the default 5 s on a loaded machine.
  }, 20_000);
});

describe('the data folder under a kill', () => {
  it('SIGKILL in the middle of a load: every invoice whose creation was answered is there after the restart', async () => {
    const dir = freshDir();
    const env = { KASSA_DATA_DIR: dir };
    const first = await startKassaProcess(env);
    const client = (url: string) => new KassaClient({ baseUrl: url, login: FUZZ_PARTNER.login, password: FUZZ_PARTNER.password, retries: 0 });
    const api = client(first.urls.api);
    const answered: string[] = [];
    let n = 0;
    let killed = false;
    const load = async () => {
      while (!killed) {
        n += 1;
        const r = await api
          .createInvoice(1, { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: `7912${String(n).padStart(7, '0')}` }, order: { merchant_order_id: `kill-${n}` } })
          .catch(() => undefined);
        if (r?.ok) answered.push(r.data.invoice_id);
      }
    };
    const loaders = Array.from({ length: 8 }, load);
    // Killed once a good number of creations were answered (at most 15 s on a loaded machine).
    const until = Date.now() + 15_000;
    while (answered.length < 30 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    await first.kill();
    killed = true;
    await Promise.all(loaders);
    expect(answered.length).toBeGreaterThanOrEqual(30);

    const second = await startKassaProcess(env);
    try {
      const again = client(second.urls.api);
      const missing: string[] = [];
      for (const id of answered) if (!(await again.getInvoice(1, id)).ok) missing.push(id);
      expect({ answered: answered.length, missing }).toEqual({ answered: answered.length, missing: [] });
    } finally {
      await second.stop();
    }
  }, 60_000);
});
