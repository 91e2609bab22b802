import { eq, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { users } from '~/db/schema';
import { createReport } from '~/features/moderation/mutations.server';
import { forgetWhispersOf } from '~/features/whispers/deletion.server';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { createUser, testViewer } from './factories';

/** What the whisper report tests share (features/whispers/reports*.test.ts, decision 0090). */

/** A reader (or staff) with a confirmed e-mail, as a viewer. */
export async function reader(role: 'reader' | 'curator' | 'admin' = 'reader'): Promise<Viewer> {
  return { ...testViewer(await createUser({ verified: true, role }), role), emailVerified: true };
}

/** A message to send: its text and a fresh client id. */
export const say = (body: string) => ({ clientId: newId(), body });

/** The viewer reports a whisper for harassment. */
export const report = (viewer: Viewer, target: string) => createReport(viewer, { kind: 'whisper', target, reason: 'harassment', details: 'Ameaças.' });

/** A conversation's message ids, oldest first. */
export const messageIds = async (conversationId: string) =>
  (await queryRows<{ id: string }>(sql`SELECT id FROM whisper_messages WHERE conversation_id = ${conversationId} ORDER BY created_at, id`)).map((r) => r.id);

/** What accounts/deletion.server does to whispers, then the account goes (the full path is in accounts/deletion.test.ts). */
export const deleteAccount = (userId: string) =>
  getDb().transaction(async (tx) => {
    await forgetWhispersOf(tx, userId);
    await tx.delete(users).where(eq(users.id, userId));
  });
