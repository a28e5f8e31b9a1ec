import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The test command provisions its MongoDB-compatible server with scripts/ensure-mongo.sh on every
 * run: it must find what it built before (by the hash of what it was built from) and never fetch
 * or build again, twenty runs in a row (pipes under pipefail once made such checks fail at random).
 */
describe('scripts/ensure-mongo.sh', () => {
  it('is deterministic: 20 runs in a row succeed and none rebuilds', () => {
    const outcomes = Array.from({ length: 20 }, () => {
      // Without MONGO_URL, so that the script looks for its server itself (mongod, or the mongo-java-server build).
      const { MONGO_URL: _given, ...env } = process.env;
      const run = spawnSync('bash', ['scripts/ensure-mongo.sh'], { encoding: 'utf8', timeout: 60_000, env });
      return `${run.status} ${run.stdout.trim()}`;
    });
    const first = outcomes[0] ?? '';
    expect(first).toMatch(/^0 mongo: using /);
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => first));
  }, 120_000);
});
