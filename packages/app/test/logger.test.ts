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
    expect(lines).toHaveLength(2);
    // The line's own fields (time, pid) are dropped before the search: a millisecond timestamp can hold '737'.
    const written = lines.map((line) => {
      const { time: _time, pid: _pid, hostname: _host, ...rest } = JSON.parse(line) as Record<string, unknown>;
      return JSON.stringify(rest);
    });
    const text = written.join('\n');
    expect(text).not.toContain('4111111111111111');
    expect(text).not.toContain('737');
    expect(text).toContain('1111');
  });
});
