/**
 * Participants' progress along an LC's schedule (decision 0068): derived from their reading progress on the LC's
 * editions, and for etapas progress cannot tell (chapters; pages of an edition without a page count) from their
 * "li esta etapa" marks. `stagePassedSql` is the one definition of "this reader passed this etapa": the
 * participants' list, `progresso` and the discussion's spoiler gate all read it.
 */
import { type SQL, and, asc, eq, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { editions, groupReadEditions, groupReadStageMarks, groupReadStages, shelfEntries } from '~/db/schema';
import { type ProgressInput, allowedUnits, preferredUnit } from '~/features/reading/progress/progress';
import { getMyProgress, logProgress } from '~/features/reading/progress/progress.server';
import type { ProgressUnit } from '~/features/reading/vocabulary';
import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { type GroupReadStanding, can } from './policy';
import { requireGroupReadAccess } from './standing.server';
import type { GroupReadVisibility } from './vocabulary';

/** Participants on one page of `participantes`. */
export const PARTICIPANTS_PAGE_SIZE = 50;

/** SQL: the number (1-based) the etapa aliased `stage` has in its LC's schedule; positions need not be contiguous. */
export function stageNumberSql(stage = 's'): SQL {
  const s = sql.raw(stage);
  return sql`(SELECT count(*)::int FROM group_read_stages sn WHERE sn.group_read_id = ${s}.group_read_id AND sn.position <= ${s}.position)`;
}

/**
 * SQL: has the reader `userId` passed the etapa that `stage` (an alias of group_read_stages) names? Yes when they
 * finished the edition (status lido, or a finished read-through: past the whole edition), when the furthest point
 * of a read-through of it reaches the etapa's last page (percent and minutes as that fraction of the edition's
 * pages), or when they marked it read ("li esta etapa").
 */
export function stagePassedSql(userId: SQL | string, stage = 's'): SQL {
  const s = sql.raw(stage);
  return sql`(EXISTS (SELECT 1 FROM group_read_stage_marks pm WHERE pm.stage_id = ${s}.id AND pm.user_id = ${userId} AND pm.kind = 'read')
    OR EXISTS (SELECT 1 FROM shelf_entries pse JOIN editions pe ON pe.id = pse.edition_id
      WHERE pse.user_id = ${userId} AND pse.edition_id = ${s}.edition_id AND (pse.status = 'read'
        OR EXISTS (SELECT 1 FROM read_throughs prt WHERE prt.shelf_entry_id = pse.id AND (prt.finished_on IS NOT NULL
          OR (${s}.unit = 'pages' AND pe.pages > 0 AND prt.progress_fraction * pe.pages >= ${s}.to_number - 0.000001))))))`;
}

/** SQL: may `userId` read the etapa's discussion as a participant: passed it, or chose "mostrar mesmo assim". */
export function stageOpenSql(userId: SQL | string, stage = 's'): SQL {
  const s = sql.raw(stage);
  return sql`(${stagePassedSql(userId, stage)}
    OR EXISTS (SELECT 1 FROM group_read_stage_marks om WHERE om.stage_id = ${s}.id AND om.user_id = ${userId} AND om.kind = 'revealed'))`;
}

/** SQL: whether progress cannot tell the etapa (so the reader marks it): chapters, or an edition without pages. */
const markableSql = (stage = 's') => {
  const s = sql.raw(stage);
  return sql`(${s}.unit = 'chapters' OR NOT EXISTS (SELECT 1 FROM editions me WHERE me.id = ${s}.edition_id AND me.pages > 0))`;
};

export type MyStageProgress = { stageId: string; passed: boolean; revealed: boolean; markedRead: boolean; markable: boolean };

/** The viewer's own state on each etapa of an LC they may see (passed, revealed, marked), in schedule order. */
export async function listMyStageProgress(viewer: Viewer, groupReadId: string): Promise<MyStageProgress[]> {
  await requireGroupReadAccess(getDb(), viewer, groupReadId, null);
  const rows = await queryRows<{ id: string; passed: boolean; revealed: boolean; marked: boolean; markable: boolean }>(sql`
    SELECT s.id, ${stagePassedSql(viewer.id)} AS passed,
      EXISTS (SELECT 1 FROM group_read_stage_marks m WHERE m.stage_id = s.id AND m.user_id = ${viewer.id} AND m.kind = 'revealed') AS revealed,
      EXISTS (SELECT 1 FROM group_read_stage_marks m WHERE m.stage_id = s.id AND m.user_id = ${viewer.id} AND m.kind = 'read') AS marked,
      ${markableSql()} AS markable
    FROM group_read_stages s WHERE s.group_read_id = ${groupReadId} ORDER BY s.position`);
  return rows.map((row) => ({ stageId: row.id, passed: row.passed, revealed: row.revealed, markedRead: row.marked, markable: row.markable }));
}

export type ParticipantProgress = {
  userId: string;
  username: string;
  name: string;
  image: string | null;
  /** The etapas they passed. */
  passedStageIds: string[];
};

/** Whether the viewer sees each participant's progress: those reading along, the hosts and site admins. */
export const seesParticipantsProgress = (lc: { visibility: GroupReadVisibility }, standing: GroupReadStanding) =>
  can(lc, standing, 'take_part') || can(lc, standing, 'manage');

/**
 * `participantes`: the active participants (by when they joined) with the etapas each passed, a page at a time;
 * only for those who read along, the hosts and site admins (others get the count alone, from the LC's page).
 */
export async function listParticipantsProgress(
  viewer: Viewer | null,
  groupReadId: string,
  page: number,
): Promise<{ participants: ParticipantProgress[]; total: number; pageSize: number } | null> {
  const { lc, standing } = await requireGroupReadAccess(getDb(), viewer, groupReadId, null);
  if (!seesParticipantsProgress(lc, standing)) return null;
  const rows = await queryRows<{ user_id: string; username: string | null; name: string; image: string | null; passed: string[] | null }>(sql`
    SELECT p.user_id, u.username, u.name, u.image,
      (SELECT array_agg(s.id ORDER BY s.position) FROM group_read_stages s WHERE s.group_read_id = p.group_read_id AND ${stagePassedSql(sql`p.user_id`)}) AS passed
    FROM group_read_participants p JOIN users u ON u.id = p.user_id
    WHERE p.group_read_id = ${groupReadId} AND p.status = 'active'
    ORDER BY p.joined_at NULLS LAST, p.user_id
    LIMIT ${PARTICIPANTS_PAGE_SIZE} OFFSET ${(page - 1) * PARTICIPANTS_PAGE_SIZE}`);
  return {
    participants: rows.map((row) => ({
      userId: row.user_id,
      username: row.username ?? '',
      name: row.name,
      image: row.image,
      passedStageIds: row.passed ?? [],
    })),
    total: lc.participantCount,
    pageSize: PARTICIPANTS_PAGE_SIZE,
  };
}

/** The viewer reads along in the LC (an active participant); the host who does not is not moved along the schedule. */
async function requireParticipant(viewer: Viewer, groupReadId: string) {
  const { standing } = await requireGroupReadAccess(getDb(), viewer, groupReadId, 'take_part');
  if (standing.status !== 'active') throw new AppError('forbidden', 'Entre na LC para acompanhar o seu progresso pelo cronograma.');
}

async function stageOf(groupReadId: string, stageId: string) {
  const [stage] = await getDb()
    .select({ id: groupReadStages.id, unit: groupReadStages.unit, pages: editions.pages })
    .from(groupReadStages)
    .innerJoin(editions, eq(editions.id, groupReadStages.editionId))
    .where(and(eq(groupReadStages.id, stageId), eq(groupReadStages.groupReadId, groupReadId)));
  if (!stage) throw new AppError('not_found');
  return stage;
}

/**
 * "Li esta etapa" (or taking it back) on an etapa that progress cannot tell: a participant's own mark. An etapa in
 * pages of an edition with a page count moves with reading progress only.
 */
export async function markStageRead(viewer: Viewer, groupReadId: string, stageId: string, read: boolean): Promise<void> {
  await requireParticipant(viewer, groupReadId);
  const stage = await stageOf(groupReadId, stageId);
  // A mark made before the edition had a page count can always be taken back.
  if (read && stage.unit === 'pages' && stage.pages && stage.pages > 0)
    throw new AppError('invalid_input', 'Esta etapa avança com o seu progresso de leitura: registre a página em que você está.');
  if (read) await getDb().insert(groupReadStageMarks).values({ stageId, userId: viewer.id, kind: 'read' }).onConflictDoNothing();
  else
    await getDb()
      .delete(groupReadStageMarks)
      .where(and(eq(groupReadStageMarks.stageId, stageId), eq(groupReadStageMarks.userId, viewer.id), eq(groupReadStageMarks.kind, 'read')));
}

/**
 * `progresso`'s form: a participant's progress on one of the LC's editions, logged through the reading domain's
 * own function (it starts the reading when needed and only moves forward), so it moves them along the schedule.
 */
export async function logGroupReadProgress(viewer: Viewer, groupReadId: string, editionId: string, input: ProgressInput) {
  await requireParticipant(viewer, groupReadId);
  const [edition] = await getDb()
    .select({ id: groupReadEditions.editionId })
    .from(groupReadEditions)
    .where(and(eq(groupReadEditions.groupReadId, groupReadId), eq(groupReadEditions.editionId, editionId)));
  if (!edition) throw new AppError('invalid_input', 'Escolha um dos livros desta LC.', 'editionId');
  return logProgress(viewer, editionId, input);
}

export type MyGroupReadBook = {
  editionId: string;
  title: string;
  /** Furthest point of the open reading (0–1), 1 once finished, null when not being read. */
  fraction: number | null;
  finished: boolean;
  value: number | null;
  unit: ProgressUnit | null;
  units: ProgressUnit[];
  preferredUnit: ProgressUnit;
};

/** `progresso`: the viewer's reading of each of the LC's editions (what the progress form starts from). */
export async function listMyGroupReadBooks(viewer: Viewer, groupReadId: string): Promise<MyGroupReadBook[]> {
  await requireGroupReadAccess(getDb(), viewer, groupReadId, 'take_part');
  const books = await getDb()
    .select({
      editionId: editions.id,
      title: editions.title,
      pages: editions.pages,
      audioMinutes: editions.audioMinutes,
      format: editions.format,
      status: shelfEntries.status,
    })
    .from(groupReadEditions)
    .innerJoin(editions, eq(editions.id, groupReadEditions.editionId))
    .leftJoin(shelfEntries, and(eq(shelfEntries.editionId, editions.id), eq(shelfEntries.userId, viewer.id)))
    .where(eq(groupReadEditions.groupReadId, groupReadId))
    .orderBy(asc(groupReadEditions.position));
  return Promise.all(
    books.map(async ({ status, editionId, title, ...length }) => {
      const mine = status === 'reading' || status === 'paused' ? await getMyProgress(viewer, editionId, length) : null;
      const finished = status === 'read';
      return {
        editionId,
        title,
        fraction: finished ? 1 : (mine?.fraction ?? null),
        finished,
        value: mine?.value ?? null,
        unit: mine?.unit ?? null,
        units: allowedUnits(length),
        preferredUnit: preferredUnit(length),
      };
    }),
  );
}
