import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type UpgradeDataSet, UPGRADE_PARTNER, subscriptionCall } from '@kassa-payments/devkit';
import { KassaClient, type KassaResponse } from '@kassa-payments/merchant-client';
import { BSON, type Db } from 'mongodb';
import { expect } from 'vitest';

// The previous release (N-1) and the data sets it wrote (packages/app/test/fixtures/upgrade/<version>).

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const PREVIOUS = (JSON.parse(readFileSync(join(root, 'releases.json'), 'utf8')) as { releases: { version: string; commit: string }[] }).releases[0] as {
  version: string;
  commit: string;
};
const fixtures = join(root, 'packages/app/test/fixtures/upgrade', PREVIOUS.version);

/** Builds the previous release beside this checkout (once: scripts/ensure-previous-release.mjs) and answers its npm start entry. */
export async function previousRelease(): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(root, 'scripts/ensure-previous-release.mjs')], { maxBuffer: 1 << 20 });
  return join(stdout.trim(), 'packages/app/dist/main.js');
}

/** The seed the data sets were written with (its webhooks go to a closed port). */
export const fixtureSeed = (): unknown => JSON.parse(readFileSync(join(fixtures, 'seed.json'), 'utf8'));
export const fixtureManifest = (storage: 'data-folder' | 'mongo'): UpgradeDataSet => JSON.parse(readFileSync(join(fixtures, `${storage}.manifest.json`), 'utf8')) as UpgradeDataSet;

/** A copy of the data folder the previous release wrote. */
export function fixtureDataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-upgrade-'));
  cpSync(join(fixtures, 'data-folder'), dir, { recursive: true });
  return dir;
}

/** The MongoDB data set the previous release wrote, put into `db`; answers the documents of each collection. */
export async function importFixtureDatabase(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const file of readdirSync(join(fixtures, 'mongo'))) {
    const name = file.replace(/\.json$/, '');
    const docs = BSON.EJSON.parse(readFileSync(join(fixtures, 'mongo', file), 'utf8'), { relaxed: false }) as BSON.Document[];
    counts[name] = docs.length;
    if (docs.length > 0) await db.collection(name).insertMany(docs);
  }
  return counts;
}

export const upgradeClient = (api: string) => new KassaClient({ baseUrl: api, login: UPGRADE_PARTNER.login, password: UPGRADE_PARTNER.password });

export const ok = async <T>(answer: Promise<KassaResponse<T>>): Promise<T> => {
  const r = await answer;
  if (!r.ok) throw new Error(`${r.status} ${JSON.stringify(r.error)}`);
  return r.data;
};

/** Finds everything a data set holds, as it was written, through the APIs of a running Kassa. */
export async function expectDataSet(urls: { readonly api: string; readonly subs: string }, set: UpgradeDataSet): Promise<void> {
  const client = upgradeClient(urls.api);
  const p = UPGRADE_PARTNER.project;
  for (const expected of Object.values(set.invoices)) {
    const invoice = await ok(client.getInvoice(p, expected.id));
    expect({ id: invoice.invoice_id, status: invoice.status, payment_status: invoice.payment_status, ...(invoice.refund_status ? { refund_status: invoice.refund_status } : {}) }).toEqual(expected);
  }
  for (const expected of Object.values(set.subscriptions)) {
    const status = (await subscriptionCall(urls.subs, 'GetSubscriptionStatus', `<SubscriptionID>${expected.id}</SubscriptionID>`))['SubscriptionStatus'];
    expect({ id: expected.id, status }).toEqual(expected);
  }
  expect((await ok(client.getWebhookEndpoint(p, set.webhookEndpoint))).id).toBe(set.webhookEndpoint);
  expect((await ok(client.getTestClock(p, set.testClock))).test_clock_id).toBe(set.testClock);
  const events = await ok(client.listEvents(p, { limit: 100 }));
  expect(set.eventIds.filter((id) => !events.items.some((e) => e.id === id))).toEqual([]);
}

/** A new invoice on the data set's active contract, charged: answers its id once paid. */
export async function payOnActiveContract(api: string, order: string): Promise<string> {
  const client = upgradeClient(api);
  const created = await ok(
    client.createInvoice(UPGRADE_PARTNER.project, {
      customer: { type: 'mobile_phone', msisdn: '79020000001' },
      contract: { merchant_contract_id: 'upgrade-contract-1' },
      order: { merchant_order_id: order, price: { amount: '7.00', currency: 'RUB' } },
    }),
  );
  const paid = await ok(client.waitForInvoice(UPGRADE_PARTNER.project, created.invoice_id, (i) => i.payment_status === 'PAID', { timeoutMs: 30_000, intervalMs: 200 }));
  expect(paid.payment_status).toBe('PAID');
  return created.invoice_id;
}
