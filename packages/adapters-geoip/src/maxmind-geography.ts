import { readFile } from 'node:fs/promises';
import { isIPv4, isIPv6 } from 'node:net';
import type { Geography } from '@kassa-payments/domain';
import { Reader, type CountryResponse } from 'maxmind';

/** What a database says of itself (its metadata), for the start's log line. */
export interface GeographyDatabase {
  readonly path: string;
  readonly databaseType: string;
  readonly builtAt: Date;
}

/** Database types that carry GeoIP2's `country` records (MaxMind's, and DB-IP's in the same shape). */
const COUNTRY_DATABASES = /country|city|enterprise/i;
/** An IPv4 address written as IPv6 (::ffff:a.b.c.d), as a dual-stack listener reports one. */
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
const ISO_COUNTRY = /^[A-Za-z]{2}$/;

/**
 * The geography of a MaxMind DB file (GeoLite2-Country, GeoIP2-Country or -City, or a database in
 * their format): the country where an address is, else (an address MaxMind places nowhere, such as
 * an anycast network) the country where its network is registered.
 */
export class MaxmindGeography implements Geography {
  private constructor(
    private readonly reader: Reader<CountryResponse>,
    readonly database: GeographyDatabase,
  ) {}

  /** Reads the whole file (a GeoLite2-Country is about 10 MB); a file that is not such a database is refused with why. */
  static async open(path: string): Promise<MaxmindGeography> {
    let reader: Reader<CountryResponse>;
    try {
      const file = await readFile(path);
      // MaxMind's downloads are .tar.gz: the .mmdb inside is what to name.
      if (file[0] === 0x1f && file[1] === 0x8b) throw new Error('it is gzipped: name the .mmdb file inside the download');
      reader = new Reader<CountryResponse>(file);
    } catch (err) {
      const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message;
      throw new Error(`cannot open the MaxMind DB ${path}: ${why}`);
    }
    const { databaseType, buildEpoch } = reader.metadata;
    if (!COUNTRY_DATABASES.test(databaseType)) {
      throw new Error(`cannot open the MaxMind DB ${path}: it is a ${databaseType} database, which has no countries (use GeoLite2-Country, GeoIP2-Country or -City)`);
    }
    return new MaxmindGeography(reader, { path, databaseType, builtAt: buildEpoch });
  }

  async countryOfIp(ip: string): Promise<string | undefined> {
    const address = IPV4_MAPPED.exec(ip)?.[1] ?? ip;
    if (!isIPv4(address) && !isIPv6(address)) return undefined;
    // An IPv4-only database would read an IPv6 address by its first 32 bits: a wrong country.
    if (isIPv6(address) && this.reader.metadata.ipVersion === 4) return undefined;
    const found = this.reader.get(address);
    const iso = found?.country?.iso_code ?? found?.registered_country?.iso_code;
    return iso !== undefined && ISO_COUNTRY.test(iso) ? iso.toLowerCase() : undefined;
  }
}
