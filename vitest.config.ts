import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

const ALL = ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'test/**/*.test.ts'];
/** Files that `inject` mongoUrl or redisUrl (run with the servers' global setups; the rest start none). */
const SERVER_TESTS = ['packages/adapters-mongo/src/**/*.test.ts', 'packages/adapters-queue/src/**/*.test.ts', 'packages/app/test/{app.e2e,mongo-storage,packing,workers,subscription-workers}.test.ts'];
// A MongoDB-compatible server (MONGO_URL, mongod, or the bundled stand-in) and Redis (REDIS_URL, or redis-server).
const MONGO = 'test/mongo.global-setup.ts';
const REDIS = 'test/redis.global-setup.ts';

export default defineConfig({
  resolve: {
    // Tests run against the sources, so `vitest` needs no prior build.
    // Exact names (a regex each), so that a subpath such as @kassa/domain/testing is not read as a
    // file under the package's index.
    alias: [
      ...['domain', 'protocol', 'adapters-memory', 'adapters-http', 'adapters-xml', 'adapters-mongo', 'adapters-queue', 'merchant-client', 'app', 'devkit'].map((pkg) => ({
        find: new RegExp(`^@kassa/${pkg}$`),
        replacement: src(pkg),
      })),
      { find: /^@kassa\/domain\/testing$/, replacement: fileURLToPath(new URL('./packages/domain/src/testing/index.ts', import.meta.url)) },
    ],
  },
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    // Most files wait on sockets, child processes and timers rather than the CPU: more files at once
    // than cores (2 here) keeps both busy while the two multi-process suites run (docs/decisions.md).
    maxWorkers: 3,
    projects: [
      // Everything that needs no server of its own: the domain, the protocol, the adapters' unit
      // tests, and the app's end-to-end suites on in-memory storage. No global setup.
      { extends: true, test: { name: 'unit', include: ALL, exclude: [...SERVER_TESTS, '**/node_modules/**', '**/dist/**'] } },
      // The tests that talk to MongoDB or Redis (the adapters' own, the processes, the packages).
      { extends: true, test: { name: 'servers', include: SERVER_TESTS, globalSetup: [MONGO, REDIS] } },
      // The end-to-end suites once more, with the app on MongoDB storage.
      { extends: true, test: { name: 'e2e-mongo', include: ['packages/app/test/**/*.e2e.test.ts'], globalSetup: [MONGO, REDIS], env: { KASSA_E2E_STORAGE: 'mongo' } } },
      // The flows whose work is jobs once more, with MongoDB and BullMQ on Redis.
      {
        extends: true,
        test: {
          name: 'e2e-redis',
          include: ['packages/app/test/{webhooks,invoices,contracts}.e2e.test.ts'],
          globalSetup: [MONGO, REDIS],
          env: { KASSA_E2E_STORAGE: 'mongo', KASSA_E2E_REDIS: '1' },
        },
      },
    ],
  },
});
