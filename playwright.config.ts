import { defineConfig, devices } from '@playwright/test';
import { TEST_CLIENT } from './test/oauth-provider';

/**
 * End-to-end journeys in Debian's Chromium against the built server on a fresh embedded database,
 * seeded before the server starts (the server then holds the database's lock).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The local OAuth provider (e2e/global-setup.ts) listens next to the server. */
export const E2E_OAUTH_PORT = E2E_PORT + 1;
const providerKeys = Object.fromEntries(
  ['GOOGLE', 'TWITCH', 'DISCORD'].flatMap((p) => [
    [`${p}_CLIENT_ID`, TEST_CLIENT.id],
    [`${p}_CLIENT_SECRET`, TEST_CLIENT.secret],
  ]),
);
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  testIgnore: ['**/smoke.spec.ts', '**/dev-server.spec.ts'],
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // One retry on CI machines, whose load makes a rare timing miss; a test that passes only on its retry is
  // listed as FLAKY in the closing lines of `npm test`.
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs } } }],
  webServer: {
    command: `bash scripts/e2e-server.sh ${E2E_PORT}`,
    url: `http://localhost:${E2E_PORT}/~offline`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { OAUTH_TEST_PROVIDER_URL: `http://127.0.0.1:${E2E_OAUTH_PORT}`, ...providerKeys },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
