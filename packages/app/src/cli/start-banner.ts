import { resolve } from 'node:path';
import type { Directory } from '../seed.js';
import type { ListenerName } from '../settings.js';

/** What the banner needs of a started Kassa. */
export interface BannerFacts {
  readonly version: string;
  readonly urls: Readonly<Record<ListenerName, string>>;
  readonly directory: Directory;
  /** The embedded mode's data folder, when there is one. */
  readonly dataDir: string | undefined;
  /** The admin API's token (the demo's own, or the one given): the operator's commands read it. */
  readonly adminToken: string | undefined;
}

/**
 * A listener's address as this machine's clients reach it: one bound to every interface (0.0.0.0 or
 * ::, as in the image) is reached on loopback; the CLI refuses plain http to any other host.
 */
export const reachable = (url: string): string => url.replace(/^http:\/\/0\.0\.0\.0:/, 'http://127.0.0.1:').replace(/^http:\/\/\[::\]:/, 'http://[::1]:');

/**
 * The test environment's start banner: what a newcomer needs next, on standard output and never in
 * the log (the demo's password and secrets are shown here, once a start): the addresses, the demo
 * login, and the variables `kassa trigger`, `kassa listen` and the docs' snippets read, as lines to
 * paste into a shell.
 */
export function startBanner(facts: BannerFacts): string {
  const partner = facts.directory.partners[0];
  const project = facts.directory.projects[0];
  const urls = Object.fromEntries(Object.entries(facts.urls).map(([name, url]) => [name, reachable(url)])) as Record<ListenerName, string>;
  const exports = [
    `export KASSA_API_URL=${urls.api} KASSA_LOGIN=${partner?.login} KASSA_PASSWORD=${partner?.password} KASSA_PROJECT=${project?.id}`,
    ...(project?.webhookSecret ? [`export KASSA_WEBHOOK_SECRET=${project.webhookSecret}`] : []),
    ...(project?.subscriptionSecret ? [`export KASSA_SUBS_URL=${urls.subs} KASSA_SUBSCRIPTION_SECRET=${project.subscriptionSecret}`] : []),
    ...(facts.adminToken ? [`export KASSA_ADMIN_URL=${urls.admin} KASSA_ADMIN_TOKEN=${facts.adminToken}`] : []),
    // The folder `kassa backup` copies (a path the line can hold as it is; another is on the Data folder line only).
    ...(facts.dataDir && /^[\w./-]+$/.test(resolve(facts.dataDir)) ? [`export KASSA_DATA_DIR=${resolve(facts.dataDir)}`] : []),
  ];
  return [
    '',
    `Kassa ${facts.version}, test environment (fixed PIN 1234; nothing here moves money)`,
    `  API ${urls.api}  (OpenAPI ${urls.api}/api/v3/openapi.json)`,
    `  Dashboard ${urls.api}/dashboard/  (sign in as ${partner?.login}, password ${partner?.password})`,
    `  PCI ${urls.pci}  widget ${urls.widget}  subscriptions ${urls.subs}  admin ${urls.admin}`,
    facts.dataDir ? `  Data folder ${resolve(facts.dataDir)}  (kept across restarts; delete it for a new demo partner)` : '  Data folder: none: memory only, gone at the next restart',
    '',
    `Demo partner ${partner?.login}, project ${project?.id}. For your shell (npx kassa trigger, npx kassa listen and the docs' snippets read these):`,
    ...exports.map((line) => `  ${line}`),
    "  KASSA_WEBHOOK_SECRET is the project's webhook signing secret: `npx kassa listen` signs with it, your handler verifies with it.",
    'Next: npx kassa trigger payment.updated   (docs/merchants/sandbox.md)',
    '',
    '',
  ].join('\n');
}

/** The variables a shell has after the banner's `export` lines are pasted into it (the banner's reader: the tests that start Kassa as a newcomer does). */
export function bannerVariables(banner: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of banner.split('\n').filter((l) => l.trim().startsWith('export '))) {
    for (const pair of line.trim().slice('export '.length).split(/\s+/)) {
      const at = pair.indexOf('=');
      if (at > 0) env[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return env;
}
