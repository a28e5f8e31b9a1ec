import { describe, expect, it } from 'vitest';
import { codeOf, phone, testKassa, value } from './kassa.fixture.js';

/** Wraps every async method so that each call yields to the event loop a random number of times. */
function jittered<T extends object>(target: T): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      const member = Reflect.get(obj, prop, receiver);
      if (typeof member !== 'function') return member;
      return async (...args: unknown[]) => {
        for (let n = Math.floor(Math.random() * 4); n > 0; n--) await new Promise((r) => setImmediate(r));
        const result = await member.apply(obj, args);
        for (let n = Math.floor(Math.random() * 4); n > 0; n--) await new Promise((r) => setImmediate(r));
        return result;
      };
    },
  });
}

describe('twenty concurrent wrong PINs', () => {
  it('count at most three attempts on one contract and one invoice, interleaved', async () => {
    for (let round = 0; round < 10; round++) {
      const kassa = testKassa();
      const contract = value(await kassa.useCases.createContract.execute({ projectId: 1, merchantContractId: 'mc', customer: phone() }));
      const { invoice } = value(await kassa.useCases.createInvoice.execute({ projectId: 1, partnerLogin: 'merchant', merchantOrderId: 'o', customer: phone('79007654321') }));
      // The same use cases over repositories whose every call is delayed at random: real interleaving.
      const { kassaUseCases } = await import('@kassa-payments/domain');
      const racy = kassaUseCases({ ...kassa.ports, contracts: jittered(kassa.ports.contracts), invoices: jittered(kassa.ports.invoices) });
      const calls = Array.from({ length: 20 }, (_, n) =>
        n % 2 === 0
          ? racy.authorizeContract.execute({ projectId: 1, contractId: contract.id, pinCode: `9${n}` })
          : racy.authorizeInvoice.execute({ projectId: 1, invoiceId: invoice.id, pinCode: `9${n}` }),
      );
      const answers = (await Promise.all(calls)).map(codeOf);
      const storedContract = await kassa.ports.contracts.get(1, contract.id);
      const storedInvoice = await kassa.ports.invoices.get(1, invoice.id);
      expect(storedContract?.pinAttempts).toBe(3);
      expect(storedInvoice?.pinAttempts).toBe(3);
      expect(answers.filter((c) => c === 'CONTRACT_NOT_AUTHORIZED')).toHaveLength(2);
      expect(answers.filter((c) => c === 'INVOICE_NOT_AUTHORIZED')).toHaveLength(2);
      expect(codeOf(await kassa.useCases.authorizeContract.execute({ projectId: 1, contractId: contract.id, pinCode: '1234' }))).toBe('CONTRACT_AUTH_ATTEMPTS_EXCEEDED');
      expect(codeOf(await kassa.useCases.authorizeInvoice.execute({ projectId: 1, invoiceId: invoice.id, pinCode: '1234' }))).toBe('INVOICE_AUTH_ATTEMPTS_EXCEEDED');
    }
  });
});
