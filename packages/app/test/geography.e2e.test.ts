import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { GEOGRAPHY_DATABASE, MERCHANT, PRODUCTION, startTestKassa, type TestKassa } from './e2e.fixture.js';

// KASSA_GEOIP_DATABASE: the country match of a WAP subscription (a ClientIP sent with a number must be
// in the number's country) placed by a MaxMind DB file, the tests' own (TEST_GEOGRAPHY), in the test
// environment and in production; and production's start refused without one.
const PROJECT = 60;
const SECRET = `whsec_${Buffer.from('kassa-geography-subscription-secret').toString('base64')}`;
const SEED = {
  partners: [{ login: MERCHANT.login, password: MERCHANT.password, projects: [{ id: PROJECT, defaultPrice: { amount: '10.00', currency: 'RUB' }, subscriptionSecret: SECRET }] }],
};
const parser = new XMLParser({ parseTagValue: false });
let numbers = 0;
const msisdn = () => `7956${String(++numbers).padStart(7, '0')}`;

/** CreateSubscription with a (Russian) number and a client address: its StatusName and StatusDescription. */
async function subscribe(t: TestKassa, clientIp: string): Promise<[string, string]> {
  const now = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const signature = createHmac('sha256', SECRET).update(`${PROJECT}${now}`).digest('hex');
  const body = `<?xml version="1.0" encoding="utf-8"?><Request><SubscriptionProjectID>${PROJECT}</SubscriptionProjectID><Now>${now}</Now><Signature>${signature}</Signature><Subscriber_MSISDN>${msisdn()}</Subscriber_MSISDN><ClientIP>${clientIp}</ClientIP></Request>`;
  const res = await fetch(`${t.kassa.urls.subs}/Http/Services/CreateSubscription.aspx`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body });
  expect(res.status).toBe(200);
  const doc = (parser.parse(await res.text()) as { Response: Record<string, unknown> }).Response;
  return [String(doc['StatusName']), String(doc['StatusDescription'] ?? '')];
}
const accepted = ['REQUEST_ACCEPTED', ''];
const refusedAs = (country: string) => ['WRONG_PARAMS', expect.stringMatching(new RegExp(`^ClientIP: the address is in ${country}, the number in ru`))];

describe('the test environment with KASSA_GEOIP_DATABASE', () => {
  let t: TestKassa;
  let sandbox: TestKassa;
  beforeAll(async () => {
    [t, sandbox] = await Promise.all([startTestKassa({ KASSA_GEOIP_DATABASE: GEOGRAPHY_DATABASE }, { seed: SEED }), startTestKassa({}, { seed: SEED })]);
  });
  afterAll(async () => {
    await Promise.all([t?.stop(), sandbox?.stop()]);
  });

  it("places the client address by the database: one it puts abroad is refused (the spec's country match), one in the number's country passes", async () => {
    expect(await subscribe(t, '192.0.2.200')).toEqual(refusedAs('de'));
    expect(await subscribe(t, '198.51.100.7')).toEqual(refusedAs('de'));
    expect(await subscribe(t, '2001:db8:49::1')).toEqual(refusedAs('de'));
    expect(await subscribe(t, '2001:db8:ff::1')).toEqual(refusedAs('nl'));
    expect(await subscribe(t, '203.0.113.9')).toEqual(accepted);
    expect(await subscribe(t, '192.0.2.7')).toEqual(accepted);
    expect(await subscribe(t, '2001:db8:7::1')).toEqual(accepted);
  });

  it('skips the check for an address the database does not know (a miss is not a refusal)', async () => {
    expect(await subscribe(t, '10.1.2.3')).toEqual(accepted);
    expect(await subscribe(t, '2001:db8:fe::1')).toEqual(accepted);
  });

  it("the sandbox's rule stays the default: without the database 192.0.2.200 is in Russia, 198.51.100.7 abroad", async () => {
    expect(await subscribe(sandbox, '192.0.2.200')).toEqual(accepted);
    expect(await subscribe(sandbox, '198.51.100.7')).toEqual(refusedAs('de'));
  });

  it('says at the start which database places the addresses', () => {
    const line = t.logs.find((l) => l.includes('"msg":"geography:'));
    expect(line).toContain(`"databaseType":"GeoLite2-Country"`);
    expect(line).toContain(`"path":${JSON.stringify(GEOGRAPHY_DATABASE)}`);
    expect(sandbox.logs.some((l) => l.includes('"msg":"geography:'))).toBe(false);
  });
});

describe('production', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kassa-geography-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses to start without a geography source, naming KASSA_GEOIP_DATABASE', async () => {
    expect(() => readConfig({ ...PRODUCTION, KASSA_SEED_FILE: 'seed.json', KASSA_GEOIP_DATABASE: undefined })).toThrow(/^Configuration: KASSA_GEOIP_DATABASE: required in production: .*MaxMind DB/m);
    await expect(startTestKassa({ ...PRODUCTION, KASSA_GEOIP_DATABASE: '' }, { seed: SEED })).rejects.toThrow(/KASSA_GEOIP_DATABASE/);
  });

  it('refuses to start with a database that cannot be opened, saying why', async () => {
    const missing = join(dir, 'GeoLite2-Country.mmdb');
    await expect(startTestKassa({ ...PRODUCTION, KASSA_GEOIP_DATABASE: missing }, { seed: SEED })).rejects.toThrow(`KASSA_GEOIP_DATABASE: cannot open the MaxMind DB ${missing}: no such file`);
    const notOne = join(dir, 'not-a-database.mmdb');
    writeFileSync(notOne, 'not a MaxMind DB');
    await expect(startTestKassa({ ...PRODUCTION, KASSA_GEOIP_DATABASE: notOne }, { seed: SEED })).rejects.toThrow(/^KASSA_GEOIP_DATABASE: cannot open the MaxMind DB .*not-a-database\.mmdb: /);
  });

  it('starts with one, and its country match is the database', async () => {
    const t = await startTestKassa(PRODUCTION, { seed: SEED });
    try {
      expect(await subscribe(t, '2001:db8:49::1')).toEqual(refusedAs('de'));
      expect(await subscribe(t, '192.0.2.200')).toEqual(refusedAs('de'));
      expect(await subscribe(t, '203.0.113.9')).toEqual(accepted);
    } finally {
      await t.stop();
    }
  });
});
