import type { CarrierInfo, CarrierLookup } from '@kassa/domain';
import { TEST_ENVIRONMENT_MSISDNS } from './test-environment-billing-gateway.js';

/** The sandbox's foreign network: addresses in 198.51.100.0/24 (TEST-NET-2) are in Germany. */
export const SANDBOX_FOREIGN_NETWORK = /^198\.51\.100\.[0-9]{1,3}$/;

/**
 * The test environment's carrier directory: Russian numbers (7 and ten more digits) are billable
 * through one sandbox operator (but TEST_ENVIRONMENT_MSISDNS.unsupported); anything else is not supported. Every client address is in Russia
 * but those of SANDBOX_FOREIGN_NETWORK, which are in Germany ('de').
 */
export class TestEnvironmentCarrierLookup implements CarrierLookup {
  async lookup(msisdn: string): Promise<CarrierInfo | undefined> {
    if (!/^7[0-9]{10}$/.test(msisdn) || msisdn === TEST_ENVIRONMENT_MSISDNS.unsupported) return undefined;
    return { country: 'RU', network: { id: 1, name: 'Sandbox Network' }, operator: { id: 22, name: 'Sandbox Operator' } };
  }

  async countryOfIp(ip: string): Promise<string | undefined> {
    return SANDBOX_FOREIGN_NETWORK.test(ip) ? 'de' : 'ru';
  }
}
