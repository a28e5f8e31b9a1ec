import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bodyDigest, canonicalOfUrl, canonicalQuery, canonicalRequest, signRequestV5 } from './signature-v5.js';

describe('signature version 5', () => {
  it('encodes the query as RFC 3986 says (only unreserved characters as they are) and sorts the encoded pairs by name, then value', () => {
    expect(
      canonicalQuery([
        ['b', 'x y/z'],
        ['a', "it's (a) *test*!"],
        ['a', '1'],
        ['ä', '~'],
      ]),
    ).toBe('%C3%A4=~&a=1&a=it%27s%20%28a%29%20%2Atest%2A%21&b=x%20y%2Fz');
    expect(canonicalQuery([])).toBe('');
  });

  it('signs one line per field, the body as its SHA-256, and a URL as fetch sends it', () => {
    const url = new URL('http://kassa.example/api/v3/projects/1/events?limit=5&after=x');
    const canonical = canonicalRequest(canonicalOfUrl(url, { method: 'get', timestamp: '2026-11-24T10:00:00Z', login: 'shop' }));
    expect(canonical).toBe(`KASSA-HMAC-SHA256-5\nGET\n/api/v3/projects/1/events\nafter=x&limit=5\n${createHash('sha256').digest('hex')}\n2026-11-24T10:00:00Z\nshop\n`);
    expect(bodyDigest('{}')).toBe(bodyDigest(Buffer.from('{}')));
  });

  it('changes with every field it covers', () => {
    const base = {
      method: 'POST',
      path: '/api/v3/projects/1/invoices/x/refund',
      query: [],
      bodySha256: bodyDigest('{}'),
      timestamp: '2026-11-24T10:00:00Z',
      login: 'shop',
      idempotencyKey: '',
    } as const;
    const variants = [
      base,
      { ...base, method: 'GET' },
      { ...base, path: '/api/v3/projects/2/invoices/x/refund' },
      { ...base, query: [['a', '1']] as const },
      { ...base, bodySha256: bodyDigest('{ }') },
      { ...base, timestamp: '2026-11-24T10:00:01Z' },
      { ...base, login: 'shop2' },
      { ...base, idempotencyKey: 'k' },
    ];
    expect(new Set(variants.map((v) => signRequestV5('secret-password', v))).size).toBe(variants.length);
  });
});
