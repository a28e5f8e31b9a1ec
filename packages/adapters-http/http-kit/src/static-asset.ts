import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

/** A static file of a listener, read and gzipped once per process, when its route is made. */
interface Asset {
  readonly body: Buffer;
  readonly gzipped: Buffer;
}

const loaded = new Map<string, Asset>();
function asset(file: URL): Asset {
  let found = loaded.get(file.href);
  if (!found) {
    if (!existsSync(file)) throw new Error(`${fileURLToPath(file)} is missing: build the browser scripts first (npm run build)`);
    const body = readFileSync(file);
    found = { body, gzipped: gzipSync(body, { level: 9 }) };
    loaded.set(file.href, found);
  }
  return found;
}

/**
 * Serves the static file `file` as `contentType`: gzipped when the client accepts it, cached for
 * five minutes, readable from any origin (embed.js is loaded by merchants' pages).
 */
export const staticFileRoute = (file: URL, contentType: string) => {
  // At start-up, not on the first request: a missing file stops the app from starting.
  const { body, gzipped } = asset(file);
  return (req: Request, res: Response) => {
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    res
      .status(200)
      .set({
        'Content-Type': contentType,
        'Cache-Control': 'public, max-age=300',
        'Access-Control-Allow-Origin': '*',
        'Cross-Origin-Resource-Policy': 'cross-origin',
        'X-Content-Type-Options': 'nosniff',
        Vary: 'Accept-Encoding',
        ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      })
      .end(gzip ? gzipped : body);
  };
};
