import {
  approveSubscription,
  cancelContract,
  enterContractPin,
  openContract,
  openInvoice,
  openSubscription,
  recordCharge,
  recordSubscriptionCharge,
  transactionFor,
  type Subscription,
} from '@kassa-payments/domain';

/**
 * The per-step cost of the lifecycles (`npm run bench`): one command on a stored aggregate, rebuilt
 * from plain data, through its XState machine, with its domain events: a wrong contract PIN, a
 * contract cancellation, an invoice charge, a subscription charge. CPU microseconds per step.
 */
const STEPS = Number(process.env['BENCH_STEPS'] ?? 20_000);
let n = 0;
const stamp = () => ({ now: '2026-11-24T10:00:00.000Z', newId: () => `e-${++n}` });

const contract = openContract({
  id: 'c-1',
  projectId: 1,
  merchantContractId: 'm-1',
  customer: { type: 'mobile_phone', msisdn: '79001234567' },
  authorizationType: 'SMS_PIN',
  pinDigest: 'digest-of-1234',
  now: '2026-11-24T09:00:00.000Z',
  lifetimeSeconds: 86_400,
});
const invoice = openInvoice({
  id: 'i-1',
  projectId: 1,
  merchantOrderId: 'o-1',
  customer: { type: 'mobile_phone', msisdn: '79001234567' },
  price: { minor: 1000, currency: 'RUB' },
  vatIncluded: false,
  description: null,
  applicationName: null,
  productName: null,
  authorizationType: 'BY_CONTRACT',
  contract: null,
  billingChannel: 'MC',
  pinDigest: null,
  testInfo: null,
  now: '2026-11-24T09:00:00.000Z',
  lifetimeSeconds: 86_400,
});
const opened = openSubscription({
  id: 's-1',
  projectId: 1,
  acceptanceChannel: 'SMS_PIN',
  subscriberMsisdn: '79001234567',
  subscriberId: null,
  country: 'ru',
  operatorId: 22,
  pinDigest: 'digest-of-1234',
  billing: { periodSeconds: 60, maxIterations: 100, expectedResult: 'Success', amount: { minor: 1000, currency: 'RUB' } },
  now: '2026-11-24T09:00:00.000Z',
});
const active = approveSubscription(opened, 'digest-of-1234', { now: '2026-11-24T09:00:01.000Z', newId: () => 'e-0' }).next as Subscription;
const transaction = transactionFor(invoice, { status: 'SUCCESS', resultCode: 0, resultDescription: 'SUCCESS', billingChannel: 'MC', serviceNumber: '1' }, 't-1', '2026-11-24T10:00:00.000Z');
const operation = { id: 'op-1', status: 'SUCCESS' as const, amount: { minor: 1000, currency: 'RUB' }, at: '2026-11-24T10:00:00.000Z', refunded: false };

const scenarios: Record<string, () => unknown> = {
  'contract: a wrong PIN': () => enterContractPin(contract, 'wrong', stamp()),
  'contract: cancel': () => cancelContract(contract, stamp()),
  'invoice: a charge recorded': () => recordCharge(invoice, transaction, stamp()),
  'subscription: a charge recorded': () => recordSubscriptionCharge(active, operation, stamp()),
};
for (const [name, step] of Object.entries(scenarios)) {
  for (let i = 0; i < 2_000; i++) step();
  const before = process.cpuUsage();
  for (let i = 0; i < STEPS; i++) step();
  const used = process.cpuUsage(before);
  console.log(`machine step, ${name}: ${((used.user + used.system) / STEPS).toFixed(1)} µs`);
}
