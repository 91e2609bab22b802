import { closeDatabase, getDatabase, migrateDatabase } from '~/db/client.server';
import { getAuth } from '~/features/accounts/auth.server';
import { getStorage } from '~/integrations/storage/storage.server';
import { getEnv } from './server/env.server';
import { listenForInvalidations } from './server/html-cache.server';
import { releaseLeases, startJobRunner } from './server/jobs.server';
import { log } from './server/logger.server';
import { closeRealtime } from './server/realtime.server';
import { provideSessionAuth } from './server/session-auth.server';
import { provideUnreadWhispersCount } from './server/viewer.server';
import { unreadConversationsCount } from '~/features/whispers/queries.server';
// Modules that register job handlers are imported for that effect.
import './server/email.server';
import './server/rate-limit.server';
import '~/features/curation/import-job.server';
import '~/features/curation/linked-editions.server';
import '~/features/social/mutations.server';
import '~/features/social/digest.server';
import '~/features/social/catalog-follows.server';
import '~/features/clubs/activities/reminders.server';
import '~/features/lcs/notices.server';
import '~/features/marathons/notices.server';
import '~/features/export/archive.server';
import '~/features/imports/job.server';
import '~/features/clubs/posts/notify.server';
import '~/features/marathons/webhooks.server';
import '~/features/focus/sessions.server';
import '~/features/whispers/unread-email.server';

// The composition of the app (decision 0041): server/ is domain-free, so the features it runs are registered here.
// The viewer renews sessions through the accounts feature's auth instance (created lazily, on first use).
provideSessionAuth(getAuth);
// The header's whispers badge is read in the session's statement (decision 0091).
provideUnreadWhispersCount(unreadConversationsCount);

/**
 * Opens the database (taking the PGlite lock), applies migrations, starts the job runner and the cache
 * invalidation listener. Called once by server.ts before it accepts connections; returns the shutdown.
 */
export async function startServices(): Promise<() => Promise<void>> {
  const started = Date.now();
  // Before the database: a storage that cannot be used stops the server with nothing to clean up.
  const storage = getStorage();
  await storage.check();
  const database = getDatabase();
  await migrateDatabase(database);
  // The embedded database has one process (its lock): a job still running is one a killed server left.
  if (database.kind === 'pglite') {
    const freed = await releaseLeases();
    if (freed) log.info('jobs.leases_released', { jobs: freed });
  }
  const stopListening = await listenForInvalidations();
  const runner = startJobRunner();
  log.info('services.started', { database: database.kind, storage: storage.kind, ms: Date.now() - started, env: getEnv().NODE_ENV });
  return async () => {
    await runner.stop();
    await stopListening();
    await closeRealtime();
    await closeDatabase();
    log.info('services.stopped', {});
  };
}
