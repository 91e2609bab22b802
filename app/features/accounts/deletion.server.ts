import { releaseGroupReadsOf } from '~/features/lcs/deletion.server';
import { releaseMarathonsOf } from '~/features/marathons/deletion.server';
import { handOverOwnedClubs } from '~/features/clubs/deletion.server';
import { forgetWhispersOf } from '~/features/whispers/deletion.server';
import { signalOverlays } from '~/features/overlays/live.server';
import { and, eq, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { authAccounts, users } from '~/db/schema';
import { editionAttsCacheTag } from '~/features/atts/mutations.server';
import { editionCacheTag } from '~/features/catalog/cache';
import { FOCUS_RANKING_CACHE_TAG } from '~/features/focus/cache';
import { forgetSuggestions } from '~/features/social/suggestions.server';
import { removeFiles } from '~/integrations/storage/storage.server';
import { ownAvatarKey } from './avatar-key.server';
import { sendEmail } from '~/server/email.server';
import { AppError, RateLimitError } from '~/server/errors';
import { hitRateLimit } from '~/server/rate-limit.server';
import { getEnv } from '~/server/env.server';
import { invalidateTags } from '~/server/html-cache.server';
import { log } from '~/server/logger.server';
import type { Viewer } from '~/server/viewer.server';
import { getAuth } from './auth.server';
import { accountDeletedEmail } from './emails';
import { signOut } from './mutations.server';

/** Password checks on this page, per reader: the sign-in form's pace, not a faster way to guess. */
const PASSWORD_CHECKS = { name: 'account-deletion', limit: 5, windowSeconds: 15 * 60 };

/**
 * `/configuracoes/excluir`: the reader confirms with their username (and password, when the account has one),
 * and everything happens at once — every session ends, the profile answers 404, personal data is deleted,
 * comments in others' threads and catalogue contributions stay as "leitor removido", files are removed, a
 * confirmation goes to the address the account had. Answers the headers that clear this browser's session.
 */
export async function deleteAccount(viewer: Viewer, request: Request, input: { username: string; password: string }): Promise<Headers> {
  const [account] = await getDb()
    .select({ id: users.id, name: users.name, email: users.email, username: users.username, image: users.image })
    .from(users)
    .where(eq(users.id, viewer.id));
  if (!account?.username) throw new AppError('not_found');
  if (input.username.trim().replace(/^@/, '').toLowerCase() !== account.username) {
    throw new AppError('invalid_input', `Digite seu nome de usuário, ${account.username}, para confirmar.`, 'username');
  }
  const [credential] = await getDb()
    .select({ hash: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, viewer.id), eq(authAccounts.providerId, 'credential')));
  if (credential?.hash) {
    if (!input.password) throw new AppError('invalid_input', 'Digite sua senha para confirmar.', 'password');
    // An open session must not become a way to guess the password faster than the sign-in form allows.
    const limit = await hitRateLimit(PASSWORD_CHECKS, viewer.id);
    if (!limit.ok) throw new RateLimitError(limit.retryAfterSeconds, 'Muitas tentativas de senha. Espere alguns minutos e tente de novo.');
    const context = await getAuth().$context;
    if (!(await context.password.verify({ hash: credential.hash, password: input.password })))
      throw new AppError('wrong_password', 'Senha incorreta.', 'password');
  }

  const headers = await signOut(request);
  const { files, tags } = await getDb().transaction(async (tx) => {
    // Read in the transaction that deletes, so nothing posted meanwhile is left without its file removed.
    const stored = await queryRows<{ key: string }>(
      sql`SELECT i.storage_key AS key FROM att_images i JOIN atts a ON a.id = i.att_id WHERE a.author_id = ${viewer.id}`,
      tx,
    );
    // Locked: an archive being finished now waits, then finds its row gone and removes its own file.
    const archived = await queryRows<{ key: string | null }>(sql`SELECT storage_key AS key FROM archives WHERE user_id = ${viewer.id} FOR UPDATE`, tx);
    // Edition pages that showed them: their bookshelf (readers, ratings), their atts, and atts they reacted to or commented on.
    const editions = await queryRows<{ id: string; atts: boolean }>(
      sql`
      SELECT edition_id AS id, bool_or(atts) AS atts FROM (
        SELECT edition_id, false AS atts FROM shelf_entries WHERE user_id = ${viewer.id}
        UNION ALL SELECT edition_id, true FROM atts WHERE author_id = ${viewer.id}
        UNION ALL SELECT a.edition_id, true FROM att_reactions r JOIN atts a ON a.id = r.att_id WHERE r.user_id = ${viewer.id}
        UNION ALL SELECT a.edition_id, true FROM att_comments c JOIN atts a ON a.id = c.att_id WHERE c.author_id = ${viewer.id}
      ) t GROUP BY edition_id`,
      tx,
    );
    // A reader in the focus rankings: the places of everyone behind them move up (their totals go with the account).
    const [ranked] = await queryRows<{ ranked: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM focus_totals WHERE user_id = ${viewer.id}) AS ranked`, tx);
    // What mentions the reader without a foreign key: jobs waiting to email about them, rate-limit counters
    // keyed by them (`rule:subject`, the subject lower-cased by hitRateLimit), the auth library's pending
    // tokens, the emails sent to them and the emails that told others about them ("@x começou a seguir você").
    await tx.execute(sql`DELETE FROM jobs WHERE strpos(payload::text, ${viewer.id}) > 0`);
    await tx.execute(
      sql`DELETE FROM rate_limit_counters WHERE substr(key, strpos(key, ':') + 1) IN (${viewer.id.toLowerCase()}, ${account.username}, ${account.email.toLowerCase()})`,
    );
    await tx.execute(sql`DELETE FROM verifications WHERE strpos(value, ${viewer.id}) > 0 OR lower(identifier) = ${account.email.toLowerCase()}`);
    // Usernames are [a-z0-9_], so the name is a plain word in the pattern; \M keeps @ana from matching @ana_b.
    await tx.execute(sql`DELETE FROM outbox_emails WHERE lower("to") = ${account.email.toLowerCase()} OR text ~ ${`@${account.username}\\M`}`);
    // Clubs before LCs, the order every club path locks in (a club turned private locks the club, then its LCs).
    const clubs = await handOverOwnedClubs(tx, viewer.id);
    const groupReads = await releaseGroupReadsOf(tx, viewer.id);
    const marathons = await releaseMarathonsOf(tx, viewer.id);
    const whispers = await forgetWhispersOf(tx, viewer.id);
    await tx.delete(users).where(eq(users.id, viewer.id));
    // The reader's open OBS overlays hear it at the commit and empty (decision 0092).
    await signalOverlays(viewer.id, tx);
    return {
      files: [
        ...stored.map((f) => f.key),
        ...archived.flatMap((a) => (a.key ? [a.key] : [])),
        ...clubs.files,
        ...groupReads.files,
        ...marathons.files,
        ...whispers.files,
      ],
      tags: [
        ...editions.flatMap((e) => (e.atts ? [editionCacheTag(e.id), editionAttsCacheTag(e.id)] : [editionCacheTag(e.id)])),
        ...clubs.tags,
        ...groupReads.tags,
        ...marathons.tags,
        ...(ranked?.ranked ? [FOCUS_RANKING_CACHE_TAG] : []),
      ],
    };
  });
  forgetSuggestions(viewer.id);
  log.info('account.deleted', { userId: viewer.id });

  // The account is gone whatever happens next: a failure here is logged, never answered as an error that
  // would keep the browser from clearing its session cookie.
  const avatar = ownAvatarKey(viewer.id, account.image);
  await removeFiles([...files, ...(avatar ? [avatar] : [])]);
  await invalidateTags(tags).catch((error: unknown) => log.warn('account.cache_not_invalidated', { error }));
  await sendEmail({ to: account.email, ...accountDeletedEmail(account.name, `${getEnv().publicUrl}/`) }).catch((error: unknown) =>
    log.error('account.deleted_email_failed', { userId: viewer.id, error }),
  );
  return headers;
}
