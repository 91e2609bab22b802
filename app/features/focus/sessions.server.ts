import { sql } from 'drizzle-orm';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import { focusSessions } from '~/db/schema';
import { prepareProgress, recordProgress } from '~/features/reading/progress/progress.server';
import type { ProgressUnit } from '~/features/reading/vocabulary';
import { signalOverlays } from '~/features/overlays/live.server';
import { newId } from '~/lib/ids';
import { AppError } from '~/server/errors';
import { registerRecurringJob } from '~/server/jobs.server';
import type { Viewer } from '~/server/viewer.server';
import { closeAsGivingUp, closeExpiredSessionOf, closeSession, expiredSql, lockRunning } from './closing.server';
import { pastGrace } from './policy';
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
    await getDb().transaction(async (tx) => {
      await tx.insert(focusSessions).values({
        id,
        userId: viewer.id,
        editionId: input.editionId,
        plannedMinutes: input.plannedMinutes,
        startedAt: sql`now()`,
        endsAt: sql`now() + make_interval(mins => ${input.plannedMinutes})`,
      });
      // The foca overlay starts its timer (decision 0092).
      await signalOverlays(viewer.id, tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 'Você já tem uma sessão de foco em andamento.');
    throw error;
  }
  return { id };
}

/** The viewer's session by id, or not_found (another reader's, a forged id). */
async function viewersSession(viewer: Viewer, id: string) {
  const [row] = await queryRows<{ status: FocusSessionStatus; edition_id: string; ended: boolean; credited_minutes: number }>(
    sql`SELECT status, edition_id, ends_at <= now() AS ended, credited_minutes FROM focus_sessions WHERE id = ${id} AND user_id = ${viewer.id}`,
  );
  if (!row) throw new AppError('not_found');
  return row;
}

const ENDED = 'Esta sessão já terminou.';

export type FocusClosed = { status: Exclude<FocusSessionStatus, 'running'>; credited: number };

/**
 * Gives up the viewer's running session: before its end it ends now as `interrompida`, with half the minutes
 * elapsed credited. Pressed once the end has passed (a page left open), it is not a give-up: the session is
 * finished with the full minutes and no page — or expired, past the grace (policy.closingStatus).
 */
export async function giveUpFocusSession(viewer: Viewer, id: string): Promise<FocusClosed> {
  if ((await viewersSession(viewer, id)).status !== 'running') throw new AppError('invalid_input', ENDED);
  return getDb().transaction(async (tx) => {
    const row = await lockRunning(tx, sql`id = ${id} AND user_id = ${viewer.id}`);
    if (!row) throw new AppError('invalid_input', ENDED);
    return closeAsGivingUp(tx, row);
  });
}

/**
 * Finishes the viewer's session once its end has passed (before it, the way out is giving up): the full planned
 * minutes, and the progress reached, when given, in the unit the page asked in (posted with it, checked against the
 * edition). The progress is logged in the transaction that closes the session, after locking it: a second finish
 * sent at once waits, finds it closed and logs nothing; and the minutes an audiobook's progress credited are not
 * credited again by the session. Finished late (past the grace: the session closed itself, or should have), the
 * progress is still logged — the reader typed it — and the session is `expired`.
 */
export async function finishFocusSession(viewer: Viewer, id: string, progress: { value: number; unit: ProgressUnit } | null): Promise<FocusClosed> {
  const session = await viewersSession(viewer, id);
  if (session.status === 'running' && !session.ended) throw new AppError('invalid_input', 'A sessão ainda não terminou. Para parar agora, use “Desistir”.');
  if (session.status !== 'running' && (session.status !== 'expired' || !progress)) throw new AppError('invalid_input', ENDED);
  // The unit is the one the form showed; a unit the edition does not allow is refused next to the value.
  const prepared = progress && (await prepareProgress(viewer, session.edition_id, progress, { value: 'value', unit: 'value' }));
  const record = async (tx: Tx) =>
    prepared && progress ? recordProgress(tx, viewer, prepared, { ...progress, comment: null, emotion: null, spoiler: false }) : null;
  const closed = await getDb().transaction(async (tx): Promise<FocusClosed | null> => {
    const row = await lockRunning(tx, sql`id = ${id} AND user_id = ${viewer.id}`);
    if (!row) return null;
    const logged = await record(tx);
    const status = pastGrace(row) ? 'expired' : 'finished';
    return { status, credited: await closeSession(tx, row, status, progress, logged?.credited.minutes ?? 0) };
  });
  if (closed) return closed;
  // Closed meanwhile: by the sweep, once nobody had come within the grace — the page typed is still the reading's.
  const after = await viewersSession(viewer, id);
  if (after.status !== 'expired' || !prepared) throw new AppError('invalid_input', ENDED);
  await getDb().transaction(record);
  return { status: 'expired', credited: after.credited_minutes };
}
