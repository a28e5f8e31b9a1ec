import { connectMongoStorage } from '@kassa-payments/adapters-mongo';
import { approveSubscription, completeRefund, recordCharge, recordSubscriptionCharge, requestRefund, transactionFor, type Invoice, type Subscription } from '@kassa-payments/domain';
import { sampleInvoice, sampleSubscription } from '@kassa-payments/domain/testing';
import { BSON } from 'mongodb';
import { startMongoServer } from '../servers/mongo-server.js';

/**
 * `npm run bench`'s storage-size scenario: the bytes MongoDB stores for one subscription as its
 * charges accumulate (up to 100), and for one invoice through payment and refund: the whole
 * document (state, keys, outbox) as BSON. One document per aggregate and no revisions: a
 * subscription grows by one billing operation a charge, linearly.
 */
const given = process.env['MONGO_URL'];
const server = given ? undefined : await startMongoServer();
const storage = await connectMongoStorage({ url: given ?? server?.url ?? '', database: `size_${process.pid}` });
const bytes = async (collection: string, id: string) => BSON.calculateObjectSize((await storage.db.collection(collection).findOne({ _id: id as never })) ?? {});
let n = 0;
const stamp = (now: string) => ({ now, newId: () => `00000000-0000-4000-8000-${(++n).toString(16).padStart(12, '0')}` });
try {
  const base = sampleSubscription(1, '79000000001', '2026-03-01T10:00:00.000Z');
  let s: Subscription = { ...base, billing: { ...base.billing, maxIterations: 1000 } };
  await storage.subscriptions.create(s, []);
  s = approveSubscription(s, '1234', stamp('2026-03-01T10:00:01.000Z')).next as Subscription;
  await storage.subscriptions.save(s, []);
  const rows: { charges: number; bytes: number; 'bytes per charge since the last row': number | string }[] = [
    { charges: 0, bytes: await bytes('subscriptions', s.id), 'bytes per charge since the last row': '' },
  ];
  for (let charge = 1; charge <= 100; charge += 1) {
    const at = new Date(Date.parse('2026-03-01T10:01:00.000Z') + charge * 60_000).toISOString();
    const op = { id: stamp(at).newId(), status: 'SUCCESS' as const, amount: s.billing.amount, at, refunded: false };
    s = recordSubscriptionCharge(s, op, stamp(at)).next as Subscription;
    if (!(await storage.subscriptions.save(s, [])).ok) throw new Error('save refused');
    if ([1, 10, 25, 50, 100].includes(charge)) {
      const size = await bytes('subscriptions', s.id);
      const previous = rows.at(-1) as (typeof rows)[number];
      rows.push({ charges: charge, bytes: size, 'bytes per charge since the last row': Math.round((size - previous.bytes) / (charge - previous.charges)) });
    }
  }
  console.log('\nstorage size on MongoDB: one subscription document as charges accumulate');
  console.table(rows);

  let i: Invoice = sampleInvoice(1, '79000000002', 'size-1');
  await storage.invoices.create(i, []);
  const sizes: Record<string, number> = { created: await bytes('invoices', i.id) };
  const tx = transactionFor(i, { status: 'SUCCESS', resultCode: 0, resultDescription: 'SUCCESS', billingChannel: 'MC', serviceNumber: '0' }, 'tx-1', '2026-03-01T10:00:05.000Z');
  i = recordCharge(i, tx, stamp('2026-03-01T10:00:05.000Z')).next as Invoice;
  await storage.invoices.save(i, []);
  sizes['paid'] = await bytes('invoices', i.id);
  i = requestRefund(i, stamp('2026-03-01T10:05:00.000Z')).next as Invoice;
  await storage.invoices.save(i, []);
  const refunded = completeRefund(i, stamp('2026-03-01T10:05:01.000Z')).next;
  if (refunded) await storage.invoices.save(refunded, []);
  sizes['refunded'] = await bytes('invoices', i.id);
  console.log('one invoice document (bytes):', JSON.stringify(sizes));
  const revisions = (await storage.db.listCollections().toArray()).map((c) => c.name).filter((c) => /(^|_)(revisions?|locks?)$/.test(c));
  console.log(`collections of revisions or locks: ${revisions.length === 0 ? 'none' : revisions.join(', ')}`);
} finally {
  await storage.db.dropDatabase();
  await storage.close();
  await server?.destroy();
}
