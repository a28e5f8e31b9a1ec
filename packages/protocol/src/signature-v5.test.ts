import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi.js';
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

  it("states in the OpenAPI description that a query is decoded before it is encoded, and that the encoded pairs are sorted, with an example (a client written from the description alone signs '+' as %20, not %2B)", () => {
    const { info } = openApiDocument({ servers: [], statusOf: () => 400, environment: 'production' }) as { info: { description: string } };
    expect(info.description).toContain('first decoded as application/x-www-form-urlencoded reads them: + a space');
    expect(info.description).toContain('sorted by encoded name, then encoded value, in byte order');
    const [, query, line] = /Query example \(version 5\): the query \?(\S+) is the line "([^"]*)" of the canonical request\./.exec(info.description) ?? [];
    expect([query, line]).toEqual(['type=payment.updated&after=x+y&%C3%A4=%7E&-=%2B&limit=', '%C3%A4=~&-=%2B&after=x%20y&limit=&type=payment.updated']);
    expect(canonicalQuery(new URLSearchParams(query))).toBe(line);
  });

  it('gives the shared test vectors their canonical request and signature, over the URL as fetch sends it (the Python SDK and the server are held to the same file)', () => {
    const { vectors } = JSON.parse(readFileSync(new URL('./signature-v5.vectors.json', import.meta.url), 'utf8')) as { vectors: SignatureV5Vector[] };
    expect(vectors.length).toBeGreaterThanOrEqual(5);
    for (const v of vectors) {
      const url = new URL(v.target, 'http://kassa.example');
      // fetch sends the URL's path and query: the target of the vector, unchanged.
      expect(url.pathname + url.search, v.name).toBe(v.target);
      const request = canonicalOfUrl(url, { method: v.method, timestamp: v.timestamp, login: v.login, body: v.body, idempotencyKey: v.idempotencyKey });
      expect([canonicalRequest(request), signRequestV5(v.password, request)], v.name).toEqual([v.canonical, v.signature]);
    }
  });
});

/** One request of signature-v5.vectors.json. */
interface SignatureV5Vector {
  readonly name: string;
  readonly method: string;
  readonly target: string;
  readonly body?: string;
  readonly idempotencyKey: string;
  readonly password: string;
  readonly login: string;
  readonly timestamp: string;
  readonly canonical: string;
  readonly signature: string;
}
