import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

/** A static file of the widget host, read and gzipped once per process, when its route is made. */
interface Asset {
  readonly body: Buffer;
  readonly gzipped: Buffer;
}

// The same relative places from src/ (tests) and dist/ (the built app): the stylesheet as written,
// the scripts as built from src/browser (TypeScript) by `tsc -b`.
const STATIC = new URL('../../static/', import.meta.url);
const BROWSER = new URL('../../dist/browser/', import.meta.url);
const FILES = {
  'embed.js': { dir: BROWSER, type: 'text/javascript; charset=utf-8' },
  'page.js': { dir: BROWSER, type: 'text/javascript; charset=utf-8' },
  'widget.css': { dir: STATIC, type: 'text/css; charset=utf-8' },
  'dashboard.js': { dir: BROWSER, type: 'text/javascript; charset=utf-8' },
  'dashboard.css': { dir: STATIC, type: 'text/css; charset=utf-8' },
} as const;
export type AssetName = keyof typeof FILES;

const loaded = new Map<AssetName, Asset>();
function asset(name: AssetName): Asset {
  let found = loaded.get(name);
  if (!found) {
    const file = new URL(name, FILES[name].dir);
    if (!existsSync(file)) throw new Error(`${fileURLToPath(file)} is missing: build the widget's scripts first (npm run build)`);
    const body = readFileSync(file);
    found = { body, gzipped: gzipSync(body, { level: 9 }) };
    loaded.set(name, found);
  }
  return found;
}

/**
 * Serves a static file: gzipped when the client accepts it, cached for five minutes, readable from
 * any origin (embed.js is loaded by merchants' pages).
 */
export const assetRoute = (name: AssetName) => {
  // At start-up, not on the first request: a missing file stops the app from starting.
  const { body, gzipped } = asset(name);
  return (req: Request, res: Response) => {
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    res
      .status(200)
      .set({
        'Content-Type': FILES[name].type,
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
