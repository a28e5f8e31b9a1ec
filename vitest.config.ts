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
    include: ['packages/*/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
  },
});
