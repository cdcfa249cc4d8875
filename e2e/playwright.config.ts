import { defineConfig } from '@playwright/test';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './support/free-port.ts';
import { isAlive } from './support/is-alive.ts';

// Chosen once per run by the runner and handed to its workers through the environment (they load this file again):
// a free port, unless E2E_PORT names one, and the runner's id, which names this run's output folder.
process.env.E2E_PORT ||= String(freePort());
process.env.E2E_RUN_ID ||= String(process.pid);
const port = Number(process.env.E2E_PORT);
const results = join(import.meta.dirname, '..', 'test-results');
const outputDir = join(results, `e2e-${process.env.E2E_RUN_ID}`);

// Output folders of finished runs (their runner is gone) are dropped, as Playwright empties its own at each start.
if (process.env.E2E_RUN_ID === String(process.pid) && existsSync(results)) {
  for (const name of readdirSync(results)) {
    const pid = Number(/^e2e-(\d+)$/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isAlive(pid)) rmSync(join(results, name), { recursive: true, force: true });
  }
}


/**
 * End-to-end stories in Debian's Chromium (no browser download). The server is started by e2e/start-server.ts on
 * a data folder (or PostgreSQL database) of its own, copied from a template with the real demo data, on a port of
 * its own, so two runs can share a machine; Playwright stops it with SIGTERM and it removes its data.
 */
/**
 * `E2E_SCOPE=cluster` (the PostgreSQL round of .ci/run, decision 027) runs only the stories where several server
 * processes behave differently from one: real time between two people (chat, tickets), the whole rent on the
 * production shape, jobs run by the queue, and the per-identity limits and CSRF. The others are the same code on
 * either database and run in the PGlite round; their SQL is tested on both databases by the API tests.
 */
const CLUSTER_SPECS = [
  'chat.spec.ts', 'support.spec.ts', 'rent-online.spec.ts', 'guarantors.spec.ts', 'listing-imports.spec.ts',
  'security.spec.ts', 'accounts.spec.ts',
];

export default defineConfig({
  testDir: './specs',
  testMatch: process.env.E2E_SCOPE === 'cluster' ? CLUSTER_SPECS : undefined,
  outputDir,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Branded sites (issue 15) are found by host: every *.test host name reaches this machine's server.
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--host-resolver-rules=MAP *.test 127.0.0.1'],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node --import tsx start-server.ts`,
    cwd: import.meta.dirname,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(port), HOST: '127.0.0.1' },
    // SIGTERM lets start-server.ts stop the server and remove the run's data folder or database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
