import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);

/**
 * End-to-end stories in Debian's Chromium (no browser download). The server is started by e2e/start-server.ts on
 * its own data folder (or its own PostgreSQL database when DATABASE_URL is set) with the real demo data.
 */
export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
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
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--use-gl=swiftshader', '--enable-unsafe-swiftshader'],
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
  },
});
