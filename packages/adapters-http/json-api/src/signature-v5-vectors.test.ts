import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { CallerAuthentication } from '@kassa-payments/operations';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kassaUseCases } from '@kassa-payments/domain';
import { inMemoryPorts, projectWithDefaults } from '@kassa-payments/adapters-memory';
import { KassaClient } from '@kassa-payments/merchant-client';
import { serve, type Served } from '@kassa-payments/http-kit/testing';
import { createApiApp } from './api-app.js';
import { SignatureVerifier } from './signature.js';

// The server reads a version 5 request as the clients sign it: the shared test vectors (which the
// merchant client and the Python SDK are held to) sent byte for byte, each one authenticated.
interface Vector {
  readonly name: string;
  readonly method: string;
  readonly target: string;
  readonly body?: string;
  readonly idempotencyKey: string;
  readonly password: string;
  readonly login: string;
  readonly timestamp: string;
  readonly signature: string;
}
const { vectors } = JSON.parse(readFileSync(new URL('../../../protocol/src/signature-v5.vectors.json', import.meta.url), 'utf8')) as { vectors: Vector[] };
const first = vectors[0] as Vector;
const projectOf = (v: Vector) => Number(/^\/api\/v3\/projects\/(\d+)\//.exec(v.target)?.[1]);

let served: Served;
beforeAll(async () => {
  const partner = { login: first.login, password: first.password, testCallbackAllowed: false };
  const ports = inMemoryPorts({ partners: [partner], projects: [projectWithDefaults({ id: projectOf(first), partnerLogin: first.login }), projectWithDefaults({ id: 8, partnerLogin: first.login })] });
  ports.clock.set(new Date(Date.parse(first.timestamp)).toISOString());
  const app = createApiApp({
    useCases: kassaUseCases(ports),
    projects: ports.projects,
    callers: new CallerAuthentication({ projects: ports.projects, clock: ports.clock }),
    carriers: ports.carriers,
    paymentPages: ports.paymentPages,
    clock: ports.clock,
    mode: 'test',
    logger: pino({ level: 'silent' }),
    signatures: new SignatureVerifier(),
  });
  served = await serve(app);
});
afterAll(() => served.close());

/** Sends `v` exactly: its method, its request target (`target` unless given), its body's bytes and its signature headers. The status and error code. */
function send(v: Vector, target = v.target, method = v.method, body = v.body): Promise<string> {
  const { hostname, port } = new URL(served.base);
  const headers: Record<string, string> = { 'X-Login': v.login, 'X-Timestamp': v.timestamp, 'X-Signature-Version': '5', 'X-Signature': v.signature };
  if (v.idempotencyKey) headers['Idempotency-Key'] = v.idempotencyKey;
  if (body !== undefined) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) });
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, method, path: target, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(`${res.statusCode} ${text ? ((JSON.parse(text) as { error?: { code: string } }).error?.code ?? 'ok') : ''}`.trim()));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('signature version 5: the shared test vectors, as the server reads them', () => {
  it('authenticates every vector sent as is (whatever the operation then answers)', async () => {
    for (const v of vectors) expect(await send(v), v.name).not.toMatch(/^401 /);
  });

  it('authenticates every vector sent with an absolute-form request target (RFC 9112 3.2.2: a server must accept it), which Express routes by its path', async () => {
    for (const v of vectors) expect(await send(v, `${served.base}${v.target}`), v.name).not.toMatch(/^401 /);
  });

  it("refuses a vector's signature on another project, path, method, query or body", async () => {
    const post = vectors.find((v) => v.method === 'POST' && v.body !== undefined) as Vector;
    const other = post.target.replace(`/projects/${projectOf(post)}/`, '/projects/8/');
    expect(await send(post, other)).toBe('401 AUTH_INVALID_SIGNATURE');
    expect(await send(post, `${post.target}/`)).toBe('401 AUTH_INVALID_SIGNATURE');
    expect(await send(post, `${post.target}?a=1`)).toBe('401 AUTH_INVALID_SIGNATURE');
    const removal = vectors.find((v) => v.method === 'DELETE') as Vector;
    expect(await send(removal, removal.target, 'GET')).toBe('401 AUTH_INVALID_SIGNATURE');
    expect(await send(post, post.target, 'POST', `${post.body} `)).toBe('401 AUTH_INVALID_SIGNATURE');
    expect(await send(first, first.target.replace('b=x+y', 'b=x%2By'))).toBe('401 AUTH_INVALID_SIGNATURE');
  });

  it('the merchant client signs an Idempotency-Key as fetch sends it: without the spaces and line breaks around it (a key read from a file with its newline was refused)', async () => {
    for (const key of ['k-3\n', ' k-4\t', 'k 5']) {
      const client = new KassaClient({ baseUrl: served.base, login: first.login, password: first.password, now: () => new Date(first.timestamp), headers: { 'Idempotency-Key': key } });
      const answer = await client.resetTestData(projectOf(first));
      expect(`${answer.status} ${answer.ok ? 'ok' : answer.error.code}`, JSON.stringify(key)).toBe('200 ok');
    }
  });
});
