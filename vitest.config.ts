import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { workspaceFolders } from './scripts/workspaces.mjs';
import LongestFirst from './test/longest-first.sequencer.js';

/** Each @kassa-payments/<name> resolves to its folder's src/index.ts (the root manifest's workspaces). */
const WORKSPACES = workspaceFolders();
const src = (pkg: string) => fileURLToPath(new URL(`./${WORKSPACES.get(pkg)}/src/index.ts`, import.meta.url));

const ALL = ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'packages/adapters-http/*/src/**/*.test.ts', 'packages/adapters-http/*/test/**/*.test.ts', 'test/**/*.test.ts'];
/** Files that `inject` mongoUrl, redisUrl or both (run with those servers' global setups; the rest start none). */
const MONGO_TESTS = ['packages/adapters-mongo/src/**/*.test.ts', 'packages/app/test/{mongo-storage,packing,listen.e2e,release}.test.ts'];
const REDIS_TESTS = ['packages/adapters-queue/src/**/*.test.ts'];
const PROCESS_TESTS = ['packages/app/test/{app.e2e,workers,subscription-workers,multi-api,tracing,redis-tls,upgrade}.test.ts'];
/** Redis failover under load (Sentinel, Cluster): each starts its own Redis processes, beside the rest. */
const FAILOVER_TESTS = ['packages/app/test/*.failover.test.ts'];
/**
 * The hot path's guard measures throughput: it runs on its own after the rest (`npm test`'s second
 * vitest run, KASSA_HOT_PATH=1), since beside the suite's other files it measured their load (a
 * full run read 0.10-0.29 where a quiet machine reads 0.5).
 */
const HOT_PATH_TESTS = ['packages/app/test/p1-guard.test.ts'];
const HOT_PATH_RUN = process.env['KASSA_HOT_PATH'] === '1';
/**
 * The end-to-end suites run again on MongoDB: only those whose flows depend on what the storage does
 * beyond the repositories' contract suite (mongo-repositories.contract.test.ts) — concurrent keyed
 * requests, listings and their cursors, the dashboard's aggregates, retention and recovery, test
 * clocks' limits, the outbox and deliveries, sealed endpoint secrets, the shared signature-use record,
 * subscriptions' due charges. The rest exercise the HTTP layer, which is the same on every storage.
 */
const E2E_ON_MONGO = ['idempotency', 'lists', 'dashboard-truth', 'operations', 'test-clocks', 'webhooks', 'webhook-endpoint-secrets', 'signature-replay', 'subscriptions'];
const MONGO = 'test/mongo.global-setup.ts';
const REDIS = 'test/redis.global-setup.ts';

export default defineConfig({
  resolve: {
    // Tests run against the sources (the test command's `tsc -b` builds only what is served as
    // built files: the browser scripts, in the pages' and the dashboard's dist/browser).
    // Exact names (a regex each), so that a subpath such as @kassa-payments/domain/testing is not read as a
    // file under the package's index.
    alias: [
      ...[...WORKSPACES.keys()].map((pkg) => ({ find: new RegExp(`^@kassa-payments/${pkg}$`), replacement: src(pkg) })),
      { find: /^@kassa-payments\/domain\/testing$/, replacement: fileURLToPath(new URL('./packages/domain/src/testing/index.ts', import.meta.url)) },
      { find: /^@kassa-payments\/operations\/testing$/, replacement: fileURLToPath(new URL('./packages/operations/src/testing/index.ts', import.meta.url)) },
      { find: /^@kassa-payments\/adapters-geoip\/testing$/, replacement: fileURLToPath(new URL('./packages/adapters-geoip/src/testing/index.ts', import.meta.url)) },
      { find: /^@kassa-payments\/http-kit\/testing$/, replacement: fileURLToPath(new URL('./packages/adapters-http/http-kit/src/testing/index.ts', import.meta.url)) },
    ],
  },
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    // After the run: each project's wall time and the ten slowest files (test/timing.reporter.ts).
    reporters: ['default', './test/timing.reporter.ts'],
    // Longest files first, across projects (test/longest-first.sequencer.ts).
    sequence: { sequencer: LongestFirst },
    // Transformed sources kept on disk (under node_modules, so a new install starts afresh) for the
    // next run: a provisioned run transforms nothing it transformed before (docs/decisions.md).
    experimental: { fsModuleCache: true },
    // Most files wait on sockets, child processes and timers rather than the CPU: more files at once
    // than cores (2 here) keeps both busy while the two multi-process suites run (docs/decisions.md).
    maxWorkers: 3,
    // KASSA_CPU_PROFILE=<file>: each file's CPU seconds, appended to <file> (test/cpu-profile.setup.ts).
    ...(process.env['KASSA_CPU_PROFILE'] ? { setupFiles: ['./test/cpu-profile.setup.ts'] } : {}),
    projects: [
      // Everything that needs no server of its own: the domain, the protocol, the adapters' unit
      // tests, and the app's end-to-end suites on in-memory storage. No global setup.
      // Its files share each worker's module cache (isolate: false): no test stubs a module, a global or
      // the environment, and importing the sources once a worker instead of once a file took the
      // import time of 51 of its files from 68 s to 25 s (docs/decisions.md).
      {
        extends: true,
        test: { name: 'unit', include: ALL, exclude: [...MONGO_TESTS, ...REDIS_TESTS, ...PROCESS_TESTS, ...FAILOVER_TESTS, ...HOT_PATH_TESTS, '**/node_modules/**', '**/dist/**'], isolate: false },
      },
      // The tests that talk to MongoDB (its adapter, the app's storage, the packed packages) ...
      { extends: true, test: { name: 'mongo', include: MONGO_TESTS, globalSetup: [MONGO] } },
      // ... to Redis (the BullMQ adapter) ...
      { extends: true, test: { name: 'redis', include: REDIS_TESTS, globalSetup: [REDIS] } },
      // ... or to both (the app as separate api and worker processes).
      { extends: true, test: { name: 'processes', include: PROCESS_TESTS, globalSetup: [MONGO, REDIS] } },
      // ... or to a Redis of their own that fails over (a Sentinel set, a Cluster), in parallel with the rest.
      { extends: true, test: { name: 'failover', include: FAILOVER_TESTS, globalSetup: [MONGO] } },
      // The end-to-end suites whose flows lean on what MongoDB does beyond the repositories' contract
      // suite (E2E_ON_MONGO), once more with the app on MongoDB storage.
      {
        extends: true,
        test: {
          name: 'e2e-mongo',
          include: [`packages/app/test/{${E2E_ON_MONGO.join(',')}}.e2e.test.ts`],
          globalSetup: [MONGO, REDIS],
          env: { KASSA_E2E_STORAGE: 'mongo' },
        },
      },
      // The flows whose work is jobs once more, with MongoDB and BullMQ on Redis (the simulators' retried
      // charge, and the idempotency keys on the events of jobs, included).
      {
        extends: true,
        test: {
          name: 'e2e-redis',
          include: ['packages/app/test/{webhooks,invoices,contracts,sandbox,idempotency,test-clocks}.e2e.test.ts'],
          globalSetup: [MONGO, REDIS],
          env: { KASSA_E2E_STORAGE: 'mongo', KASSA_E2E_REDIS: '1' },
        },
      },
      ...(HOT_PATH_RUN ? [{ extends: true as const, test: { name: 'hot-path', include: HOT_PATH_TESTS } }] : []),
    ],
  },
});
