import { describe, expect, it } from 'vitest';
import { InMemorySignatureUses } from './in-memory-signature-uses.js';

const UNTIL = '2099-01-01T00:00:00.000Z';

describe('InMemorySignatureUses', () => {
  it('keeps between one and two generations: a signature is known until two newer generations filled', async () => {
    const uses = new InMemorySignatureUses(2);
    expect(await uses.firstUse('a', 'getInvoice 1', UNTIL)).toBe('getInvoice 1');
    await uses.firstUse('b', 'x', UNTIL);
    await uses.firstUse('c', 'x', UNTIL); // a and b are the older generation now
    expect(await uses.firstUse('a', 'cancelInvoice 1', UNTIL)).toBe('getInvoice 1');
    await uses.firstUse('d', 'x', UNTIL);
    await uses.firstUse('e', 'x', UNTIL); // c and d older: a and b are gone
    expect(await uses.firstUse('a', 'cancelInvoice 1', UNTIL)).toBe('cancelInvoice 1');
  });
});
