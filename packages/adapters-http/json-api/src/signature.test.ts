import { createHmac } from 'node:crypto';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { SignatureVerifier } from './signature.js';

const hmacHex = (key: string, message: string) => createHmac('sha256', key).update(message, 'utf8').digest('hex');
/** The spec's algorithm written out once more, without the kept inner hash. */
const specSignature = (password: string, login: string, timestamp: string, version: '3' | '4', payload: string) =>
  hmacHex(password, (version === '4' ? payload : '') + login + hmacHex(password, timestamp));

describe('SignatureVerifier', () => {
  // Few logins, passwords and timestamps, so the sequences repeat them and change one at a time.
  const request = fc.record({
    login: fc.constantFrom('alpha', 'beta'),
    password: fc.constantFrom('p1', 'p2', 'p3'),
    timestamp: fc.constantFrom('2026-11-22T10:00:00Z', '2026-11-22T10:00:01Z'),
    version: fc.constantFrom<'3' | '4'>('3', '4'),
    payload: fc.string({ maxLength: 8 }),
  });

  test.prop([fc.array(request, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 3 })])(
    'keeping the last inner hash per login gives the spec signature in any order, whatever the cap',
    (requests, cap) => {
      const verifier = new SignatureVerifier(cap);
      for (const r of requests) {
        expect(verifier.expected(r.password, r.login, r.timestamp, r.version, r.payload)).toBe(specSignature(r.password, r.login, r.timestamp, r.version, r.payload));
      }
    },
  );

  it('a changed password is used at once, within the same second', () => {
    const timestamp = '2026-11-22T10:00:00Z';
    const verifier = new SignatureVerifier();
    const before = verifier.expected('old-password', 'gamma', timestamp, '3', '');
    const after = verifier.expected('new-password', 'gamma', timestamp, '3', '');
    expect(after).not.toBe(before);
    expect(after).toBe(specSignature('new-password', 'gamma', timestamp, '3', ''));
  });
});
