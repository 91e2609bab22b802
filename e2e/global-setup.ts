import { E2E_OAUTH_PORT, E2E_PORT } from '../playwright.config';
import { startTestProvider } from '../test/oauth-provider';

/**
 * The local OAuth provider the e2e server's Google, Twitch and Discord point at (ADR 0007). It only answers
 * when a journey signs in through a provider; the other journeys never reach it.
 */
export default async function globalSetup() {
  const provider = await startTestProvider(`http://localhost:${E2E_PORT}`, E2E_OAUTH_PORT);
  return () => provider.close();
}
