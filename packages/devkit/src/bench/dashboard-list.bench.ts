import { randomUUID } from 'node:crypto';
import { invoicesPage } from '@kassa-payments/merchant-dashboard';
import { InMemoryInvoiceRepository } from '@kassa-payments/adapters-memory';
import { ListInvoices, openInvoice, type Invoice, type InvoiceRepository, type Project } from '@kassa-payments/domain';
import { mongoStorage } from '@kassa-payments/app';
import { startMongoServer, type MongoServer } from '../servers/mongo-server.js';
import { median, verdict } from './bench-common.js';

// `node packages/devkit/dist/bench/dashboard-list.bench.js`: the server time of the dashboard's
// invoice list, first page (50, newest first: the use case and the page's rendering), in a project of
// 100 invoices and in one of 100,000, in one run, alternating, in memory and on MongoDB (MONGO_URL, or
// a server of its own). Target: the large project's page at most 1.5 times the small one's (a
// cursor, not a scan).
const LARGE = Number(process.env['BENCH_DASHBOARD_INVOICES'] ?? 100_000);
const SMALL = 100;
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const PER_ROUND = 200;
const T0 = Date.UTC(2026, 0, 1);

const invoice = (projectId: number, n: number): Invoice =>
  openInvoice({
    id: randomUUID(),
    projectId,
    merchantOrderId: `bench-${projectId}-${n}`,
    customer: { type: 'mobile_phone', msisdn: `7904${String(n).padStart(7, '0')}` },
    price: { minor: 1000, currency: 'RUB' },
    vatIncluded: false,
    description: null,
    applicationName: null,
    productName: null,
    authorizationType: 'SMS_PIN',
    contract: null,
    billingChannel: 'MC',
    pinDigest: 'bench-digest',
    testInfo: null,
    now: new Date(T0 + n * 1000).toISOString(),
    lifetimeSeconds: 86_400,
  });

async function seed(repository: InvoiceRepository, projectId: number, count: number): Promise<void> {
  for (let i = 0; i < count; i += 500) await Promise.all(Array.from({ length: Math.min(500, count - i) }, (_, j) => repository.create(invoice(projectId, i + j), [])));
}

/** Milliseconds of one first page: the list and its HTML. */
async function firstPage(list: ListInvoices, project: Project): Promise<number> {
  const started = performance.now();
  const invoices = await list.execute({ projectId: project.id, filter: {}, limit: 50 });
  const html = invoicesPage({ lang: 'en', mode: 'test', path: '/dashboard/', project, projects: [project], partnerLogin: 'bench', csrf: 'x' }, invoices, {}, 'next');
  if (invoices.length < 50 || html.length < 1000) throw new Error('a short page');
  return performance.now() - started;
}

async function measure(name: string, repository: InvoiceRepository): Promise<{ name: string; small: number; large: number; ratio: number }> {
  const list = new ListInvoices({ invoices: repository });
  const project = (id: number) => ({ id, partnerLogin: 'bench' }) as Project;
  const [small, large] = [project(1), project(2)];
  for (let i = 0; i < 50; i += 1) await firstPage(list, i % 2 ? small : large);
  const smallTimes: number[] = [];
  const largeTimes: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const s: number[] = [];
    const l: number[] = [];
    for (let i = 0; i < PER_ROUND; i += 1) {
      // Alternating, one of each in turn: both see the same machine.
      if ((round + i) % 2 === 0) {
        s.push(await firstPage(list, small));
        l.push(await firstPage(list, large));
      } else {
        l.push(await firstPage(list, large));
        s.push(await firstPage(list, small));
      }
    }
    smallTimes.push(median(s));
    largeTimes.push(median(l));
    ratios.push(median(l) / median(s));
  }
  return { name, small: median(smallTimes), large: median(largeTimes), ratio: median(ratios) };
}

async function main(): Promise<void> {
  const rows: Record<string, string>[] = [];
  const memory = new InMemoryInvoiceRepository();
  await seed(memory, 1, SMALL);
  await seed(memory, 2, LARGE);
  const results = [await measure('in memory', memory)];
  const ownMongo: MongoServer | undefined = process.env['MONGO_URL'] || process.env['BENCH_ONLY'] === 'memory' ? undefined : await startMongoServer();
  const url = process.env['MONGO_URL'] ?? ownMongo?.url;
  if (url) {
    const storage = await mongoStorage(url, `bench_dashboard_${randomUUID().slice(0, 8)}`);
    const seeding = performance.now();
    await seed(storage.invoices, 1, SMALL);
    await seed(storage.invoices, 2, LARGE);
    console.log(`MongoDB: ${SMALL + LARGE} invoices stored in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
    results.push(await measure('MongoDB', storage.invoices));
    await storage.close();
  }
  await ownMongo?.destroy();
  for (const r of results) rows.push({ storage: r.name, [`${SMALL} invoices, ms`]: r.small.toFixed(3), [`${LARGE} invoices, ms`]: r.large.toFixed(3), ratio: r.ratio.toFixed(2) });
  console.log(`\nthe dashboard's invoice list, first page (50): server time with ${SMALL} and ${LARGE} invoices in the project (medians of ${ROUNDS} rounds of ${PER_ROUND})`);
  console.table(rows);
  for (const r of results) console.log(`${r.name}: large/small ${r.ratio.toFixed(2)} (target <= 1.5) ${verdict(r.ratio <= 1.5)}`);
  process.exit();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
