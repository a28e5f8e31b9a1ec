import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

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
    // A MongoDB-compatible server (MONGO_URL, mongod, or FerretDB) and Redis (REDIS_URL, or redis-server) for the whole run.
    globalSetup: ['test/mongo.global-setup.ts', 'test/redis.global-setup.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    projects: [
      { extends: true, test: { name: 'all', include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'test/**/*.test.ts'] } },
      // The end-to-end suites once more, with the app on MongoDB storage.
      { extends: true, test: { name: 'e2e-mongo', include: ['packages/app/test/**/*.e2e.test.ts'], env: { KASSA_E2E_STORAGE: 'mongo' } } },
      // The flows whose work is jobs once more, with MongoDB and BullMQ on Redis.
      { extends: true, test: { name: 'e2e-redis', include: ['packages/app/test/{webhooks,invoices,contracts}.e2e.test.ts'], env: { KASSA_E2E_STORAGE: 'mongo', KASSA_E2E_REDIS: '1' } } },
    ],
  },
});
