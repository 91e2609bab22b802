import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { editions, groupReadEditions, groupReadStages, groupReads } from '~/db/schema';
import { newId } from '~/lib/ids';
import { AppError, isAppError } from '~/server/errors';
import { failureFromError, formFailure, typedFields } from '~/server/forms.server';
import { invalidateTags } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { groupReadPageTags } from './cache';
import { rangeLabel } from './labels';
import { GROUP_READ_STAGES_MAX, phaseOf } from './policy';
import { listBooks } from './queries.server';
import { requireGroupReadAccess } from './standing.server';
import { type ScheduleEditInput, pagesOverMessage, rowIndexes, scheduleEditInput, stageFields, wizardField } from './validation';
import type { StageUnit } from './vocabulary';

/**
 * An etapa in pages past the last page of its book (`pagesOf` its book's count: typed for the host's copy, else the
 * catalogue's; null when unknown) is refused beside its "Até". The wizard's creation and the host tools' edit.
 */
export function refusePagesPastTheBook(
  stages: readonly { editionIndex: number; unit: StageUnit; toNumber: number }[],
  pagesOf: (editionIndex: number) => number | null,
) {
  stages.forEach((stage, i) => {
    const pages = pagesOf(stage.editionIndex);
    if (stage.unit === 'pages' && pages !== null && stage.toNumber > pages)
      throw new AppError('invalid_input', pagesOverMessage(pages), wizardField(['stages', i, 'toNumber']));
  });
}

/** An etapa's columns as a schedule form gave them, for its book's edition and its place in the schedule. */
export const stageColumns = (
  stage: { unit: StageUnit; fromNumber: number; toNumber: number; startsOn: string; endsOn: string },
  editionId: string,
  position: number,
) => ({ editionId, position, unit: stage.unit, fromNumber: stage.fromNumber, toNumber: stage.toNumber, startsOn: stage.startsOn, endsOn: stage.endsOn });

const STALE = 'O cronograma mudou enquanto você editava. Recarregue a página e faça as mudanças de novo.';

/**
 * Host tools: the schedule as the host edited it (PRODUCT.md §F, "editable"), in one transaction, under the wizard's
 * rules and the catalogue's page counts. An etapa keeps its id, so its comments, its readers' marks and the notice
 * that it opened stay with it (an etapa moved later is not announced again). An etapa with comments keeps its book
 * (the discussion is about it) and cannot be removed: its thread would go with it. The LC's own dates come along.
 */
export async function editGroupReadSchedule(viewer: Viewer, groupReadId: string, input: ScheduleEditInput): Promise<void> {
  await getDb().transaction(async (tx) => {
    const { lc } = await requireGroupReadAccess(tx, viewer, groupReadId, 'manage', { lock: true });
    if (phaseOf(lc) === 'encerrada') throw new AppError('invalid_input', 'Esta LC já terminou: o cronograma fica como está.');
    const books = await tx
      .select({ id: editions.id, pages: editions.pages })
      .from(groupReadEditions)
      .innerJoin(editions, eq(editions.id, groupReadEditions.editionId))
      .where(eq(groupReadEditions.groupReadId, groupReadId))
      .orderBy(asc(groupReadEditions.position));
    // The etapas are locked before their comments are counted (in a statement of its own, so it sees every
    // committed comment): a comment written meanwhile waits, and cannot land on an etapa being removed.
    await tx.select({ id: groupReadStages.id }).from(groupReadStages).where(eq(groupReadStages.groupReadId, groupReadId)).for('update');
    const current = await queryRows<{ id: string; editionId: string; unit: StageUnit; fromNumber: number; toNumber: number; comments: number }>(
      sql`SELECT s.id, s.edition_id AS "editionId", s.unit, s.from_number AS "fromNumber", s.to_number AS "toNumber",
          (SELECT count(*)::int FROM group_read_comments c WHERE c.stage_id = s.id AND c.deleted_at IS NULL) AS comments
        FROM group_read_stages s WHERE s.group_read_id = ${groupReadId} ORDER BY s.position`,
      tx,
    );
    const byId = new Map(current.map((stage, i) => [stage.id, { ...stage, number: i + 1 }]));
    const accounted = new Set<string>();
    input.stages.forEach((stage, i) => {
      const book = books[stage.editionIndex];
      if (!book) throw new AppError('invalid_input', 'Escolha um dos livros da LC.', wizardField(['stages', i, 'editionIndex']));
      if (!stage.id) return;
      const was = byId.get(stage.id);
      if (!was || accounted.has(stage.id)) throw new AppError('invalid_input', STALE);
      accounted.add(stage.id);
      if (was.comments > 0 && was.editionId !== book.id)
        throw new AppError(
          'invalid_input',
          'Esta etapa já tem comentários sobre o livro dela: o livro não muda. Para o outro livro, adicione uma etapa nova.',
          wizardField(['stages', i, 'editionIndex']),
        );
    });
    for (const id of input.removed) {
      const was = byId.get(id);
      if (!was || accounted.has(id)) throw new AppError('invalid_input', STALE);
      accounted.add(id);
      if (was.comments > 0)
        throw new AppError(
          'invalid_input',
          `A etapa ${was.number} (${rangeLabel(was)}) tem ${was.comments === 1 ? 'um comentário' : `${was.comments.toLocaleString('pt-BR')} comentários`} na discussão: ela fica no cronograma. Mude o trecho ou as datas dela em vez de tirá-la.`,
          `remover-${id}`,
        );
    }
    // An etapa added in another tab meanwhile is neither kept nor removed by this form: it is not dropped unseen.
    if (current.some((stage) => !accounted.has(stage.id))) throw new AppError('invalid_input', STALE);
    refusePagesPastTheBook(input.stages, (k) => books[k]?.pages ?? null);

    if (input.removed.length > 0)
      await tx.delete(groupReadStages).where(and(eq(groupReadStages.groupReadId, groupReadId), inArray(groupReadStages.id, input.removed)));
    // Positions are unique per LC: the kept etapas step aside (negative) before taking their new places.
    await tx
      .update(groupReadStages)
      .set({ position: sql`-1 - ${groupReadStages.position}` })
      .where(eq(groupReadStages.groupReadId, groupReadId));
    for (const [position, stage] of input.stages.entries()) {
      const values = stageColumns(stage, books[stage.editionIndex]!.id, position);
      if (stage.id) await tx.update(groupReadStages).set(values).where(eq(groupReadStages.id, stage.id));
      else await tx.insert(groupReadStages).values({ id: newId(), groupReadId, ...values });
    }
    if (input.startsOn !== lc.startsOn || input.endsOn !== lc.endsOn)
      await tx.update(groupReads).set({ startsOn: input.startsOn, endsOn: input.endsOn, updatedAt: new Date() }).where(eq(groupReads.id, groupReadId));
  });
  await invalidateTags(groupReadPageTags(groupReadId));
}

/** The form's fields for the schedule as it is: the LC's dates, each etapa with its id, and one blank etapa to add. */
export function scheduleFormFields(
  lc: { startsOn: string; endsOn: string },
  stages: readonly { id: string; editionId: string; unit: StageUnit; fromNumber: number; toNumber: number; startsOn: string; endsOn: string }[],
  editionIds: readonly string[],
): Record<string, string> {
  const fields: Record<string, string> = { startsOn: lc.startsOn, endsOn: lc.endsOn };
  stages.forEach((stage, i) =>
    Object.assign(fields, {
      [`stage-${i}-id`]: stage.id,
      [`stage-${i}-edition`]: String(Math.max(0, editionIds.indexOf(stage.editionId))),
      [`stage-${i}-unit`]: stage.unit,
      [`stage-${i}-from`]: String(stage.fromNumber),
      [`stage-${i}-to`]: String(stage.toNumber),
      [`stage-${i}-startsOn`]: stage.startsOn,
      [`stage-${i}-endsOn`]: stage.endsOn,
    }),
  );
  return withBlankStage(fields);
}

/** One more etapa row, blank but for the book, unit and days of the last one (a blank row is left out on saving). */
function withBlankStage(fields: Record<string, string>): Record<string, string> {
  const rows = rowIndexes(fields, 'stage');
  const last = rows.at(-1);
  const next = last === undefined ? 0 : last + 1;
  const from = (key: string, fallback: string) => (last === undefined ? fallback : (fields[`stage-${last}-${key}`] ?? fallback));
  return {
    ...fields,
    [`stage-${next}-id`]: '',
    [`stage-${next}-edition`]: from('edition', '0'),
    [`stage-${next}-unit`]: from('unit', 'pages'),
    [`stage-${next}-from`]: '',
    [`stage-${next}-to`]: '',
    [`stage-${next}-startsOn`]: from('endsOn', fields.startsOn ?? ''),
    [`stage-${next}-endsOn`]: from('endsOn', fields.endsOn ?? ''),
  };
}

/**
 * /lc/{identificador}/gerenciar's schedule form (intent `etapas`): "Adicionar etapa" (`linha=mais`) answers the form
 * with one more row, nothing saved; saving leaves out the blank new rows and those marked "Tirar", puts the rest
 * in the order of their days and checks them as the wizard does. Every message goes beside the row's own field (its number in the form, whatever was left
 * out), and what was typed comes back.
 */
export async function runScheduleEdit(viewer: Viewer, groupReadId: string, formData: FormData) {
  const fields = typedFields(formData);
  // Who may not manage the LC is answered so at once (403, or 404 for a hidden LC), even for "Adicionar etapa".
  const denied = await requireGroupReadAccess(getDb(), viewer, groupReadId, 'manage').then(
    () => null,
    (error: unknown) => failureFromError(error, fields),
  );
  if (denied) return denied;
  const rows = rowIndexes(fields, 'stage').map((formIndex) => ({
    formIndex,
    ...stageFields(fields, formIndex),
    id: fields[`stage-${formIndex}-id`]?.trim() ?? '',
  }));
  if (fields.linha === 'mais') {
    if (rows.length >= GROUP_READ_STAGES_MAX) return formFailure(fields, `Use no máximo ${GROUP_READ_STAGES_MAX} etapas.`);
    return { fieldErrors: {}, fields: withBlankStage(fields) };
  }
  const removed = rows.filter((row) => row.id && fields[`remover-${row.id}`] === 'sim');
  // The etapas go in the order of their days (a row added at the end may fall between two), the form's on a tie.
  const kept = rows
    .filter((row) => !removed.includes(row) && (row.id || row.fromNumber.trim() !== '' || row.toNumber.trim() !== ''))
    .sort((a, b) => a.startsOn.localeCompare(b.startsOn) || a.endsOn.localeCompare(b.endsOn));
  // ['stages', k, …] of the kept rows is the form's row kept[k].
  const toForm = (field: string) => field.replace(/^stage-(\d+)-/, (_, k: string) => `stage-${kept[Number(k)]?.formIndex ?? k}-`);
  const parsed = scheduleEditInput.safeParse({
    editions: await listBooks(groupReadId),
    startsOn: fields.startsOn ?? '',
    endsOn: fields.endsOn ?? '',
    stages: kept.map(({ formIndex: _, ...row }) => row),
    removed: removed.map((row) => row.id),
  });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    let formError: string | undefined;
    for (const issue of parsed.error.issues) {
      const field = wizardField(issue.path);
      if (field === 'stages' || field === '_form') formError ??= issue.message;
      else fieldErrors[toForm(field)] ??= issue.message;
    }
    return formFailure(fields, formError ?? '', fieldErrors);
  }
  try {
    await editGroupReadSchedule(viewer, groupReadId, parsed.data);
    return { success: 'Cronograma salvo.' };
  } catch (error) {
    if (isAppError(error) && error.field) return formFailure(fields, '', { [toForm(error.field)]: error.message });
    return failureFromError(error, fields);
  }
}
