import type { RequestContext } from '../../ports/request-context.port.js';
import type { CarrierInfo } from '../../ports/carrier-lookup.port.js';
import type { KassaPorts } from '../../ports/kassa-ports.js';

export interface BillingCheck {
  readonly supported: boolean;
  readonly msisdn: string;
  readonly carrier: CarrierInfo | undefined;
}

/** POST /billing/check: whether activation and billing are possible for a number. */
export class CheckBilling {
  constructor(private readonly ports: Pick<KassaPorts, 'carriers'>) {}

  async execute(input: { readonly msisdn: string }, context?: RequestContext): Promise<BillingCheck> {
    const carrier = await this.ports.carriers.lookup(input.msisdn, context);
    return { supported: carrier !== undefined, msisdn: input.msisdn, carrier };
  }
}
