import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';

/** A destination that keeps the lines pino writes. */
function capture(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, lines };
}

describe('the logger', () => {
  it('keeps a payment-page card out of a line a gateway plugin writes: the number masked, the security code redacted', () => {
    const { stream, lines } = capture();
    const logger = createLogger('info', stream);
    const card = { pan: '4111111111111111', expirationMonth: 12, expirationYear: 2031, securityCode: '737' };
    logger.info({ card }, 'charging');
    logger.info({ ...card }, 'charging, the card spread');
    const text = lines.join('');
    expect(lines).toHaveLength(2);
    expect(text).not.toContain('4111111111111111');
    expect(text).not.toContain('737');
    expect(text).toContain('1111');
  });
});
