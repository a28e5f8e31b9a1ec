import { FREE_PORTS } from '@kassa-payments/devkit';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { inject, vi } from 'vitest';
import { SystemClock, type Clock } from '@kassa-payments/domain';
import { KassaClient, type KassaResponse } from '@kassa-payments/merchant-client';
import { configSchema } from '../src/config.js';
import type { ListenerTimeouts } from '../src/listeners.js';
import { startKassa, type HostName, type RunningKassa } from '../src/server.js';
import type { HostResolver } from '@kassa-payments/adapters-webhooks';
import { writeGeographyDatabase } from '@kassa-payments/adapters-geoip/testing';

export const MERCHANT = { login: 'merchant', password: 'merchant-secret-1' };
export const OTHER = { login: 'other', password: 'other-secret-2' };
export const FLAGGED = { login: 'flagged', password: 'flagged-secret-3' };

/** The example plugin modules of docs/operators/production.md (examples/*.mjs). */
export const EXAMPLES = fileURLToPath(new URL('../../../examples/', import.meta.url));
/** The tests' MaxMind DB (TEST_GEOGRAPHY: documentation ranges in Russia and Germany), written on the spot. */
export const GEOGRAPHY_DATABASE = writeGeographyDatabase();
/** Production mode with the example gateway, SMS sender and carrier lookup, and the tests' geography (production refuses the sandbox's). */
export const PRODUCTION = {
  KASSA_ENV: 'production',
  // The suites' production runs on memory deliberately, unless the project runs them on MongoDB (startTestKassa).
  KASSA_STORAGE: 'memory',
  KASSA_BILLING_GATEWAY: `${EXAMPLES}billing-gateway.mjs`,
  KASSA_SMS_SENDER: `${EXAMPLES}sms-sender.mjs`,
  KASSA_CARRIER_LOOKUP: `${EXAMPLES}carrier-lookup.mjs`,
  KASSA_GEOIP_DATABASE: GEOGRAPHY_DATABASE,
  KASSA_TOKEN_SECRET: 'e2e-production-token-secret-0123456789abcdef',
  KASSA_PIN_KEY: 'e2e-production-pin-key-0123456789abcdef',
  // The base64 of 32 bytes: the key that seals secrets at rest.
  KASSA_SECRETS_KEY: Buffer.from('e2e-production-secrets-key-32-b!').toString('base64'),
};

/** Project ids of the test seed. */
export const P = { main: 1, noIp: 2, inactive: 3, whitelisted: 4, other: 5, flagged: 6, noPrice: 7 } as const;

const project = (id: number, extra: Record<string, unknown> = {}) => ({ id, defaultPrice: { amount: '10.00', currency: 'RUB' }, ...extra });
export const SEED = {
  partners: [
    {
      login: MERCHANT.login,
      password: MERCHANT.password,
      projects: [
        project(P.main),
        project(P.noIp, { clientIpRequired: false, ipWhitelist: ['127.0.0.1'] }),
        project(P.inactive, { active: false }),
        project(P.whitelisted, { ipWhitelist: ['10.9.9.9'] }),
        project(P.noPrice, { defaultPrice: null }),
      ],
    },
    { login: OTHER.login, password: OTHER.password, projects: [project(P.other)] },
    { login: FLAGGED.login, password: FLAGGED.password, testCallbackAllowed: true, projects: [project(P.flagged)] },
  ],
};

export interface TestKassa {
  readonly kassa: RunningKassa;
  /** Every log line written during the run. */
  readonly logs: string[];
  /** The time Kassa reads: the clock the test gave (a ManualClock it moves), else the system's. */
  readonly clock: Clock;
  /** Runs the work due at the clock's now (jobs, the due-work sweep, the event relay) until none is left: how many things ran. */
  drainDueWork(): Promise<number>;
  /** A merchant client; it signs with the clock's time when the test gave one (or with `now`). */
  client(options?: { host?: HostName; login?: string; password?: string; version?: 3 | 4 | 5; now?: () => Date }): KassaClient;
  stop(): Promise<void>;
}

/**
 * The storage the end-to-end suites run on: in memory, or (the `e2e-mongo` vitest project) a fresh
 * database on the test run's MongoDB-compatible server.
 */
export const storageEnv = (): Record<string, string> => ({
  ...(process.env['KASSA_E2E_STORAGE'] === 'mongo' ? { MONGO_URL: inject('mongoUrl'), MONGO_DB: `kassa_e2e_${randomUUID().slice(0, 8)}` } : {}),
  // The e2e-redis project: jobs on BullMQ, each app on its own queue prefix.
  ...(process.env['KASSA_E2E_REDIS'] === '1' ? { REDIS_URL: inject('redisUrl'), KASSA_REDIS_PREFIX: `e2e-${randomUUID().slice(0, 8)}` } : {}),
});

/** Leaves no test database behind on a server the user gave (MONGO_URL). */
async function dropDatabase(url: string | undefined, name: string): Promise<void> {
  if (!url) return;
  const client = new MongoClient(url);
  try {
    await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
}

/** The assembled app on free ports, with the test seed and its logs captured. */
export async function startTestKassa(
  env: Record<string, string> = {},
  options: { timeouts?: ListenerTimeouts; firstByteMs?: number; seed?: unknown; resolve?: HostResolver; clock?: Clock; clockMoves?: 'when-told' | 'by-itself' } = {},
): Promise<TestKassa> {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-e2e-'));
  const seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(options.seed ?? SEED));
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  const wanted: Record<string, string | undefined> = { ...storageEnv(), ...env };
  // Production on the e2e-mongo project: MONGO_URL, not the fixture's deliberate memory.
  if (wanted['MONGO_URL']) delete wanted['KASSA_STORAGE'];
  const config = configSchema.parse({
    ...FREE_PORTS,
    // Memory only: each suite's Kassa starts empty (the data folder has tests of its own).
    KASSA_DATA_DIR: '',
    KASSA_SEED_FILE: seedFile,
    KASSA_LOG_LEVEL: 'info',
    // The suites' receivers listen on 127.0.0.1: local development's setting (the SSRF tests turn it off).
    KASSA_CALLBACK_PRIVATE_NETWORKS: 'allow',
    ...wanted,
  });
  let kassa: RunningKassa;
  try {
    kassa = await startKassa(config, {
      logDestination: destination,
      ...(options.timeouts ? { timeouts: options.timeouts } : {}),
      ...(options.firstByteMs ? { firstByteMs: options.firstByteMs } : {}),
      ...(options.resolve ? { resolve: options.resolve } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.clockMoves ? { clockMoves: options.clockMoves } : {}),
    });
  } finally {
    // The seed is read once, at start: its folder goes now, whether the start worked or not, so
    // that no kassa-e2e-* folder stays behind (some tests stop only `t.kassa`, keeping the database).
    rmSync(dir, { recursive: true, force: true });
  }
  const { clock } = options;
  const now = clock ? () => clock.now() : undefined;
  return {
    kassa,
    logs,
    clock: clock ?? new SystemClock(),
    drainDueWork: () => kassa.drainDueWork(),
    client: (o = {}) =>
      new KassaClient({
        baseUrl: kassa.urls[o.host ?? 'api'],
        login: o.login ?? MERCHANT.login,
        password: o.password ?? MERCHANT.password,
        signatureVersion: o.version ?? 4,
        // The suites see every answer as it is: no retry hides a 5xx (the client's retries have tests of their own).
        retries: 0,
        ...((o.now ?? now) ? { now: o.now ?? now } : {}),
      }),
    stop: async () => {
      await kassa.stop();
      await dropDatabase(config.MONGO_URL, config.MONGO_DB);
    },
  };
}

/**
 * Retries `read` until `done` holds, for at most `ms`, and returns the last value read (the caller's
 * assertions say what was wrong). For asynchronous work that is not time (a job or a delivery under
 * way); work that waits for time is made due by moving the test's clock and `drainDueWork()`.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 3000): Promise<T> {
  let last: { value: T } | undefined;
  try {
    return await vi.waitFor(
      async () => {
        const value = await read();
        last = { value };
        if (!done(value)) throw new Error('not yet');
        return value;
      },
      { timeout: ms, interval: 20 },
    );
  } catch (e) {
    if (last === undefined) throw e;
    return last.value;
  }
}

let counter = 0;
/** A fresh msisdn and order id for each call, so tests do not meet the one-active-invoice rule by accident. */
export const fresh = () => {
  counter += 1;
  return { msisdn: `79${String(counter).padStart(9, '0')}`, orderId: `order-${counter}`, mcid: `mc-${counter}` };
};

export const dataOf = <T>(r: KassaResponse<T>): T => {
  if (!r.ok) throw new Error(`expected success, got ${r.status} ${JSON.stringify(r.error)}`);
  return r.data;
};
