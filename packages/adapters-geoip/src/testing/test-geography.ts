import { createHash } from 'node:crypto';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mmdbFile, type MmdbNetwork, type MmdbOptions } from './mmdb-file.js';

/** A network of a GeoLite2-Country-shaped database: where its addresses are, and where it is registered. */
export interface CountryNetwork {
  readonly network: string;
  /** ISO 3166-1 alpha-2, as MaxMind writes it (upper case); absent: the database knows no country for it. */
  readonly country?: string;
  readonly registeredCountry?: string;
}

const countryRecord = (iso: string) => ({ iso_code: iso, names: { en: iso } });

/** A database shaped as GeoLite2-Country's records are (country, registered_country, continent). */
export function countryDatabase(networks: readonly CountryNetwork[], options: Partial<MmdbOptions> = {}): Buffer {
  const records: MmdbNetwork[] = networks.map(({ network, country, registeredCountry }) => ({
    network,
    data: {
      continent: { code: 'EU' },
      ...(country ? { country: countryRecord(country) } : {}),
      ...(registeredCountry ? { registered_country: countryRecord(registeredCountry) } : {}),
    },
  }));
  return mmdbFile(records, { databaseType: 'GeoLite2-Country', ...options });
}

/**
 * The tests' geography, in documentation ranges only: 192.0.2.0/25 and 203.0.113.0/24 are in Russia,
 * 192.0.2.128/25 and 198.51.100.0/24 in Germany (192.0.2.200 is where the sandbox's rule, which
 * knows only 198.51.100.0/24, says Russia); 2001:db8:7::/48 in Russia, 2001:db8:49::/48 in Germany;
 * 2001:db8:ff::/48 only registered (in the Netherlands), 2001:db8:fe::/48 known without any country.
 */
export const TEST_GEOGRAPHY: readonly CountryNetwork[] = [
  { network: '192.0.2.0/25', country: 'RU', registeredCountry: 'RU' },
  { network: '192.0.2.128/25', country: 'DE', registeredCountry: 'DE' },
  { network: '198.51.100.0/24', country: 'DE', registeredCountry: 'DE' },
  { network: '203.0.113.0/24', country: 'RU', registeredCountry: 'RU' },
  { network: '2001:db8:7::/48', country: 'RU', registeredCountry: 'RU' },
  { network: '2001:db8:49::/48', country: 'DE', registeredCountry: 'DE' },
  { network: '2001:db8:ff::/48', registeredCountry: 'NL' },
  { network: '2001:db8:fe::/48' },
];

/** When the tests' database says it was built (fixed, so that its file is the same every run). */
export const TEST_GEOGRAPHY_BUILT = new Date('2026-01-06T00:00:00Z');

/**
 * Writes a database file into the system's temporary folder and answers its path: named by its
 * content, written once (by rename, so parallel test files never read half of one).
 */
export function writeGeographyDatabase(networks: readonly CountryNetwork[] = TEST_GEOGRAPHY, options: Partial<MmdbOptions> = {}): string {
  const file = countryDatabase(networks, { buildEpoch: TEST_GEOGRAPHY_BUILT, ...options });
  const path = join(tmpdir(), `kassa-geography-${createHash('sha256').update(file).digest('hex').slice(0, 16)}.mmdb`);
  if (!existsSync(path)) {
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, file);
    renameSync(partial, path);
  }
  return path;
}
