import type { Geography } from '@kassa-payments/domain';

/** The sandbox's foreign network: addresses in 198.51.100.0/24 (TEST-NET-2) are in Germany. */
export const SANDBOX_FOREIGN_NETWORK = /^198\.51\.100\.[0-9]{1,3}$/;

/**
 * The test environment's geography when no database is configured (KASSA_GEOIP_DATABASE): every
 * client address is in Russia ('ru', where the sandbox's numbers are) but those of
 * SANDBOX_FOREIGN_NETWORK, which are in Germany ('de'), so that the country match can be tried.
 */
export class TestEnvironmentGeography implements Geography {
  async countryOfIp(ip: string): Promise<string | undefined> {
    return SANDBOX_FOREIGN_NETWORK.test(ip) ? 'de' : 'ru';
  }
}
