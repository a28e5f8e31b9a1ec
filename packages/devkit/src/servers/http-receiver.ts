import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface HttpReceiver {
  readonly url: string;
  /** Every request, in the order it came. */
  readonly received: Received[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 and a free port that records every request; `answer` writes the
 * response (default: 204). For webhook receivers and the shop pages of the browser tests.
 */
export async function startReceiver(answer?: (request: Received, res: ServerResponse, req: IncomingMessage) => void): Promise<HttpReceiver> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      if (answer) answer(request, res, req);
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
