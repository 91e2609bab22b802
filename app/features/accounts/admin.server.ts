import { signalOverlays } from '~/features/overlays/live.server';
import { desc, eq, ilike, or } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { sessions, users } from '~/db/schema';
import { dropGroupReadPagesOfSuspended } from '~/features/lcs/host-cache.server';
import { admitReturningReaders } from '~/features/lcs/participants.server';
import { recountCounterpartInboxes } from '~/features/whispers/inbox.server';
import { AppError } from '~/server/errors';
import { log } from '~/server/logger.server';
import type { Role, Viewer } from '~/server/viewer.server';

/** Account administration: admins only, checked here whatever the route did. */
function requireAdmin(viewer: Viewer) {
  if (viewer.role !== 'admin') throw new AppError('not_found');
}

/** `username` is null while an account is still in its sign-up step (ADR 0007). */
export type AdminAccountRow = { id: string; username: string | null; name: string; email: string; role: Role; suspended: boolean; createdAt: string };

export async function searchAccounts(viewer: Viewer, query: string): Promise<AdminAccountRow[]> {
  requireAdmin(viewer);
  const q = `%${query.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const rows = await getDb()
    .select()
    .from(users)
    .where(query ? or(ilike(users.username, q), ilike(users.email, q), ilike(users.name, q)) : undefined)
    .orderBy(desc(users.createdAt))
    .limit(30);
  return rows.map((u) => ({
    id: u.id,
    username: u.username,
    name: u.name,
    email: u.email,
    role: u.role,
    suspended: u.suspendedAt !== null,
    createdAt: u.createdAt.toISOString(),
  }));
}

export async function setCuratorRole(viewer: Viewer, userId: string, curator: boolean): Promise<void> {
  requireAdmin(viewer);
  const [target] = await getDb().select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!target) throw new AppError('not_found');
  if (target.role === 'admin') throw new AppError('forbidden', 'Não é possível mudar o papel de um admin por aqui.');
  await getDb()
    .update(users)
    .set({ role: curator ? 'curator' : 'reader', updatedAt: new Date() })
    .where(eq(users.id, userId));
  log.info('admin.role_changed', { adminId: viewer.id, userId, role: curator ? 'curator' : 'reader' });
}

/** A suspended account cannot sign in and its sessions end at once; restoring lifts both. */
export async function setSuspended(viewer: Viewer, userId: string, suspended: boolean): Promise<void> {
  requireAdmin(viewer);
  if (userId === viewer.id) throw new AppError('forbidden', 'Você não pode suspender a própria conta.');
  const rows = await getDb()
    .update(users)
    .set({ suspendedAt: suspended ? new Date() : null, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!rows.length) throw new AppError('not_found');
  if (suspended) await getDb().delete(sessions).where(eq(sessions.userId, userId));
  // A suspended reader's LCs leave the directory and their pages (see the LCs' queries), their comments the counts.
  await dropGroupReadPagesOfSuspended(userId);
  // Restored, they take a free place in an LC they were waiting for (passed over while suspended).
  if (!suspended) await admitReturningReaders([userId]);
  // Their conversations are hidden from (or back for) the readers they whisper with: those headers recount.
  await recountCounterpartInboxes(userId);
  // Their OBS overlays empty at once (decision 0092): each open one reads its token again and finds nobody.
  await signalOverlays(userId, getDb());
  log.info(suspended ? 'admin.account_suspended' : 'admin.account_restored', { adminId: viewer.id, userId });
}
