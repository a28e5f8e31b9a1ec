import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KassaClient } from '@kassa/merchant-client';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { dataOf, MERCHANT, P, startTestKassa, storageEnv, type TestKassa } from './e2e.fixture.js';

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
    expect(createReplay.data).toEqual(createdWithout);
    expect(rotateReplay.data).toEqual(rotatedWithout);
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
      const env = { ...storageEnv(), KASSA_SECRETS_KEY: newKey() };
      const t = await startTestKassa(env);
      started.push(t);
      const { created, createReplay, rotated, rotateReplay } = await createAndRotate(t);
      expect(createReplay.data).toEqual(created.data);
      expect(rotateReplay.data).toEqual(rotated.data);
      const mongo = await new MongoClient(inject('mongoUrl')).connect();
      try {
        const db = mongo.db(env.MONGO_DB);
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
});
