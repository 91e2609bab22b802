import { desc } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { outboxEmails } from '~/db/schema';
import { AppError } from './errors';
import type { Viewer } from './viewer.server';

export type OutboxEmail = { id: string; to: string; subject: string; text: string; transport: string; createdAt: string };

/** The emails the site sent, newest first; admins only. */
export async function listOutbox(viewer: Viewer, limit = 100): Promise<OutboxEmail[]> {
  if (viewer.role !== 'admin') throw new AppError('not_found');
  const rows = await getDb().select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(limit);
  return rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, transport: r.transport, createdAt: r.createdAt.toISOString() }));
}
