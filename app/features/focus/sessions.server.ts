import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { focusSessions } from '~/db/schema';
import { logProgress } from '~/features/reading/progress/progress.server';
import { newId } from '~/lib/ids';
import { AppError } from '~/server/errors';
import { registerRecurringJob } from '~/server/jobs.server';
import type { Viewer } from '~/server/viewer.server';
import { closeExpiredSessionOf, closeSession, expiredSql, lockRunning } from './closing.server';
import { getRunningFocusSession } from './queries.server';
import type { FocusSessionStatus } from './vocabulary';

/**
 * Focus sessions (PRODUCT.md §J, decision 0079). The server owns the clock: start and end are the database's
 * `now()`, and what a session credits is computed here from them when it closes — never from what a browser sends.
 * A session closes once (a conditional UPDATE of a `running` row, locked), and its minutes reach the reader's
 * marathons through creditReading in that same transaction, so they count exactly once. Pages go through
 * logProgress, which credits them (from the furthest point the reading had reached, so never twice).
 */

const CLOSE_BATCH = 500;

/** The recurring sweep: every session left open past its end closes itself, in batches, each in its own transaction. */
export async function closeExpiredSessions(): Promise<number> {
  const due = await queryRows<{ id: string }>(
    sql`SELECT id FROM focus_sessions WHERE status = 'running' AND ${expiredSql} ORDER BY ends_at LIMIT ${CLOSE_BATCH}`,
  );
  let closed = 0;
  for (const { id } of due) {
    await getDb().transaction(async (tx) => {
      const row = await lockRunning(tx, sql`id = ${id} AND ${expiredSql}`);
      if (row) {
        await closeSession(tx, row, 'expired');
        closed += 1;
      }
    });
  }
  return closed;
}

registerRecurringJob('focus.close-expired', 300, () => closeExpiredSessions().then(() => undefined));

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/**
 * Starts a focus session with an edition the viewer is reading (`lendo`), for 5–180 minutes. Only the duration is
 * taken from the reader; the start and the end are the database's clock. A second start while one runs (a double
 * tap, another tab) is refused by the partial unique index, whichever commits second.
 */
export async function startFocusSession(viewer: Viewer, input: { editionId: string; plannedMinutes: number }): Promise<{ id: string }> {
  await closeExpiredSessionOf(viewer.id);
  const [reading] = await queryRows<{ id: string }>(
    sql`SELECT id FROM shelf_entries WHERE user_id = ${viewer.id} AND edition_id = ${input.editionId} AND status = 'reading'`,
  );
  if (!reading) throw new AppError('invalid_input', 'Escolha um livro que você está lendo.', 'editionId');
  const id = newId();
  try {
    await getDb()
      .insert(focusSessions)
      .values({
        id,
        userId: viewer.id,
        editionId: input.editionId,
        plannedMinutes: input.plannedMinutes,
        startedAt: sql`now()`,
        endsAt: sql`now() + make_interval(mins => ${input.plannedMinutes})`,
      });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 'Você já tem uma sessão de foco em andamento.');
    throw error;
  }
  return { id };
}

/** The viewer's running session by id, or not_found (another reader's, a forged id, an ended one is "ended"). */
async function viewersSession(viewer: Viewer, id: string) {
  const [row] = await queryRows<{ status: FocusSessionStatus; edition_id: string; ended: boolean }>(
    sql`SELECT status, edition_id, ends_at <= now() AS ended FROM focus_sessions WHERE id = ${id} AND user_id = ${viewer.id}`,
  );
  if (!row) throw new AppError('not_found');
  if (row.status !== 'running') throw new AppError('invalid_input', 'Esta sessão já terminou.');
  return row;
}

/**
 * Gives up the viewer's running session: it ends now as `interrompida`, with half the minutes elapsed credited.
 */
export async function giveUpFocusSession(viewer: Viewer, id: string): Promise<{ credited: number }> {
  await viewersSession(viewer, id);
  return getDb().transaction(async (tx) => {
    const row = await lockRunning(tx, sql`id = ${id} AND user_id = ${viewer.id}`);
    if (!row) throw new AppError('invalid_input', 'Esta sessão já terminou.');
    return { credited: await closeSession(tx, row, 'given_up') };
  });
}

/**
 * Finishes the viewer's session once its end has passed (before it, the way out is giving up): the full planned
 * minutes, and the progress reached, when given, logged as any progress update (which credits the pages). The
 * progress goes first: a second finish sent at once may log the same value again (it counts nothing twice), but
 * only one closes the session and credits the minutes.
 */
export async function finishFocusSession(viewer: Viewer, id: string, value: number | null): Promise<{ credited: number }> {
  const session = await viewersSession(viewer, id);
  if (!session.ended) throw new AppError('invalid_input', 'A sessão ainda não terminou. Para parar agora, use “Desistir”.');
  // The unit is the one the page asked in (the server's choice, never the form's).
  const running = await getRunningFocusSession(viewer);
  if (!running || running.id !== id) throw new AppError('invalid_input', 'Esta sessão já terminou.');
  const progress = value == null ? null : { value, unit: running.unit };
  if (progress) await logProgress(viewer, session.edition_id, { ...progress, comment: null, emotion: null, spoiler: false });
  return getDb().transaction(async (tx) => {
    const row = await lockRunning(tx, sql`id = ${id} AND user_id = ${viewer.id}`);
    if (!row) throw new AppError('invalid_input', 'Esta sessão já terminou.');
    return { credited: await closeSession(tx, row, 'finished', progress) };
  });
}
