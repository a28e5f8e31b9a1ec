import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Served {
  readonly base: string;
  readonly port: number;
  readonly close: () => Promise<void>;
}

/** Serves `app` over real HTTP on a free loopback port, for a test; `close` stops it. */
export async function serve(app: RequestListener): Promise<Served> {
  const server = createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}
