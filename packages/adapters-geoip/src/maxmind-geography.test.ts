import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MaxmindGeography } from './maxmind-geography.js';
import { mmdbFile, TEST_GEOGRAPHY_BUILT, writeGeographyDatabase } from './testing/index.js';

// The adapter reads a real MaxMind DB file with the maxmind package: one the test writes (the tests'
// ranges, IPv4 and IPv6, in documentation ranges), never a downloaded one.
let dir: string;
let geography: MaxmindGeography;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kassa-geoip-'));
  geography = await MaxmindGeography.open(writeGeographyDatabase());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('MaxmindGeography', () => {
  it.each([
    ['192.0.2.1', 'ru'],
    ['192.0.2.127', 'ru'],
    ['192.0.2.128', 'de'],
    ['192.0.2.200', 'de'],
    ['198.51.100.7', 'de'],
    ['203.0.113.7', 'ru'],
  ])('places a known IPv4 address: %s is in %s (lowercase ISO)', async (ip, country) => {
    expect(await geography.countryOfIp(ip)).toBe(country);
  });

  it.each([
    ['2001:db8:7::1', 'ru'],
    ['2001:db8:7:ffff:ffff:ffff:ffff:ffff', 'ru'],
    ['2001:DB8:49:0:0:0:0:1', 'de'],
    // An IPv4 address as a dual-stack listener reports it.
    ['::ffff:192.0.2.200', 'de'],
    ['::FFFF:203.0.113.9', 'ru'],
  ])('places a known IPv6 address: %s is in %s', async (ip, country) => {
    expect(await geography.countryOfIp(ip)).toBe(country);
  });

  it('answers the registered country where the database places an address in none, and undefined where it knows neither', async () => {
    expect(await geography.countryOfIp('2001:db8:ff::1')).toBe('nl');
    expect(await geography.countryOfIp('2001:db8:fe::1')).toBeUndefined();
  });

  it.each(['10.0.0.1', '192.0.3.1', '8.8.8.8', '2001:db8:8::1', '::1', '127.0.0.1'])('answers undefined for an address the database does not know: %s', async (ip) => {
    expect(await geography.countryOfIp(ip)).toBeUndefined();
  });

  it.each(['', 'not-an-ip', '192.0.2', '192.0.2.256', '1.2.3.4.5', '2001:db8::7::1', '2001:db8:7::g', ' 192.0.2.1', '192.0.2.1/24', '::ffff:999.1.1.1', 'x'.repeat(10_000)])(
    'answers undefined for a malformed address, never throws: %j',
    async (ip) => {
      await expect(geography.countryOfIp(ip)).resolves.toBeUndefined();
    },
  );

  it('an IPv4-only database places IPv4 addresses and answers undefined for IPv6 ones (it would read their first 32 bits)', async () => {
    const path = join(dir, 'v4-only.mmdb');
    const v4 = { iso_code: 'DE' };
    // 2001:db8::/32's first 32 bits are 32.1.13.184: in 32.0.0.0/8, which the database places in Germany.
    writeFileSync(path, mmdbFile([{ network: '32.0.0.0/8', data: { country: v4 } }], { databaseType: 'GeoLite2-Country', ipVersion: 4 }));
    const only4 = await MaxmindGeography.open(path);
    expect(await only4.countryOfIp('32.1.13.184')).toBe('de');
    expect(await only4.countryOfIp('::ffff:32.1.13.184')).toBe('de');
    expect(await only4.countryOfIp('2001:db8::1')).toBeUndefined();
  });

  it('says what the database is (for the start log line)', () => {
    expect(geography.database).toMatchObject({ databaseType: 'GeoLite2-Country', builtAt: TEST_GEOGRAPHY_BUILT });
  });

  it('refuses, with why, a file that is missing, not a MaxMind DB, gzipped, or a database without countries', async () => {
    await expect(MaxmindGeography.open(join(dir, 'nowhere.mmdb'))).rejects.toThrow(`cannot open the MaxMind DB ${join(dir, 'nowhere.mmdb')}: no such file`);
    const text = join(dir, 'text.mmdb');
    writeFileSync(text, 'GeoLite2-Country, honest\n');
    await expect(MaxmindGeography.open(text)).rejects.toThrow(/^cannot open the MaxMind DB .*text\.mmdb: .+/);
    const gzipped = join(dir, 'GeoLite2-Country.mmdb.gz');
    writeFileSync(gzipped, gzipSync(mmdbFile([], { databaseType: 'GeoLite2-Country' })));
    await expect(MaxmindGeography.open(gzipped)).rejects.toThrow(/GeoLite2-Country\.mmdb\.gz: it is gzipped/);
    const asn = join(dir, 'asn.mmdb');
    writeFileSync(asn, mmdbFile([{ network: '192.0.2.0/24', data: { autonomous_system_number: 64_496 } }], { databaseType: 'GeoLite2-ASN' }));
    await expect(MaxmindGeography.open(asn)).rejects.toThrow(/it is a GeoLite2-ASN database, which has no countries/);
    await expect(MaxmindGeography.open(dir)).rejects.toThrow(/^cannot open the MaxMind DB /);
  });
});
