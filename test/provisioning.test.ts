import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The test command provisions its MongoDB-compatible server with scripts/ensure-mongo.sh on every
 * run. Piping `ferretdb --version` into `head` or `grep -q` under pipefail failed about one run in
 * five (SIGPIPE, exit 141) and sometimes rebuilt FerretDB: twenty runs in a row must all find it.
 */
describe('scripts/ensure-mongo.sh', () => {
  it('is deterministic: 20 runs in a row succeed and none rebuilds', () => {
    const outcomes = Array.from({ length: 20 }, () => {
      // Without MONGO_URL, so that the script looks for its server itself (mongod, or the FerretDB build).
      const { MONGO_URL: _given, ...env } = process.env;
      const run = spawnSync('bash', ['scripts/ensure-mongo.sh'], { encoding: 'utf8', timeout: 60_000, env });
      return `${run.status} ${run.stdout.trim()}`;
    });
    const first = outcomes[0] ?? '';
    expect(first).toMatch(/^0 mongo: using /);
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => first));
  }, 120_000);
});
