import { readFileSync } from 'node:fs';

/** What this build of Kassa is: /health, the start line, `kassa --version` and kassa_build_info say it. */
export interface BuildInfo {
  /** The product's one version (semver), the app package's: every package carries the same (test/version.test.ts). */
  readonly version: string;
  /** The commit built: KASSA_COMMIT (an image's build sets it), else the checkout's HEAD, else `unknown`. */
  readonly commit: string;
}

const readText = (url: URL): string | undefined => {
  try {
    return readFileSync(url, 'utf8').trim();
  } catch {
    return undefined;
  }
};

/**
 * The checkout's HEAD, read from `.git` two folders above this package (a checkout of Kassa), not by
 * running git: installed from a tarball inside another repository, the package must not claim that
 * repository's commit.
 */
function checkoutCommit(): string | undefined {
  const git = new URL('../../../.git/', import.meta.url);
  const head = readText(new URL('HEAD', git));
  if (head === undefined) return undefined;
  if (/^[0-9a-f]{40}$/.test(head)) return head;
  const ref = /^ref: (refs\/[\w./-]+)$/.exec(head)?.[1];
  if (ref === undefined) return undefined;
  const loose = readText(new URL(ref, git));
  if (loose !== undefined && /^[0-9a-f]{40}$/.test(loose)) return loose;
  const packed = readText(new URL('packed-refs', git))
    ?.split('\n')
    .find((line) => line.endsWith(` ${ref}`));
  return packed?.slice(0, 40);
}

let cached: BuildInfo | undefined;

/** This build's version and commit: the process's read once, another environment's each time it is asked. */
export function buildInfo(env: Readonly<Record<string, string | undefined>> = process.env): BuildInfo {
  if (env === process.env && cached) return cached;
  const { version } = JSON.parse(readText(new URL('../package.json', import.meta.url)) ?? '{}') as { version?: string };
  const given = env['KASSA_COMMIT'];
  const commit = given && /^[0-9a-f]{7,40}$/.test(given) ? given : (checkoutCommit()?.slice(0, 12) ?? 'unknown');
  const info = { version: version ?? 'unknown', commit };
  if (env === process.env) cached = info;
  return info;
}
