import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the sources, so `vitest` needs no prior build.
    alias: {
      '@kassa/domain': src('domain'),
      '@kassa/adapters-http': src('adapters-http'),
      '@kassa/adapters-xml': src('adapters-xml'),
      '@kassa/adapters-mongo': src('adapters-mongo'),
      '@kassa/adapters-queue': src('adapters-queue'),
      '@kassa/merchant-client': src('merchant-client'),
      '@kassa/app': src('app'),
    },
  },
  test: {
    // A MongoDB-compatible server for the whole run (MONGO_URL, mongod, or FerretDB).
    globalSetup: ['test/mongo.global-setup.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    projects: [
      { extends: true, test: { name: 'all', include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts'] } },
      // The end-to-end suites once more, with the app on MongoDB storage.
      { extends: true, test: { name: 'e2e-mongo', include: ['packages/app/src/**/*.e2e.test.ts'], env: { KASSA_E2E_STORAGE: 'mongo' } } },
    ],
  },
});
