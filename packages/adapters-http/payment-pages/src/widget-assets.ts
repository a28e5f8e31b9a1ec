import { staticFileRoute } from '@kassa-payments/http-kit';

// The same relative places from src/ (tests) and dist/ (the built app): the stylesheet as written,
// the scripts as built from src/browser (TypeScript) by `tsc -b`.
const STATIC = new URL('../static/', import.meta.url);
const BROWSER = new URL('../dist/browser/', import.meta.url);
const FILES = {
  'embed.js': { dir: BROWSER, type: 'text/javascript; charset=utf-8' },
  'page.js': { dir: BROWSER, type: 'text/javascript; charset=utf-8' },
  'widget.css': { dir: STATIC, type: 'text/css; charset=utf-8' },
} as const;
export type AssetName = keyof typeof FILES;

/** Serves one of the widget host's static files. */
export const assetRoute = (name: AssetName) => staticFileRoute(new URL(name, FILES[name].dir), FILES[name].type);
