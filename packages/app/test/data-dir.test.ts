import { execFile } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FREE_PORTS, FUZZ_PARTNER, startKassaProcess } from '@kassa-payments/devkit';
import { describeRepositoryContract } from '@kassa-payments/domain/testing';
import { describeAdministrationContract, describeDashboardSessionsContract, describeIdempotencyContract } from '@kassa-payments/operations/testing';
import { KassaClient } from '@kassa-payments/merchant-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
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

/** The check of a collection whose values may be anything (the journal's own tests). */
const anything = () => undefined;

// The same rules with every change journaled.
describeRepositoryContract('in memory with a data folder', async () => inMemoryStorage(freshDir()), { describe, it, expect });
describeAdministrationContract('in memory with a data folder', async () => inMemoryStorage(freshDir()), { describe, it, expect });
describeIdempotencyContract('in memory with a data folder', async () => inMemoryStorage(freshDir()), { describe, it, expect });
describeDashboardSessionsContract('in memory with a data folder', async () => inMemoryStorage(freshDir()), { describe, it, expect });

describe('what the stores write', () => {
  it("is read back at the next start: every folder the contract suites above wrote passes the stores' checks", async () => {
    expect(dirs.length).toBeGreaterThan(30);
    for (const dir of [...dirs]) await inMemoryStorage(dir).close();
  });
});

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
    expect(() => inMemoryStorage(dir)).toThrow(/KASSA_DATA_DIR: .*journal-\d+\.jsonl line \d+: not a journal entry/);
  });

  it('commits the changes of one turn of the event loop as one group: written together when the turn ends, `committed` resolving then', async () => {
    const dir = freshDir();
    const journal = FileJournal.open(dir);
    const segments = () =>
      readdirSync(dir)
        .filter((f) => f.startsWith('journal-'))
        .map((f) => readFileSync(join(dir, f), 'utf8'))
        .join('');
    expect(journal.committed()).toBeUndefined();
    const before = segments();
    journal.write('invoices', 'a', { n: 1 });
    journal.write('invoices', 'b', { n: 2 });
    const commit = journal.committed();
    // Nothing is on the OS yet: the group gathers this turn's changes, and the answers wait for it.
    expect(segments()).toBe(before);
    await commit;
    expect(segments().split('\n').filter(Boolean).slice(-2)).toEqual(['["invoices","a",{"n":1}]', '["invoices","b",{"n":2}]']);
    expect(journal.committed()).toBeUndefined();
    // A change in the next turn is a group of its own; closing writes what is gathered.
    journal.write('invoices', 'c', { n: 3 });
    await journal.close();
    expect(segments().split('\n').filter(Boolean).at(-1)).toBe('["invoices","c",{"n":3}]');
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
    expect(new Map(reopened.restored('things', anything))).toEqual(new Map([...written].map(([k, v]) => [k, v])));
    await reopened.close();
  });
});

/** A folder of three segments (journal-1 to 3, one start each), `k1` to `k3` in collection `things`. */
async function threeSegments(): Promise<string> {
  const dir = freshDir();
  for (let n = 1; n <= 3; n++) {
    const journal = FileJournal.open(dir);
    journal.write('things', `k${n}`, n);
    await journal.close();
  }
  return dir;
}

/** A folder compacted into a snapshot (500 changes of 50 keys), then one more start with `after`: the snapshot's number. */
async function compacted(): Promise<{ dir: string; snapshot: number }> {
  const dir = freshDir();
  const journal = FileJournal.open(dir, 2_000);
  const state = new Map<string, number>();
  journal.register('things', () => state.entries());
  for (let i = 0; i < 500; i++) {
    state.set(`k${i % 50}`, i);
    journal.write('things', `k${i % 50}`, i);
  }
  await journal.close();
  const later = FileJournal.open(dir);
  later.write('things', 'after', 1);
  await later.close();
  const snapshot = Math.max(...readdirSync(dir).flatMap((f) => (/^snapshot-(\d+)\.jsonl$/.exec(f) ? [Number(f.slice(9, 17))] : [])));
  return { dir, snapshot };
}

const file = (kind: 'journal' | 'snapshot', n: number) => `${kind}-${String(n).padStart(8, '0')}.jsonl`;
const lineCount = (path: string) => readFileSync(path, 'utf8').split('\n').length - 1;
/** The folder's state as a start reads it (collection `things`). */
const things = (dir: string) => {
  const journal = FileJournal.open(dir);
  const state = new Map(journal.restored('things', anything));
  return { state, close: () => journal.close() };
};

describe('a damaged data folder', () => {
  // Damage a kill cannot cause: the start refuses, naming the file (and the line), rather than start without the data.
  const damage: { kind: string; make(): Promise<{ dir: string; file: string; line?: number }>; opens: 'journal' | 'storage' }[] = [
    {
      kind: 'a missing middle segment',
      opens: 'journal',
      async make() {
        const dir = await threeSegments();
        rmSync(join(dir, file('journal', 2)));
        return { dir, file: file('journal', 2) };
      },
    },
    {
      kind: 'a missing first segment (no snapshot)',
      opens: 'journal',
      async make() {
        const dir = await threeSegments();
        rmSync(join(dir, file('journal', 1)));
        return { dir, file: file('journal', 1) };
      },
    },
    {
      kind: 'a missing first segment after a snapshot',
      opens: 'journal',
      async make() {
        const { dir, snapshot } = await compacted();
        rmSync(join(dir, file('journal', snapshot)));
        return { dir, file: file('journal', snapshot) };
      },
    },
    {
      kind: 'an empty newest snapshot',
      opens: 'journal',
      async make() {
        const dir = await threeSegments();
        writeFileSync(join(dir, file('snapshot', 3)), '');
        return { dir, file: file('snapshot', 3), line: 1 };
      },
    },
    {
      kind: 'a snapshot that lost its last line (cut at a line end)',
      opens: 'journal',
      async make() {
        const { dir, snapshot } = await compacted();
        const path = join(dir, file('snapshot', snapshot));
        const lines = readFileSync(path, 'utf8').split('\n').slice(0, -2);
        writeFileSync(path, `${lines.join('\n')}\n`);
        return { dir, file: file('snapshot', snapshot), line: lines.length + 1 };
      },
    },
    {
      kind: 'a snapshot whose last line is cut in the middle',
      opens: 'journal',
      async make() {
        const { dir, snapshot } = await compacted();
        const path = join(dir, file('snapshot', snapshot));
        const text = readFileSync(path, 'utf8');
        writeFileSync(path, text.slice(0, -5));
        return { dir, file: file('snapshot', snapshot), line: lineCount(path) + 1 };
      },
    },
    {
      kind: 'a line that is JSON but not an entry',
      opens: 'journal',
      async make() {
        const dir = await threeSegments();
        appendFileSync(join(dir, file('journal', 2)), '{"collection":"things"}\n');
        return { dir, file: file('journal', 2), line: 2 };
      },
    },
    {
      kind: 'an entry without its value',
      opens: 'journal',
      async make() {
        const dir = await threeSegments();
        appendFileSync(join(dir, file('journal', 1)), '["things","k9"]\n');
        return { dir, file: file('journal', 1), line: 2 };
      },
    },
    {
      kind: 'a segment cut short with segments after it',
      opens: 'journal',
      async make() {
        const dir = await threeSegments();
        appendFileSync(join(dir, file('journal', 2)), '["things","k9",');
        return { dir, file: file('journal', 2), line: 2 };
      },
    },
    {
      kind: 'a document a store cannot read',
      opens: 'storage',
      async make() {
        const dir = freshDir();
        const storage = inMemoryStorage(dir);
        await storage.projects.createPartner({ login: 'shop', password: 'pw', testCallbackAllowed: false });
        await storage.close();
        const path = join(dir, file('journal', 1));
        appendFileSync(path, '["invoices","i-1",{}]\n');
        return { dir, file: file('journal', 1), line: lineCount(path) };
      },
    },
    {
      kind: 'an event that is not an object',
      opens: 'storage',
      async make() {
        const dir = freshDir();
        const storage = inMemoryStorage(dir);
        await storage.projects.createPartner({ login: 'shop', password: 'pw', testCallbackAllowed: false });
        await storage.close();
        const path = join(dir, file('journal', 1));
        appendFileSync(path, '["events","e-1","text"]\n["audit-log","a-1",null]\n');
        return { dir, file: file('journal', 1), line: lineCount(path) - 1 };
      },
    },
  ];

  it.each(damage)('$kind: the start is refused, naming the file and line, and the folder is left as it was', async ({ make, opens }) => {
    const { dir, file: damaged, line } = await make();
    const before = readdirSync(dir).sort();
    const open = () => (opens === 'journal' ? FileJournal.open(dir) : inMemoryStorage(dir));
    expect(open).toThrow(new RegExp(`^KASSA_DATA_DIR: ${dir.replaceAll('/', '\\/')}\\/${damaged.replace('.', '\\.')}${line === undefined ? '' : ` line ${line}`}: `));
    expect(readdirSync(dir).sort()).toEqual(before);
  });

  it('a refused start ends the process with the message (exit code not 0)', async () => {
    const dir = await threeSegments();
    rmSync(join(dir, file('journal', 2)));
    const run = promisify(execFile)(process.execPath, ['packages/app/dist/main.js'], { env: { ...process.env, ...FREE_PORTS, KASSA_LOG_LEVEL: 'silent', KASSA_DATA_DIR: dir }, timeout: 20_000 });
    const failed = (await run.then(
      () => undefined,
      (e: unknown) => e,
    )) as { code?: number; stderr?: string } | undefined;
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(`kassa: KASSA_DATA_DIR: ${dir}/${file('journal', 2)}: missing`);
  }, 30_000);

  // What a kill (or a killed compaction) can leave: the start goes on with every answered change.
  it('the journal cut at its end by a kill, with an empty segment after it (a start killed before it wrote): the cut line goes, the rest is read', async () => {
    const dir = await threeSegments();
    appendFileSync(join(dir, file('journal', 3)), '["things","cut",{"half');
    writeFileSync(join(dir, file('journal', 4)), '');
    const { state, close } = things(dir);
    expect(state).toEqual(
      new Map([
        ['k1', 1],
        ['k2', 2],
        ['k3', 3],
      ]),
    );
    await close();
    expect(readFileSync(join(dir, file('journal', 3)), 'utf8')).not.toContain('cut');
  });

  it('a snapshot left half-written (.tmp) by a killed compaction is removed; the segments it would have replaced are read', async () => {
    const dir = await threeSegments();
    writeFileSync(join(dir, `${file('snapshot', 4)}.tmp`), '["things","k1",1]\n["thi');
    const { state, close } = things(dir);
    expect(state).toEqual(
      new Map([
        ['k1', 1],
        ['k2', 2],
        ['k3', 3],
      ]),
    );
    await close();
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a compaction killed after its rename, before the older files went: the snapshot and the segments after it are read', async () => {
    const dir = await threeSegments();
    const old = readdirSync(dir).filter((f) => f.startsWith('journal-'));
    const saved = old.map((f) => [f, readFileSync(join(dir, f))] as const);
    const journal = FileJournal.open(dir);
    const state = new Map(journal.restored('things', anything));
    journal.register('things', () => state.entries());
    await journal.compact();
    journal.write('things', 'k4', 4);
    state.set('k4', 4);
    await journal.close();
    for (const [f, bytes] of saved) if (!existsSync(join(dir, f))) writeFileSync(join(dir, f), bytes);
    const reopened = things(dir);
    expect(reopened.state).toEqual(
      new Map([
        ['k1', 1],
        ['k2', 2],
        ['k3', 3],
        ['k4', 4],
      ]),
    );
    await reopened.close();
  });

  it("a snapshot written before snapshots had their first line (an older Kassa's) is still read", async () => {
    const dir = freshDir();
    writeFileSync(join(dir, file('snapshot', 2)), '["things","k1",1]\n["things","k2",2]\n');
    writeFileSync(join(dir, file('journal', 2)), '["things","k3",3]\n');
    const { state, close } = things(dir);
    expect(state).toEqual(
      new Map([
        ['k1', 1],
        ['k2', 2],
        ['k3', 3],
      ]),
    );
    await close();
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
    // Killed once a good number of creations were answered (at most 15 s on a loaded machine; fewer fail below).
    await vi.waitUntil(() => answered.length >= 30, { timeout: 15_000, interval: 20 }).catch(() => undefined);
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
