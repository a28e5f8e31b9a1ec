import { describe, expect, it } from 'vitest';
import * as domain from '@kassa/domain';
import * as protocol from '@kassa/protocol';

// The JSON v3 protocol (zod only, packed for merchants) keeps its own copy of the rules both
// transports apply; the domain's is what the XML transports and the widget use. They must agree.
describe('the protocol and the domain agree', () => {
  it('on the limits, the wallets and the payment methods', () => {
    expect(protocol.LIMITS).toEqual(domain.LIMITS);
    expect(protocol.WALLETS).toEqual(domain.WALLETS);
    expect(protocol.PAYMENT_METHODS).toEqual(domain.PAYMENT_METHODS);
  });
});
