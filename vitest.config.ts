import { defineConfig } from 'vitest/config';

// Unit and API tests sit next to the code (`*.test.ts`). API tests share one prepared database image per run
// (see packages/db/src/testing.ts), so opening a database costs seconds once, not per test.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/app/**/*.test.ts', 'apps/web/vite/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
