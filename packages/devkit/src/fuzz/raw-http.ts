import { connect } from 'node:net';

/** One HTTP request as bytes on a socket: nothing between the fuzzer and the listener fixes it up. */
export interface RawRequest {
  readonly method: string;
  /** The request target exactly as sent (may be malformed on purpose). */
  readonly path: string;
  /** Header lines as sent, in order; a name may repeat. */
  readonly headers: readonly (readonly [string, string])[];
  readonly body?: Buffer | string;
  /** Leave out the Content-Length header the body would otherwise get. */
  readonly noContentLength?: boolean;
}

export interface RawAnswer {
  readonly status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Why no answer came: the connection was closed or reset before a status line, or time ran out. */
export class NoAnswer extends Error {}

/** The bytes of `request` (HTTP/1.1, `Connection: close`, so the answer ends with the connection). */
export function requestBytes(request: RawRequest, host: string): Buffer {
  const body = request.body === undefined ? Buffer.alloc(0) : Buffer.from(request.body);
  const lines = [`${request.method} ${request.path} HTTP/1.1`, `Host: ${host}`, ...request.headers.map(([n, v]) => `${n}: ${v}`)];
  if (!request.noContentLength && request.body !== undefined) lines.push(`Content-Length: ${body.length}`);
  lines.push('Connection: close', '', '');
  return Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]);
}

/** Sends raw bytes to `base` (http://host:port) and reads until the server closes; the answer parsed. */
export function exchange(base: string, bytes: Buffer, timeoutMs = 15_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: hostname, port: Number(port) });
    const timer = setTimeout(() => socket.destroy(new NoAnswer(`no answer within ${timeoutMs} ms`)), timeoutMs);
    // No half-close after the request: Node's server (like most) takes a client's FIN as an abort
    // and drops an answer still being made. The server closes (Connection: close); a request it
    // still reads on (no length, say) gets the FIN after a while, as from a client that gave up.
    let giveUp: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(bytes);
      giveUp = setTimeout(() => socket.end(), 2_000);
    });
    socket.on('close', () => clearTimeout(giveUp));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (e) => {
      clearTimeout(timer);
      // A reset after a complete answer still counts as the answer.
      const answer = parseAnswer(Buffer.concat(chunks));
      if (answer) resolve(answer);
      else reject(e instanceof NoAnswer ? e : new NoAnswer(`connection failed: ${(e as NodeJS.ErrnoException).code ?? e.message}`));
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const answer = parseAnswer(Buffer.concat(chunks));
      if (answer) resolve(answer);
      else reject(new NoAnswer('the connection closed without an answer'));
    });
  });
}

export const sendRaw = (base: string, request: RawRequest, timeoutMs?: number): Promise<RawAnswer> => exchange(base, requestBytes(request, new URL(base).host), timeoutMs);

/** The final answer in `raw` (interim 1xx answers skipped), or undefined when there is none. */
export function parseAnswer(raw: Buffer): RawAnswer | undefined {
  let rest = raw;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) return undefined;
    const [statusLine = '', ...headerLines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
    if (!status) return undefined;
    rest = rest.subarray(end + 4);
    if (status < 200) continue;
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const body = headers['transfer-encoding']?.includes('chunked') ? dechunk(rest) : rest;
    return { status, headers, body: body.toString('utf8') };
  }
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
