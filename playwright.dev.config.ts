import { defineConfig } from '@playwright/test';
import { chromiumArgs, E2E_PORT } from './playwright.config';

/** `npm run dev` (server.ts with Vite in middleware mode) on a fresh embedded database: decision 0037. */
const port = E2E_PORT + 2;
export default defineConfig({
  testDir: './e2e',
  testMatch: ['**/dev-server.spec.ts'],
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  webServer: {
    command: `bash scripts/dev-e2e-server.sh ${port}`,
    url: `http://localhost:${port}/~offline`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The whole process group (bash, npm, tsx, node) gets SIGTERM: the server closes the database's lock.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
