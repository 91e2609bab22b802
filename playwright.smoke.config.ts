import { defineConfig } from '@playwright/test';
import { chromiumArgs } from './playwright.config';

/** A short run of the built server on PostgreSQL (SMOKE_DATABASE_URL): the production configuration. */
const port = 3101;
export default defineConfig({
  testDir: './e2e',
  testMatch: ['**/smoke.spec.ts'],
  workers: 1,
  timeout: 60_000,
  use: { baseURL: `http://localhost:${port}`, launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs } },
  webServer: {
    command: `bash scripts/smoke-server.sh ${port}`,
    url: `http://localhost:${port}/~offline`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
