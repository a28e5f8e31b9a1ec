import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { MongoClient } from 'mongodb';
import { connectMongoStorage } from '@kassa-payments/adapters-mongo';
import { inMemoryPorts, projectWithDefaults } from '@kassa-payments/adapters-memory';
import { kassaUseCases } from '@kassa-payments/domain';
import { startMongoServer, type MongoServer } from '../servers/mongo-server.js';
import { BENCH_PROJECT_ID, p1Requests, signV4Headers as sign, startBenchServer, stopBenchServer, verdict } from './bench-common.js';

/**
 * The MongoDB scenario of `npm run bench`: invoice creation through the API (Kassa on MongoDB
 * storage, signed v4 POST /invoices, 50 connections) against the raw driver's insertOne rate on the
 * same server (50 concurrent inserts of an invoice-sized document), alternated in one run.
 */
const CONCURRENCY = 50;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 8);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 2);

let sequence = 0;

async function kassaOn(url: string, database: string): Promise<{ api: string; child: ChildProcess }> {
  const started = await startBenchServer('./kassa-server.js', { MONGO_URL: url, MONGO_DB: database });
  if (started.storage !== 'mongodb') throw new Error(`kassa started on ${started.storage} storage, not mongodb`);
  return { api: started.url, child: started.child };
}

async function apiCreations(url: string): Promise<number> {
  const { api, child } = await kassaOn(url, `bench_${randomUUID().slice(0, 8)}`);
  try {
    const result = await autocannon({
      url: api,
      connections: CONCURRENCY,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: `/api/v3/projects/${BENCH_PROJECT_ID}/invoices`,
          setupRequest: (req) => {
            sequence += 1;
            const msisdn = `7${String(sequence).padStart(10, '0')}`;
            const order = `mongo-bench-${process.pid}-${sequence}`;
            const body = { client_ip: '203.0.113.10', customer: { type: 'mobile_phone', msisdn }, order: { merchant_order_id: order } };
            return { ...req, headers: sign(`${order + msisdn}203.0.113.10`), body: JSON.stringify(body) };
          },
        },
      ],
    });
    if (result.non2xx > 0 || result.errors > 0) console.log(`note: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result.requests.average;
  } finally {
    await stopBenchServer(child);
  }
}

async function rawInserts(url: string): Promise<number> {
  const client = await new MongoClient(url).connect();
  const collection = client.db(`raw_${randomUUID().slice(0, 8)}`).collection('invoices');
  const until = Date.now() + SECONDS * 1000;
  let inserted = 0;
  const worker = async () => {
    while (Date.now() < until) {
      sequence += 1;
      await collection.insertOne({
        _id: randomUUID() as never,
        projectId: BENCH_PROJECT_ID,
        merchantOrderId: `raw-${sequence}`,
        customer: { type: 'mobile_phone', msisdn: `7${String(sequence).padStart(10, '0')}` },
        price: { minor: 1000, currency: 'RUB' },
        state: 'created',
        version: 1,
        createdAt: new Date().toISOString(),
      });
      inserted += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await client.close();
  return inserted / SECONDS;
}

const PROJECT = projectWithDefaults({ id: BENCH_PROJECT_ID, partnerLogin: 'bench', clientIpRequired: false, defaultPrice: { minor: 1000, currency: 'RUB' } });

/** Invoice creation through the use case (no HTTP), Kassa's MongoDB repositories, 50 at a time. Per second. */
async function useCaseCreations(url: string): Promise<number> {
  const storage = await connectMongoStorage({ url, database: `bench_uc_${randomUUID().slice(0, 8)}` });
  const { contracts, invoices, subscriptions, outbox, deliveries, events } = storage;
  const kassa = kassaUseCases({
    ...inMemoryPorts({ partners: [{ login: 'bench', password: 'x', testCallbackAllowed: false }], projects: [PROJECT] }),
    contracts,
    invoices,
    subscriptions,
    outbox,
    deliveries,
    events,
  });
  const until = Date.now() + SECONDS * 1000;
  let created = 0;
  const worker = async () => {
    while (Date.now() < until) {
      sequence += 1;
      const r = await kassa.createInvoice.execute({
        projectId: BENCH_PROJECT_ID,
        partnerLogin: 'bench',
        merchantOrderId: `uc-${process.pid}-${sequence}`,
        customer: { type: 'mobile_phone', msisdn: `7${String(sequence).padStart(10, '0')}` },
      });
      if (!r.ok) throw new Error(`createInvoice: ${r.error.code}`);
      created += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await storage.db.dropDatabase();
  await storage.close();
  return created / SECONDS;
}

/** The P1 benchmark's workload (json-api.bench.ts): a signed POST /invoices, then a signed GET of it. Requests per second. */
async function p1Workload(api: string): Promise<number> {
  const result = await autocannon({ url: api, connections: CONCURRENCY, duration: SECONDS, requests: p1Requests(() => (sequence += 1), 'p1') });
  if (result.non2xx > 0 || result.errors > 0) console.log(`note: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const given = process.env['MONGO_URL'];
const server: MongoServer | undefined = given ? undefined : await startMongoServer();
const url = given ?? server?.url ?? '';
const rows: { scenario: string; 'ops/s': number }[] = [];
try {
  for (let round = 1; round <= ROUNDS; round++) {
    rows.push({ scenario: `raw insertOne#${round}`, 'ops/s': Math.round(await rawInserts(url)) });
    rows.push({ scenario: `kassa POST /invoices#${round}`, 'ops/s': Math.round(await apiCreations(url)) });
    rows.push({ scenario: `use case CreateInvoice#${round}`, 'ops/s': Math.round(await useCaseCreations(url)) });
  }
  // The P1 workload on MongoDB storage against the same on in-memory storage: both servers up, alternating.
  const onMongo = await kassaOn(url, `bench_p1_${randomUUID().slice(0, 8)}`);
  const inMemory = await startBenchServer('./kassa-server.js', {});
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const first = round % 2 === 1;
      const a = await p1Workload(first ? onMongo.api : inMemory.url);
      const b = await p1Workload(first ? inMemory.url : onMongo.api);
      rows.push({ scenario: `P1 on MongoDB#${round}`, 'ops/s': Math.round(first ? a : b) });
      rows.push({ scenario: `P1 in memory#${round}`, 'ops/s': Math.round(first ? b : a) });
    }
  } finally {
    await stopBenchServer(onMongo.child);
    await stopBenchServer(inMemory.child);
  }
} finally {
  await server?.destroy();
}
const mean = (prefix: string) => {
  const of = rows.filter((r) => r.scenario.startsWith(prefix));
  return of.reduce((s, r) => s + r['ops/s'], 0) / of.length;
};
console.log(`\nMongoDB scenario on ${given ? 'MONGO_URL' : 'a server started for the bench (mongod or mongo-java-server)'}, ${CONCURRENCY} concurrent, ${SECONDS}s each, ${ROUNDS} alternating rounds`);
console.table(rows);
const ratio = mean('kassa') / mean('raw');
console.log(`invoice creation through the API ${Math.round(mean('kassa'))}/s vs raw insertOne ${Math.round(mean('raw'))}/s: ratio ${ratio.toFixed(2)}`);
const useCase = mean('use case') / mean('raw');
console.log(`invoice creation through the use case ${Math.round(mean('use case'))}/s vs raw insertOne: ratio ${useCase.toFixed(2)} (target >= 0.6) ${verdict(useCase >= 0.6)}`);
const p1 = mean('P1 on MongoDB') / mean('P1 in memory');
console.log(
  `the P1 JSON API workload on MongoDB ${Math.round(mean('P1 on MongoDB'))}/s vs in memory ${Math.round(mean('P1 in memory'))}/s: ratio ${p1.toFixed(2)} (target >= 0.6) ${verdict(p1 >= 0.6)}`,
);
