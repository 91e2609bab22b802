import { and, desc, eq, gt, inArray, isNull, lt, max, or, sql } from 'drizzle-orm';
import { type Tx, getDb, queryRows } from '~/db/client.server';
import { recordTaskEvent, workOf } from '~/features/tasks/record.server';
import { editions, progressEntries, readThroughs, shelfEntries } from '~/db/schema';
import { creditReading, readingAmount } from '~/features/marathons/counting.server';
import { signalOverlays } from '~/features/overlays/live.server';
import { newId } from '~/lib/ids';
import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { setShelfStatus } from '../shelves/mutations.server';
import { type EditionLength, type ProgressInput, UNIT_LABELS, allowedUnits, estimateDaysLeft, lengthIn, preferredUnit } from './progress';
import type { MyProgress } from '../types';
import type { ShelfStatus, ProgressUnit } from '../vocabulary';

const LATEST_UPDATES = 5;
/** How many finished readings make the reader's recent pace when this reading has too little to go on. */
const RECENT_READINGS = 5;

async function editionLength(editionId: string): Promise<EditionLength> {
  const [edition] = await getDb()
    .select({ pages: editions.pages, audioMinutes: editions.audioMinutes, format: editions.format })
    .from(editions)
    .where(eq(editions.id, editionId));
  if (!edition) throw new AppError('not_found');
  return edition;
}

/** The typed value as a fraction of the book; refuses a unit the edition does not allow or a value past its end. */
function toFraction(edition: EditionLength, unit: ProgressUnit, value: number, fields: { value: string; unit: string }): number {
  const length = lengthIn(edition, unit);
  if (length == null)
    throw new AppError(
      'invalid_input',
      unit === 'page'
        ? 'Esta edição não informa o número de páginas; use a porcentagem.'
        : 'Minutos só para audiolivros com duração informada; use a porcentagem.',
      fields.unit,
    );
  if (value > length) {
    const message = unit === 'percent' ? 'A porcentagem vai até 100.' : `Este livro tem ${length} ${UNIT_LABELS[unit]}.`;
    throw new AppError('invalid_input', message, fields.value);
  }
  return value / length;
}

/** A read-through (joined to its shelf entry) the viewer has open of the edition, the entry in one of these statuses. */
const isOpenReadThrough = (viewer: Viewer, editionId: string, statuses: ShelfStatus[]) =>
  and(
    eq(shelfEntries.userId, viewer.id),
    eq(shelfEntries.editionId, editionId),
    inArray(shelfEntries.status, statuses),
    isNull(readThroughs.finishedOn),
    isNull(readThroughs.abandonedOn),
  );

/** The viewer's open read-through of the edition, while the entry has one of these statuses. */
async function openReadThrough(tx: Tx, viewer: Viewer, editionId: string, statuses: ShelfStatus[]) {
  const [read] = await tx
    .select({ id: readThroughs.id, entryId: shelfEntries.id, fraction: readThroughs.progressFraction })
    .from(readThroughs)
    .innerJoin(shelfEntries, eq(shelfEntries.id, readThroughs.shelfEntryId))
    .where(isOpenReadThrough(viewer, editionId, statuses));
  return read;
}

const currentProgress = (value: number, unit: ProgressUnit, fraction: number) => ({
  progressValue: value,
  progressUnit: unit,
  progressFraction: fraction,
  progressUpdatedAt: sql`now()`,
});

/**
 * Logs a progress update on the viewer's reading of an edition. A book not yet being read starts being read
 * (`quero-ler`, `pausado` or not on the bookshelf become `lendo`); a finished or abandoned one must be marked
 * `lendo` again first (a reread is deliberate). The current progress only moves forward, by one conditional
 * UPDATE, so two tabs racing keep the furthest value; every update is kept with its comment and emotion.
 */
export async function logProgress(viewer: Viewer, editionId: string, input: ProgressInput): Promise<ProgressLogged> {
  const prepared = await prepareProgress(viewer, editionId, input);
  return getDb().transaction((tx) => recordProgress(tx, viewer, prepared, input));
}

export type PreparedProgress = { editionId: string; edition: EditionLength; fraction: number };
export type ProgressLogged = { advanced: boolean; fraction: number; entryId: string; credited: { pages: number; minutes: number } };

/**
 * logProgress's checks, before its transaction: the value against the edition (unit allowed, not past the end) and
 * the shelf status (a book not being read starts being read).
 */
export async function prepareProgress(
  viewer: Viewer,
  editionId: string,
  input: Pick<ProgressInput, 'value' | 'unit'>,
  fields = { value: 'value', unit: 'unit' },
): Promise<PreparedProgress> {
  const edition = await editionLength(editionId);
  const fraction = toFraction(edition, input.unit, input.value, fields);
  const [entry] = await getDb()
    .select({ status: shelfEntries.status })
    .from(shelfEntries)
    .where(and(eq(shelfEntries.userId, viewer.id), eq(shelfEntries.editionId, editionId)));
  if (entry?.status === 'read' || entry?.status === 'abandoned')
    throw new AppError('invalid_input', 'Marque como “Lendo” para começar uma releitura e registrar o progresso dela.');
  if (entry?.status !== 'reading') await setShelfStatus(viewer, editionId, 'reading');
  return { editionId, edition, fraction };
}

/**
 * The progress update itself, in the caller's transaction (a focus session's finish logs it in the transaction that
 * closes the session): the entry, the current progress moved forward, and what it read credited to the reader's
 * marathons — which it returns.
 */
export async function recordProgress(tx: Tx, viewer: Viewer, prepared: PreparedProgress, input: ProgressInput): Promise<ProgressLogged> {
  const { editionId, edition, fraction } = prepared;
  const read = await openReadThrough(tx, viewer, editionId, ['reading']);
  if (!read) throw new AppError('conflict');
  // The furthest this reading had reached: only what goes past it counts in marathons (a correction back and
  // reading the same pages again counts them once). The reading is locked first, so two updates sent at once
  // (a double tap, two tabs) read it one after the other and the pages count once.
  await tx.select({ id: readThroughs.id }).from(readThroughs).where(eq(readThroughs.id, read.id)).for('update');
  const [furthest] = await tx
    .select({ fraction: max(progressEntries.fraction) })
    .from(progressEntries)
    .where(eq(progressEntries.readThroughId, read.id));
  const entryId = newId();
  await tx.insert(progressEntries).values({
    id: entryId,
    readThroughId: read.id,
    value: input.value,
    unit: input.unit,
    fraction,
    comment: input.comment,
    emotion: input.emotion,
    spoiler: input.spoiler,
  });
  const advanced = await tx
    .update(readThroughs)
    .set(currentProgress(input.value, input.unit, fraction))
    .where(and(eq(readThroughs.id, read.id), or(isNull(readThroughs.progressFraction), lt(readThroughs.progressFraction, fraction))))
    .returning({ id: readThroughs.id });
  await tx
    .update(shelfEntries)
    .set({ updatedAt: sql`now()` })
    .where(eq(shelfEntries.id, read.entryId));
  const credited = readingAmount(edition, input.unit, furthest?.fraction ?? 0, fraction);
  await creditReading(tx, { userId: viewer.id, ...credited, at: new Date() });
  // "Atualize 2 livros": the work is the key, so a second update of the same book (any edition) counts nothing (decision 0085).
  await recordTaskEvent(tx, viewer.id, 'book_updated', 1, workOf(editionId));
  // The reader's book overlay shows the new progress (decision 0092).
  await signalOverlays(viewer.id, tx);
  if (advanced.length > 0) return { advanced: true, fraction, entryId, credited };
  const [current] = await tx.select({ fraction: readThroughs.progressFraction }).from(readThroughs).where(eq(readThroughs.id, read.id));
  return { advanced: false, fraction: current?.fraction ?? fraction, entryId, credited };
}

/** "Corrigir progresso": the deliberate move backwards, recorded as a correction. */
export async function correctProgress(viewer: Viewer, editionId: string, value: number, unit: ProgressUnit): Promise<void> {
  const edition = await editionLength(editionId);
  const fraction = toFraction(edition, unit, value, { value: 'correctedValue', unit: 'correctedUnit' });
  await getDb().transaction(async (tx) => {
    const read = await openReadThrough(tx, viewer, editionId, ['reading', 'paused']);
    if (!read) throw new AppError('invalid_input', 'Só dá para corrigir o progresso de um livro que você está lendo.');
    const moved = await tx
      .update(readThroughs)
      .set(currentProgress(value, unit, fraction))
      .where(and(eq(readThroughs.id, read.id), gt(readThroughs.progressFraction, fraction)))
      .returning({ id: readThroughs.id });
    if (moved.length === 0) throw new AppError('invalid_input', 'A correção é para voltar atrás; para avançar, registre o progresso.', 'correctedValue');
    await tx.insert(progressEntries).values({ id: newId(), readThroughId: read.id, value, unit, fraction, correction: true });
    await signalOverlays(viewer.id, tx);
  });
}

type RecentPaceRow = { amount: number | string | null; days: number | string | null };

/** Pages (or audiobook minutes) per day over the reader's latest finished readings that have both dates. */
async function recentPace(viewer: Viewer, unit: 'page' | 'minute') {
  const measure = unit === 'page' ? sql`e.pages` : sql`CASE WHEN e.format = 'audiolivro' THEN e.audio_minutes END`;
  const [row] = await queryRows<RecentPaceRow>(sql`
    SELECT sum(r.amount)::float8 AS amount, sum(r.days)::int AS days FROM (
      SELECT ${measure} AS amount, (rt.finished_on - rt.started_on + 1) AS days
      FROM read_throughs rt
      JOIN shelf_entries s ON s.id = rt.shelf_entry_id
      JOIN editions e ON e.id = s.edition_id
      WHERE s.user_id = ${viewer.id} AND rt.started_on IS NOT NULL AND rt.finished_on >= rt.started_on AND ${measure} > 0
      ORDER BY rt.finished_on DESC, rt.id
      LIMIT ${RECENT_READINGS}) r`);
  return row?.amount && row.days ? { amount: Number(row.amount), days: Number(row.days) } : null;
}

/** The viewer's progress on the reading they have open of an edition (`lendo` or `pausado`), or null. */
export async function getMyProgress(viewer: Viewer, editionId: string, edition: EditionLength): Promise<MyProgress | null> {
  const [read] = await getDb()
    .select({
      id: readThroughs.id,
      startedOn: readThroughs.startedOn,
      fraction: readThroughs.progressFraction,
      value: readThroughs.progressValue,
      unit: readThroughs.progressUnit,
      lastUpdateOn: sql<string | null>`((${readThroughs.progressUpdatedAt} AT TIME ZONE 'America/Sao_Paulo')::date)::text`,
    })
    .from(readThroughs)
    .innerJoin(shelfEntries, eq(shelfEntries.id, readThroughs.shelfEntryId))
    .where(isOpenReadThrough(viewer, editionId, ['reading', 'paused']));
  if (!read) return null;
  const updates = await getDb()
    .select({
      id: progressEntries.id,
      value: progressEntries.value,
      unit: progressEntries.unit,
      fraction: progressEntries.fraction,
      comment: progressEntries.comment,
      emotion: progressEntries.emotion,
      spoiler: progressEntries.spoiler,
      correction: progressEntries.correction,
      createdAt: progressEntries.createdAt,
    })
    .from(progressEntries)
    .where(eq(progressEntries.readThroughId, read.id))
    .orderBy(desc(progressEntries.createdAt), desc(progressEntries.id))
    .limit(LATEST_UPDATES);
  const fraction = read.fraction ?? 0;
  const unit = preferredUnit(edition);
  // The recent readings are only asked for when this reading's own span is too short (see estimateDaysLeft).
  const ownPaceKnown = fraction > 0 && read.startedOn != null && read.lastUpdateOn != null && read.lastUpdateOn > read.startedOn;
  const recent = unit !== 'percent' && !ownPaceKnown && fraction < 1 ? await recentPace(viewer, unit) : null;
  return {
    fraction,
    value: read.value,
    unit: read.unit,
    units: allowedUnits(edition),
    preferredUnit: unit,
    daysLeft: estimateDaysLeft({ fraction, startedOn: read.startedOn, lastUpdateOn: read.lastUpdateOn, length: lengthIn(edition, unit), recent }),
    updates: updates.map((update) => ({ ...update, createdAt: update.createdAt.toISOString() })),
  };
}
