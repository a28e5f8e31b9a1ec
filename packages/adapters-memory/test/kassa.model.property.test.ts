import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractLifecycle, invoiceLifecycle } from '@kassa-payments/domain';
import { customerKey } from '@kassa-payments/domain';
import { codeOf, testKassa, type TestKassa } from './kassa.fixture.js';

/**
 * A model of the use cases over several projects, clients and contracts, written from the spec's
 * rules; every command's answer and every recorded event is compared with it.
 */
type CState = 'awaitingPin' | 'active' | 'cancelled';
type IState = 'created' | 'authorized' | 'processed' | 'cancelled';
interface Model {
  contracts: { id: string; project: number; client: string; mcid: string; state: CState; attempts: number }[];
  invoices: { id: string; project: number; client: string; type: 'SMS_PIN' | 'BY_CONTRACT'; state: IState; attempts: number }[];
  events: Record<string, number>;
  orders: number;
}
type Cmd = fc.AsyncCommand<Model, TestKassa>;

const msisdn = (client: string) => ({ A: '79000000001', B: '79000000002', C: '79000000003' })[client] ?? '79000000009';
const bump = (m: Model, type: string) => (m.events[type] = (m.events[type] ?? 0) + 1);
const liveContract = (m: Model, p: number, c: string, mcid: string) => m.contracts.find((k) => k.project === p && k.client === c && k.mcid === mcid && k.state !== 'cancelled');

async function checkInvariants(m: Model, real: TestKassa) {
  const invoices = real.ports.invoices.documents.filter(invoiceLifecycle.isLive);
  const clients = invoices.map((i) => `${i.projectId}/${customerKey(i.customer)}`);
  expect(new Set(clients).size).toBe(clients.length); // at most one active invoice per client per project
  const live = real.ports.contracts.documents.filter(contractLifecycle.isLive).map((c) => `${c.projectId}/${customerKey(c.customer)}/${c.merchantContractId}`);
  expect(new Set(live).size).toBe(live.length); // contract keys unique among live contracts
  const counts: Record<string, number> = {};
  for (const e of await real.ports.outbox.pending(10_000)) counts[e.type] = (counts[e.type] ?? 0) + 1;
  expect(counts).toEqual(m.events); // every transition emitted exactly its events
}

const cmd = (label: string, run: (m: Model, r: TestKassa) => Promise<void>): Cmd => ({
  check: () => true,
  toString: () => label,
  run: async (m, r) => {
    await run(m, r);
    await checkInvariants(m, r);
  },
});

const createContract = (p: number, c: string, mcid: string) =>
  cmd(`createContract(${p},${c},${mcid})`, async (m, r) => {
    const res = await r.useCases.createContract.execute({ projectId: p, merchantContractId: mcid, customer: { type: 'mobile_phone', msisdn: msisdn(c) } });
    const live = liveContract(m, p, c, mcid);
    if (live) {
      expect(res).toMatchObject({ ok: false, error: { code: live.state === 'active' ? 'CONTRACT_ALREADY_EXISTS' : 'CONTRACT_DRAFT_EXISTS', details: { contract_id: live.id } } });
      return;
    }
    if (!res.ok) throw new Error(JSON.stringify(res.error));
    m.contracts.push({ id: res.value.id, project: p, client: c, mcid, state: 'awaitingPin', attempts: 0 });
  });

const authorizeContract = (pick: number, pin: string) =>
  cmd(`authorizeContract(${pick},${pin})`, async (m, r) => {
    const k = m.contracts[pick % Math.max(1, m.contracts.length)];
    if (!k) return;
    const res = await r.useCases.authorizeContract.execute({ projectId: k.project, contractId: k.id, pinCode: pin });
    let expected: string;
    if (k.state === 'cancelled') expected = 'CONTRACT_NOT_FOUND';
    else if (k.state === 'active') expected = 'CONTRACT_ALREADY_AUTHORIZED';
    else if (k.attempts >= 3) expected = 'CONTRACT_AUTH_ATTEMPTS_EXCEEDED';
    else if (pin === '1234') {
      expected = 'ok';
      k.state = 'active';
      bump(m, 'ContractAuthorized');
    } else {
      k.attempts += 1;
      expected = k.attempts >= 3 ? 'CONTRACT_AUTH_ATTEMPTS_EXCEEDED' : 'CONTRACT_NOT_AUTHORIZED';
    }
    expect(codeOf(res)).toBe(expected);
  });

const cancelContract = (pick: number) =>
  cmd(`cancelContract(${pick})`, async (m, r) => {
    const k = m.contracts[pick % Math.max(1, m.contracts.length)];
    if (!k) return;
    const res = await r.useCases.cancelContract.execute({ projectId: k.project, contractId: k.id });
    if (k.state === 'cancelled') return void expect(codeOf(res)).toBe('CONTRACT_NOT_FOUND');
    expect(codeOf(res)).toBe('ok');
    k.state = 'cancelled';
    bump(m, 'ContractClosed');
  });

const createInvoice = (p: number, c: string, mcid: string | null) =>
  cmd(`createInvoice(${p},${c},${mcid})`, async (m, r) => {
    m.orders += 1;
    const res = await r.useCases.createInvoice.execute({
      projectId: p,
      partnerLogin: 'merchant',
      merchantOrderId: `order-${m.orders}`,
      customer: { type: 'mobile_phone', msisdn: msisdn(c) },
      ...(mcid ? { contract: { merchantContractId: mcid, createIfNotExists: false } } : {}),
    });
    const contract = mcid ? liveContract(m, p, c, mcid) : undefined;
    if (mcid && !contract) return void expect(codeOf(res)).toBe('CONTRACT_NOT_FOUND');
    // A contract still awaiting its PIN: the invoice is confirmed by its own PIN (SMS_PIN).
    const open = m.invoices.find((i) => i.project === p && i.client === c && (i.state === 'created' || i.state === 'authorized'));
    if (open) return void expect(res).toMatchObject({ ok: false, error: { code: 'INVOICE_ALREADY_EXISTS', details: { invoice_id: open.id } } });
    if (!res.ok) throw new Error(JSON.stringify(res.error));
    m.invoices.push({ id: res.value.invoice.id, project: p, client: c, type: contract?.state === 'active' ? 'BY_CONTRACT' : 'SMS_PIN', state: 'created', attempts: 0 });
  });

const authorizeInvoice = (pick: number, pin: string) =>
  cmd(`authorizeInvoice(${pick},${pin})`, async (m, r) => {
    const i = m.invoices[pick % Math.max(1, m.invoices.length)];
    if (!i) return;
    const res = await r.useCases.authorizeInvoice.execute({ projectId: i.project, invoiceId: i.id, pinCode: pin });
    let expected: string;
    if (i.type !== 'SMS_PIN' || i.state !== 'created') expected = 'INVOICE_WRONG_STATE';
    else if (i.attempts >= 3) expected = 'INVOICE_AUTH_ATTEMPTS_EXCEEDED';
    else if (pin === '1234') {
      expected = 'ok';
      i.state = 'authorized';
    } else {
      i.attempts += 1;
      expected = i.attempts >= 3 ? 'INVOICE_AUTH_ATTEMPTS_EXCEEDED' : 'INVOICE_NOT_AUTHORIZED';
    }
    expect(codeOf(res)).toBe(expected);
  });

const cancelInvoice = (pick: number) =>
  cmd(`cancelInvoice(${pick})`, async (m, r) => {
    const i = m.invoices[pick % Math.max(1, m.invoices.length)];
    if (!i) return;
    const res = await r.useCases.cancelInvoice.execute({ projectId: i.project, invoiceId: i.id });
    if (i.state === 'processed') return void expect(codeOf(res)).toBe('INVOICE_WRONG_STATE');
    expect(codeOf(res)).toBe('ok');
    i.state = 'cancelled';
  });

const runJobs = () =>
  cmd('runJobs', async (m, r) => {
    await r.runJobs();
    for (const i of m.invoices) {
      if (i.state === 'authorized' || (i.state === 'created' && i.type === 'BY_CONTRACT')) {
        i.state = 'processed';
        bump(m, 'PaymentUpdated');
      }
    }
  });

const project = fc.constantFrom(1, 2);
const client = fc.constantFrom('A', 'B', 'C');
const mcid = fc.constantFrom('m1', 'm2');
const pin = fc.constantFrom('1234', '0000', '0000');
const commands = [
  fc.tuple(project, client, mcid).map(([p, c, k]) => createContract(p, c, k)),
  fc.tuple(fc.nat(20), pin).map(([n, x]) => authorizeContract(n, x)),
  fc.nat(20).map((n) => cancelContract(n)),
  fc.tuple(project, client, fc.option(mcid, { nil: null })).map(([p, c, k]) => createInvoice(p, c, k)),
  fc.tuple(fc.nat(20), pin).map(([n, x]) => authorizeInvoice(n, x)),
  fc.nat(20).map((n) => cancelInvoice(n)),
  fc.constant(runJobs()),
];

describe('use cases against a model (fc.commands)', () => {
  it('answer as the model does and keep the uniqueness rules and the events exact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 80, size: 'max' }), async (cmds) => {
        const setup = () => ({ model: { contracts: [], invoices: [], events: {}, orders: 0 } as Model, real: testKassa() });
        await fc.asyncModelRun(setup, cmds);
      }),
      { numRuns: 100 },
    );
    // Pure CPU (about 3 s alone): a budget for a busy 2-core machine, not a wait (the default 5 s ran out beside the suite).
  }, 30_000);
});
