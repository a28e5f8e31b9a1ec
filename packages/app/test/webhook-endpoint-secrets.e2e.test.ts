import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KassaClient } from '@kassa-payments/merchant-client';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startReceiver, type HttpReceiver } from '@kassa-payments/devkit';
import { dataOf, eventually, MERCHANT, P, startTestKassa, storageEnv, type TestKassa } from './e2e.fixture.js';

// Where a webhook endpoint's secret lies at rest: sealed in MongoDB (KASSA_SECRETS_KEY), never in
// plain text in the stored answers of Idempotency-Keys; and what a replay of a creation or a
// rotation answers (docs/security.md, "Webhook endpoint secrets").
const onMongo = process.env['KASSA_E2E_STORAGE'] === 'mongo';
const SECRET = /whsec_[A-Za-z0-9+/=]{20,}/;
const newKey = () => randomBytes(32).toString('base64');

/** A merchant client whose every request carries `key` as its Idempotency-Key. */
const keyed = (t: TestKassa, key: string) =>
  new KassaClient({ baseUrl: t.kassa.urls.api, login: MERCHANT.login, password: MERCHANT.password, signatureVersion: 4, retries: 0, headers: { 'Idempotency-Key': key } });

/** Creates an endpoint and rotates its secret, each twice with one key: the first answers and their replays. */
async function createAndRotate(t: TestKassa) {
  const create = keyed(t, `create-${randomUUID()}`);
  const body = { url: 'https://shop.example/endpoint-secrets', event_types: ['*'] as never };
  const created = await create.createWebhookEndpoint(P.main, body);
  const createReplay = await create.createWebhookEndpoint(P.main, body);
  const rotate = keyed(t, `rotate-${randomUUID()}`);
  const id = dataOf(created).id;
  const rotated = await rotate.rotateWebhookEndpointSecret(P.main, id, { expires_in_hours: 1 });
  const rotateReplay = await rotate.rotateWebhookEndpointSecret(P.main, id, { expires_in_hours: 1 });
  for (const r of [created, createReplay, rotated, rotateReplay]) expect(r.status).toBe(created === r || createReplay === r ? 201 : 200);
  expect([createReplay.headers.get('idempotent-replayed'), rotateReplay.headers.get('idempotent-replayed')]).toEqual(['true', 'true']);
  expect(dataOf(created).secret).toMatch(SECRET);
  expect(dataOf(rotated).secret).toMatch(SECRET);
  return { created, createReplay, rotated, rotateReplay };
}

describe('webhook endpoint secrets at rest', () => {
  const started: TestKassa[] = [];
  const folders: string[] = [];
  afterAll(async () => {
    for (const t of started) await t.stop();
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  });

  it.runIf(!onMongo)('without a key (the data folder): no Idempotency-Key answer in the journal holds the secret; a replay answers the same status and body without it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kassa-endpoint-secrets-'));
    folders.push(dir);
    const t = await startTestKassa({ KASSA_DATA_DIR: dir });
    started.push(t);
    const { created, createReplay, rotated, rotateReplay } = await createAndRotate(t);
    const { secret: _created, ...createdWithout } = dataOf(created);
    const { secret: _rotated, ...rotatedWithout } = dataOf(rotated);
    expect(dataOf(createReplay)).toEqual(createdWithout);
    expect(dataOf(rotateReplay)).toEqual(rotatedWithout);
    const lines = readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'));
    const keys = lines.filter((l) => l.startsWith('["idempotency-keys"'));
    expect(keys.filter((l) => l.includes('endpoint-secrets')).length).toBeGreaterThanOrEqual(2);
    expect(keys.filter((l) => SECRET.test(l))).toEqual([]);
  });

  it.runIf(onMongo)(
    'with KASSA_SECRETS_KEY on MongoDB: the endpoint document and the Idempotency-Key answers hold the secrets sealed; a replay answers the same status and body, secret included',
    async () => {
      const env: Record<string, string> = { ...storageEnv(), KASSA_SECRETS_KEY: newKey() };
      const t = await startTestKassa(env);
      started.push(t);
      const { created, createReplay, rotated, rotateReplay } = await createAndRotate(t);
      expect(dataOf(createReplay)).toEqual(dataOf(created));
      expect(dataOf(rotateReplay)).toEqual(dataOf(rotated));
      const mongo = await new MongoClient(inject('mongoUrl')).connect();
      try {
        const db = mongo.db(env['MONGO_DB']);
        const endpoint = await db.collection('webhook_endpoints').findOne({ _id: dataOf(created).id as never });
        expect(endpoint?.['state']?.secret).toMatch(/^kassa-sealed:v1:/);
        expect(endpoint?.['state']?.previousSecret?.value).toMatch(/^kassa-sealed:v1:/);
        const answers = await db.collection('idempotency_keys').find({}).toArray();
        expect(answers.filter((a) => a['answer']?.sealed === true)).toHaveLength(2);
        const raw = JSON.stringify([endpoint, answers]);
        for (const secret of [dataOf(created).secret, dataOf(rotated).secret]) expect(raw).not.toContain(secret);
        expect(raw).not.toMatch(SECRET);
      } finally {
        await mongo.close();
      }
    },
  );

  it.runIf(onMongo)(
    'an endpoint no key opens holds back no delivery of an event; a KASSA_SECRETS_KEY rotation reseals the endpoints, which the new key alone then opens',
    async () => {
      const hooks: HttpReceiver = await startReceiver();
      const TOKEN = 'endpoint-secrets-admin-token-0123456789';
      const [oldKey, newKey_] = [newKey(), newKey()];
      const seed = {
        partners: [
          {
            login: MERCHANT.login,
            password: MERCHANT.password,
            projects: [
              {
                id: P.main,
                defaultPrice: { amount: '10.00', currency: 'RUB' },
                webhookUrl: `${hooks.url}/project`,
                webhookSecret: `whsec_${Buffer.from('endpoint-secrets-project-secret').toString('base64')}`,
              },
            ],
          },
        ],
      };
      const base: Record<string, string> = { ...storageEnv(), KASSA_ADMIN_TOKEN: TOKEN };
      const run = async (keys: Record<string, string>) => {
        const t = await startTestKassa({ ...base, ...keys }, { seed });
        started.push(t);
        return t;
      };
      const deliveriesOf = async (t: TestKassa) => dataOf(await t.client().listWebhookDeliveries(P.main, { limit: 100 })).items;
      let contracts = 0;
      const authorizeOne = async (t: TestKassa) => {
        contracts += 1;
        const c = dataOf(
          await t.client().createContract(P.main, { client_ip: '203.0.113.7', customer: { type: 'mobile_phone', msisdn: `7900555010${contracts}` }, merchant_contract_id: `rotation-${contracts}` }),
        );
        await t.client().authorizeContract(P.main, c.contract_id, { client_ip: '203.0.113.7', pin_code: '1234' });
      };
      const mongo = await new MongoClient(inject('mongoUrl')).connect();
      try {
        const first = await run({ KASSA_SECRETS_KEY: oldKey });
        const endpoint = dataOf(await first.client().createWebhookEndpoint(P.main, { url: `${hooks.url}/endpoint`, event_types: ['contract.authorized'] }));
        // An endpoint whose secret no configured key opens (sealed under a key gone): the relay still
        // makes every delivery of the event, its own included; only reading it fails.
        const broken = dataOf(await first.client().createWebhookEndpoint(P.main, { url: `${hooks.url}/broken`, event_types: ['contract.authorized'] }));
        const documents = mongo.db(base['MONGO_DB']).collection<{ _id: string }>('webhook_endpoints');
        await documents.updateOne({ _id: broken.id }, { $set: { 'state.secret': 'kassa-sealed:v1:0badc0de:AAAA:AAAA:AAAA' } });
        expect((await first.client().getWebhookEndpoint(P.main, broken.id)).status).toBe(503);
        await authorizeOne(first);
        const made = await eventually(
          () => deliveriesOf(first),
          (d) => d.filter((x) => x.event_type === 'contract.authorized').length >= 3,
          10_000,
        );
        expect(made.map((d) => d.endpoint_id ?? 'project').sort()).toEqual([endpoint.id, broken.id, 'project'].sort());
        await documents.deleteOne({ _id: broken.id });
        await first.kassa.stop();

        // Steps 2 and 3 of docs/operations.md: the new key current, the old one previous; reseal.
        const rotating = await run({ KASSA_SECRETS_KEY: newKey_, KASSA_SECRETS_PREVIOUS_KEYS: oldKey });
        const resealed = await fetch(`${rotating.kassa.urls.admin}/admin/v1/secrets/reseal`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } });
        expect(resealed.status).toBe(200);
        const counts = ((await resealed.json()) as { data: { webhook_endpoints: number; resealed: number } }).data;
        expect(counts.webhook_endpoints).toBe(1);
        await rotating.kassa.stop();

        // Step 4: the old key gone. The endpoint opens, and the delivery that waited reaches it.
        const after = await run({ KASSA_SECRETS_KEY: newKey_ });
        expect(dataOf(await after.client().getWebhookEndpoint(P.main, endpoint.id)).id).toBe(endpoint.id);
        await authorizeOne(after);
        const reached = await eventually(
          async () => hooks.received.filter((r) => r.path === '/endpoint'),
          (r) => r.length >= 1,
          15_000,
        );
        expect(reached.length).toBeGreaterThanOrEqual(1);
      } finally {
        await mongo.close();
        await hooks.close();
      }
    },
    60_000,
  );
});
