import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inMemoryPorts, projectWithDefaults } from '@kassa-payments/adapters-memory';
import { defaultSettings, kassaUseCases } from '@kassa-payments/domain';

/**
 * `npm run bench`'s retention scenario: an embedded Kassa on in-memory storage under steady traffic
 * for several virtual days (a manual clock; per virtual hour, INVOICES_PER_HOUR invoices created and
 * cancelled, their events relayed into the log, the due-work sweep run), with KASSA_RETENTION_DAYS=1
 * and, in a second process of the same run, with retention out of reach (3,650 days). Prints the heap
 * after a full GC and the RSS at the end of each virtual day: with retention they stay flat after
 * the first day; without, they grow by a day's worth each day.
 */
const DAYS = Number(process.env['BENCH_RETENTION_DAYS_RUN'] ?? 5);
const PER_HOUR = Number(process.env['BENCH_INVOICES_PER_HOUR'] ?? 2_000);

const PROJECT = projectWithDefaults({ id: 1, partnerLogin: 'bench', clientIpRequired: false, defaultPrice: { minor: 1000, currency: 'RUB' } });

async function child(retentionDays: number): Promise<void> {
  const ports = inMemoryPorts({ partners: [{ login: 'bench', password: 'x', testCallbackAllowed: false }], projects: [PROJECT], settings: { ...defaultSettings(), retentionDays } });
  // Jobs are not what is measured: the sweep finds due work by itself.
  const kassa = kassaUseCases({ ...ports, scheduler: { schedule: async () => undefined } });
  const gc = (globalThis as { gc?: () => void }).gc;
  let sequence = 0;
  const days: { day: number; heapMb: number; rssMb: number }[] = [];
  for (let hour = 1; hour <= DAYS * 24; hour += 1) {
    for (let i = 0; i < PER_HOUR; i += 1) {
      sequence += 1;
      const created = await kassa.createInvoice.execute({
        projectId: 1,
        partnerLogin: 'bench',
        merchantOrderId: `r-${sequence}`,
        customer: { type: 'mobile_phone', msisdn: `7${String(sequence).padStart(10, '0')}` },
      });
      if (!created.ok) throw new Error(created.error.code);
      await kassa.cancelInvoice.execute({ projectId: 1, invoiceId: created.value.invoice.id });
    }
    while ((await kassa.relayEvents.execute()) > 0);
    ports.clock.advance(3600);
    await kassa.runDueWork.execute();
    if (hour % 24 === 0) {
      gc?.();
      const m = process.memoryUsage();
      days.push({ day: hour / 24, heapMb: Math.round(m.heapUsed / 1048576), rssMb: Math.round(m.rss / 1048576) });
    }
  }
  process.stdout.write(JSON.stringify(days));
}

if (process.env['RETENTION_CHILD']) {
  await child(Number(process.env['RETENTION_CHILD']));
} else {
  const run = (days: number) =>
    JSON.parse(execFileSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url)], { env: { ...process.env, RETENTION_CHILD: String(days) }, encoding: 'utf8', maxBuffer: 1 << 20 })) as {
      day: number;
      heapMb: number;
      rssMb: number;
    }[];
  const kept = run(1);
  const unbounded = run(3650);
  console.log(`\nretention: ${PER_HOUR} invoices created and cancelled per virtual hour, ${DAYS} virtual days, in memory (heap after a full GC, RSS; MB)`);
  console.table(
    kept.map((k, i) => ({ day: k.day, 'heap, retention 1 day': k.heapMb, 'RSS, retention 1 day': k.rssMb, 'heap, no retention': unbounded[i]?.heapMb, 'RSS, no retention': unbounded[i]?.rssMb })),
  );
  const last = kept.at(-1);
  const second = kept[1];
  if (last && second) console.log(`with retention, heap from day 2 to day ${last.day}: ${second.heapMb} -> ${last.heapMb} MB (${last.heapMb <= second.heapMb * 1.1 ? 'flat' : 'GROWING'})`);
}
