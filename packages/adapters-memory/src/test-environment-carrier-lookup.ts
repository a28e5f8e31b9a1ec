import type { CarrierInfo, CarrierLookup } from '@kassa-payments/domain';
import { TEST_ENVIRONMENT_MSISDNS } from './test-environment-billing-gateway.js';

/**
 * The test environment's carrier directory: Russian numbers (7 and ten more digits) are billable
 * through one sandbox operator (but TEST_ENVIRONMENT_MSISDNS.unsupported); anything else is not
 * supported. Where an address is, is the sandbox's geography (TestEnvironmentGeography).
 */
export class TestEnvironmentCarrierLookup implements CarrierLookup {
  async lookup(msisdn: string): Promise<CarrierInfo | undefined> {
    if (!/^7[0-9]{10}$/.test(msisdn) || msisdn === TEST_ENVIRONMENT_MSISDNS.unsupported) return undefined;
    return { country: 'RU', network: { id: 1, name: 'Sandbox Network' }, operator: { id: 22, name: 'Sandbox Operator' } };
  }
}
