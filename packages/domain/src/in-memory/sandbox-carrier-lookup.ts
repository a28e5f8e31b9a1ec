import type { CarrierInfo, CarrierLookup } from '../ports/carrier-lookup.port.js';

/**
 * The test environment's carrier directory: Russian numbers (7 and ten more digits) are billable
 * through one sandbox operator; anything else is not supported.
 */
export class SandboxCarrierLookup implements CarrierLookup {
  async lookup(msisdn: string): Promise<CarrierInfo | undefined> {
    if (!/^7[0-9]{10}$/.test(msisdn)) return undefined;
    return { country: 'RU', network: { id: 1, name: 'Sandbox Network' }, operator: { id: 22, name: 'Sandbox Operator' } };
  }
}
