import { and, count, eq, inArray } from 'drizzle-orm';
import { type Tx, getDb } from '~/db/client.server';
import { catalogChanges, changeRequests } from '~/db/schema';
import { type AuthorField, type CatalogEntity, type FieldValues, displayValue, fieldLabel } from '~/features/catalog/editable-fields';
import {
  applyAuthorChanges,
  applyEditionChanges,
  createAuthor,
  type EditionValues,
  createEdition,
  editionReadersCount,
  findAuthorIdBySlug,
  findEditionIdByIsbn,
  readAuthorFields,
  readEditionFields,
} from '~/features/catalog/edits.server';
import { describeCatalogRecord } from '~/features/catalog/queries.server';
import { notify } from '~/features/social/mutations.server';
import { newId } from '~/lib/ids';
import { AppError, RateLimitError } from '~/server/errors';
import { invalidateTags } from '~/server/html-cache.server';
import { formatDateTime } from '~/lib/format';
import { hitRateLimit, formatWait } from '~/server/rate-limit.server';
import type { Viewer } from '~/server/viewer.server';
import { newRequestCode } from './code';
import { publishProposedCover } from './cover-storage.server';
import { mergeWithHistory } from './merge.server';
import {
  CHANGE_REQUESTS_PER_DAY,
  CURATOR_ONLY_FROM_READERS,
  MERGED_INTO_FIELD,
  MERGE_NOT_REVERTIBLE,
  TRUSTED_AFTER_APPROVALS,
  assertCurator,
  isSmallEdit,
} from './policy';
import { STATUS_LABELS, type ChangeRequestKind, type FieldRequestKind } from './types';
import { entityOfKind, formFields } from './validation';
import type { EditionFormat } from '~/features/catalog/vocabulary';
import type { FieldChange } from './vocabulary';

export type NewChangeRequest = { kind: FieldRequestKind; target: string | null; changes: FieldChange[]; note: string };
export type CreatedChangeRequest = { code: string; status: 'pending' | 'approved' };

const MY_REQUESTS_LINK = '/catalogo/minhas-solicitacoes';

/**
 * Files a change request. A trusted reader's small edit of an edition few readers link, with no field
 * moved since they saw it, is applied at once (ADR 0011); everything else waits for a curator.
 */
export async function createChangeRequest(viewer: Viewer, input: NewChangeRequest): Promise<CreatedChangeRequest> {
  const known = new Set(formFields(input.kind).map(([field]) => field));
  if (input.changes.length === 0 || input.changes.some((c) => !known.has(c.field))) throw new AppError('invalid_input');
  await countChangeRequest(viewer);
  const { result, tags } = await getDb().transaction(async (tx) => {
    const target = await resolveTarget(tx, input.kind, input.target);
    if (input.kind === 'new_edition') await refuseKnownIsbn(tx, input.changes);
    const { id, code } = await insertChangeRequest(tx, viewer, {
      kind: input.kind,
      editionId: target.editionId,
      authorId: target.authorId,
      targetLabel: target.label ?? labelOfNew(input.changes),
      changes: input.changes,
      note: input.note,
    });
    if (!(await appliesDirectly(tx, viewer, input, target.live))) return { result: { code, status: 'pending' as const }, tags: [] };
    const applied = await applyRequest(tx, viewer, { id, kind: input.kind, editionId: target.editionId, authorId: target.authorId, changes: input.changes });
    await tx
      .update(changeRequests)
      .set({ status: 'approved', appliedDirectly: true, reviewerId: viewer.id, decidedAt: new Date() })
      .where(eq(changeRequests.id, id));
    return { result: { code, status: 'approved' as const }, tags: applied.tags };
  });
  if (tags.length) await invalidateTags(tags);
  return result;
}

/** Counts one request against the reader's daily limit; over it, says when the next one is possible. */
export async function countChangeRequest(viewer: Viewer): Promise<void> {
  const limit = await hitRateLimit({ name: 'change-requests', limit: CHANGE_REQUESTS_PER_DAY, windowSeconds: 86_400 }, viewer.id);
  if (limit.ok) return;
  const at = formatDateTime(new Date(Date.now() + limit.retryAfterSeconds * 1000));
  throw new RateLimitError(
    limit.retryAfterSeconds,
    `Você chegou ao limite de ${CHANGE_REQUESTS_PER_DAY} solicitações por dia. Poderá enviar outra a partir de ${at} (daqui a ${formatWait(limit.retryAfterSeconds)}).`,
  );
}

export type NewDuplicateReport = { entity: 'edition' | 'author'; target: string; other: string; note: string };

/**
 * A reader's report that two editions (or two authors) are one: it waits for a curator, who picks the
 * record that stays and merges them (decision 0013). `target` and `other` are edition ids or author
 * identificadores; a merged one is followed to where it lives now.
 */
export async function reportDuplicate(viewer: Viewer, input: NewDuplicateReport): Promise<CreatedChangeRequest> {
  const [target, other] = await Promise.all([describeCatalogRecord(input.entity, input.target), describeCatalogRecord(input.entity, input.other)]);
  const noun = input.entity === 'edition' ? 'edição' : 'autor';
  if (!target)
    throw new AppError('not_found', input.entity === 'edition' ? 'Essa edição não existe mais no catálogo.' : 'Esse autor não existe mais no catálogo.');
  if (!other)
    throw new AppError('not_found', `Não encontramos ${input.entity === 'edition' ? 'essa edição' : 'esse autor'} no catálogo: confira o link.`, 'link');
  if (other.id === target.id)
    throw new AppError(
      'invalid_input',
      `É ${input.entity === 'edition' ? 'a mesma edição' : 'o mesmo autor'} desta página: escolha ${input.entity === 'edition' ? 'a outra' : 'o outro'} ${noun}, a repetida.`,
      'link',
    );
  await countChangeRequest(viewer);
  const code = await getDb().transaction(async (tx) => {
    const { code } = await insertChangeRequest(tx, viewer, {
      kind: 'duplicate',
      editionId: input.entity === 'edition' ? target.id : null,
      duplicateEditionId: input.entity === 'edition' ? other.id : null,
      authorId: input.entity === 'author' ? target.id : null,
      duplicateAuthorId: input.entity === 'author' ? other.id : null,
      targetLabel: target.label.slice(0, 300),
      changes: [],
      note: input.note,
    });
    return code;
  });
  return { code, status: 'pending' };
}

/** A collision is one in hundreds of millions, but a failed insert would abort the reader's request. */
/** A request's columns as its kind fills them; `changes` may name the request's code (a cover's proposed image does). */
type NewRequestRow = Omit<typeof changeRequests.$inferInsert, 'id' | 'code' | 'requesterId' | 'changes' | 'note'> & {
  id?: string;
  changes: FieldChange[] | ((code: string) => FieldChange[]);
  note: string;
};

/** Files a pending request of the reader under a code no other request has, an empty note as none. */
export async function insertChangeRequest(tx: Tx, requester: Pick<Viewer, 'id'>, request: NewRequestRow): Promise<{ id: string; code: string }> {
  const [filed] = await insertChangeRequests(tx, requester, [request]);
  return filed!;
}

/**
 * insertChangeRequest for many requests of one requester at once (a reader import's proposals): their codes
 * checked in one query and the requests written in one statement, whatever their number.
 */
export async function insertChangeRequests(tx: Tx, requester: Pick<Viewer, 'id'>, requests: readonly NewRequestRow[]): Promise<{ id: string; code: string }[]> {
  if (!requests.length) return [];
  const codes = await unusedCodes(tx, requests.length);
  const rows = requests.map(({ id = newId(), changes, note, ...request }, i) => {
    const code = codes[i]!;
    return { ...request, id, code, requesterId: requester.id, changes: typeof changes === 'function' ? changes(code) : changes, note: note || null };
  });
  await tx.insert(changeRequests).values(rows);
  return rows.map(({ id, code }) => ({ id, code }));
}

/** `wanted` distinct codes no request has. */
async function unusedCodes(tx: Tx, wanted: number): Promise<string[]> {
  const codes = new Set<string>();
  for (;;) {
    while (codes.size < wanted) codes.add(newRequestCode());
    const taken = await tx
      .select({ code: changeRequests.code })
      .from(changeRequests)
      .where(inArray(changeRequests.code, [...codes]));
    if (!taken.length) return [...codes];
    for (const { code } of taken) codes.delete(code);
  }
}

type ResolvedTarget = { editionId: string | null; authorId: string | null; label: string | null; live: Record<string, string | null> | null };

async function resolveTarget(tx: Tx, kind: FieldRequestKind, target: string | null): Promise<ResolvedTarget> {
  if (kind === 'edition_edit') {
    const live = target ? await readEditionFields(tx, target, false) : null;
    if (!target || !live) throw new AppError('not_found', 'Essa edição não existe mais no catálogo.');
    return { editionId: target, authorId: null, label: live.title ?? '', live };
  }
  if (kind === 'author_edit') {
    const authorId = target ? await findAuthorIdBySlug(tx, target) : null;
    const live = authorId ? await readAuthorFields(tx, authorId, false) : null;
    if (!authorId || !live) throw new AppError('not_found', 'Esse autor não existe mais no catálogo.');
    return { editionId: null, authorId, label: live.name ?? '', live };
  }
  return { editionId: null, authorId: null, label: null, live: null };
}

async function refuseKnownIsbn(tx: Tx, changes: FieldChange[]) {
  const isbn = changes.find((c) => c.field === 'isbn')?.after;
  if (isbn && (await findEditionIdByIsbn(tx, isbn)))
    throw new AppError('conflict', 'Essa edição já está no catálogo: busque pelo ISBN para encontrá-la.', 'isbn');
}

const labelOfNew = (changes: FieldChange[]) => (changes.find((c) => c.field === 'title' || c.field === 'name')?.after ?? 'Sem título').slice(0, 300);

async function appliesDirectly(tx: Tx, viewer: Viewer, input: NewChangeRequest, live: Record<string, string | null> | null): Promise<boolean> {
  if (
    !live ||
    !input.target ||
    !isSmallEdit(
      input.kind,
      input.changes.map((c) => c.field),
    )
  )
    return false;
  if (input.changes.some((c) => (live[c.field] ?? null) !== c.before)) return false;
  const readers = await editionReadersCount(tx, input.target);
  if (readers === null || readers >= CURATOR_ONLY_FROM_READERS) return false;
  const [approved] = await tx
    .select({ n: count() })
    .from(changeRequests)
    .where(and(eq(changeRequests.requesterId, viewer.id), eq(changeRequests.status, 'approved'), eq(changeRequests.appliedDirectly, false)));
  return (approved?.n ?? 0) >= TRUSTED_AFTER_APPROVALS;
}

type ApplicableRequest = {
  id: string;
  kind: ChangeRequestKind;
  editionId: string | null;
  authorId: string | null;
  duplicateEditionId?: string | null;
  duplicateAuthorId?: string | null;
  changes: FieldChange[];
  /** For a duplicate report: the curator's pick of the record that stays. */
  survivorId?: string | undefined;
};

/** A duplicate report approved: the record the curator did not pick merges into the one they did. */
async function applyDuplicate(tx: Tx, actor: Viewer, request: ApplicableRequest) {
  const entity = request.editionId ? ('edition' as const) : ('author' as const);
  const pair = entity === 'edition' ? [request.editionId, request.duplicateEditionId] : [request.authorId, request.duplicateAuthorId];
  const survivorId = request.survivorId;
  const loserId = pair.find((id) => id !== survivorId);
  if (!survivorId || !loserId || !pair.includes(survivorId)) throw new AppError('invalid_input', 'Escolha qual dos dois registros fica.', 'sobrevivente');
  const tags = await mergeWithHistory(tx, actor, entity, loserId, survivorId, request.id);
  return { tags, editionId: entity === 'edition' ? survivorId : null, authorId: entity === 'author' ? survivorId : null };
}

/** Writes a request's changes to the catalogue and one history row per field that really changed. */
async function applyRequest(tx: Tx, actor: Viewer, request: ApplicableRequest): Promise<{ tags: string[]; editionId: string | null; authorId: string | null }> {
  if (request.kind === 'duplicate') return applyDuplicate(tx, actor, request);
  const values = Object.fromEntries(request.changes.map((c) => [c.field, c.after]));
  const history = (entityType: CatalogEntity, entityId: string, field: string, before: string | null, after: string | null) =>
    tx.insert(catalogChanges).values({ id: newId(), entityType, entityId, field, before, after, actorId: actor.id, changeRequestId: request.id });
  if (request.kind === 'new_edition') {
    const { editionId, tags } = await createEdition(tx, {
      title: values.title ?? '',
      authors: (values.authors ?? '').split('; ').filter(Boolean),
      subtitle: values.subtitle,
      isbn: values.isbn,
      publisher: values.publisher,
      publicationDate: values.publicationDate,
      pages: values.pages ? Number(values.pages) : null,
      format: (values.format as EditionFormat | null) ?? undefined,
      language: values.language ?? undefined,
      synopsis: values.synopsis,
    });
    await history('edition', editionId, 'created', null, values.title ?? null);
    return { tags, editionId, authorId: null };
  }
  if (request.kind === 'new_author') {
    const { authorId, tags } = await createAuthor(tx, {
      name: values.name ?? null,
      nationality: values.nationality ?? null,
      birthYear: values.birthYear ?? null,
      deathYear: values.deathYear ?? null,
      bio: values.bio ?? null,
    });
    await history('author', authorId, 'created', null, values.name ?? null);
    return { tags, editionId: null, authorId };
  }
  const entity = entityOfKind(request.kind);
  const entityId = (entity === 'edition' ? request.editionId : request.authorId) ?? '';
  const live = entity === 'edition' ? await readEditionFields(tx, entityId) : await readAuthorFields(tx, entityId);
  if (!live) throw new AppError('not_found', entity === 'edition' ? 'Essa edição não existe mais no catálogo.' : 'Esse autor não existe mais no catálogo.');
  const changed: Record<string, string | null> = {};
  for (const change of request.changes) {
    const before = (live as Record<string, string | null>)[change.field] ?? null;
    if (before === change.after) continue;
    changed[change.field] = change.after;
    await history(entity, entityId, change.field, before, change.after);
  }
  const tags =
    entity === 'edition'
      ? await applyEditionChanges(tx, entityId, changed as EditionValues)
      : await applyAuthorChanges(tx, entityId, changed as Partial<FieldValues<AuthorField>>);
  return { tags, editionId: request.editionId, authorId: request.authorId };
}

/** For a pending cover request, the public URL of its image (copied out of the private area); else null. */
async function publishCoverOf(code: string): Promise<string | null> {
  const [request] = await getDb()
    .select({ id: changeRequests.id, kind: changeRequests.kind, status: changeRequests.status, editionId: changeRequests.editionId })
    .from(changeRequests)
    .where(eq(changeRequests.code, code));
  if (request?.kind !== 'edition_cover' || request.status !== 'pending' || !request.editionId) return null;
  return publishProposedCover(request.id, request.editionId);
}

async function lockRequest(tx: Tx, code: string) {
  const [request] = await tx.select().from(changeRequests).where(eq(changeRequests.code, code)).for('update');
  if (!request) throw new AppError('not_found', 'Essa solicitação não existe.');
  return request;
}

const alreadyDecided = (status: string) =>
  new AppError('conflict', `Esta solicitação já está ${STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status}.`);

/**
 * Approves a pending request in one transaction: the catalogue change, its history, the request's status
 * and the requester's notification commit together or not at all. `edited` holds the curator's own values
 * for some fields (edit-then-approve); the reader's proposal stays visible as `proposed`.
 */
export async function approveChangeRequest(
  viewer: Viewer,
  code: string,
  options: { answer?: string; edited?: Record<string, string | null>; survivorId?: string } = {},
): Promise<void> {
  assertCurator(viewer);
  // Copying the image is storage I/O: done before the transaction, which must not wait on it (PGlite).
  const publishedCover = await publishCoverOf(code);
  const tags = await getDb().transaction(async (tx) => {
    const request = await lockRequest(tx, code);
    if (request.status !== 'pending') throw alreadyDecided(request.status);
    const changes = request.changes.map((c) =>
      publishedCover !== null
        ? { ...c, after: publishedCover }
        : options.edited && c.field in options.edited && options.edited[c.field] !== c.after
          ? { ...c, after: options.edited[c.field] ?? null, proposed: c.after }
          : c,
    );
    const applied = await applyRequest(tx, viewer, { ...request, changes, survivorId: options.survivorId });
    await tx
      .update(changeRequests)
      .set({
        status: 'approved',
        changes,
        reviewerId: viewer.id,
        answer: options.answer || null,
        decidedAt: new Date(),
        editionId: applied.editionId,
        authorId: applied.authorId,
      })
      .where(eq(changeRequests.id, request.id));
    if (request.requesterId) {
      await notify(
        {
          userId: request.requesterId,
          kind: 'change_request_decided',
          text: `Sua solicitação ${request.code} (“${request.targetLabel}”) foi aprovada.`,
          link: MY_REQUESTS_LINK,
          data: { code: request.code },
        },
        tx,
      );
    }
    return applied.tags;
  });
  await invalidateTags(tags);
}

export async function rejectChangeRequest(viewer: Viewer, code: string, reason: string): Promise<void> {
  assertCurator(viewer);
  await getDb().transaction(async (tx) => {
    const request = await lockRequest(tx, code);
    if (request.status !== 'pending') throw alreadyDecided(request.status);
    await tx
      .update(changeRequests)
      .set({ status: 'rejected', reviewerId: viewer.id, answer: reason, decidedAt: new Date() })
      .where(eq(changeRequests.id, request.id));
    if (request.requesterId) {
      await notify(
        {
          userId: request.requesterId,
          kind: 'change_request_decided',
          text: `Sua solicitação ${request.code} (“${request.targetLabel}”) foi rejeitada: ${reason}`,
          link: MY_REQUESTS_LINK,
          data: { code: request.code },
        },
        tx,
      );
    }
  });
}

/** Only its requester may withdraw a request, and only while it waits; anyone else's answers "not found". */
export async function withdrawChangeRequest(viewer: Viewer, code: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const request = await lockRequest(tx, code);
    if (request.requesterId !== viewer.id) throw new AppError('not_found', 'Essa solicitação não existe.');
    if (request.status !== 'pending') throw alreadyDecided(request.status);
    await tx.update(changeRequests).set({ status: 'withdrawn', decidedAt: new Date() }).where(eq(changeRequests.id, request.id));
  });
}

/**
 * Puts a field back to its value before one history entry, recording the revert as a new entry. Refused
 * when the field changed again since: reverting would silently undo that later change too.
 */
export async function revertCatalogChange(viewer: Viewer, changeId: string): Promise<void> {
  assertCurator(viewer);
  const tags = await getDb().transaction(async (tx) => {
    const [entry] = await tx.select().from(catalogChanges).where(eq(catalogChanges.id, changeId));
    if (!entry) throw new AppError('not_found', 'Essa alteração não existe no histórico.');
    if (entry.field === 'created')
      throw new AppError('conflict', 'Uma inclusão não pode ser revertida aqui: para tirar um registro duplicado, mescle-o com o original.');
    if (entry.field === MERGED_INTO_FIELD || entry.entityType === 'work') throw new AppError('conflict', MERGE_NOT_REVERTIBLE);
    const live = entry.entityType === 'edition' ? await readEditionFields(tx, entry.entityId) : await readAuthorFields(tx, entry.entityId);
    if (!live) throw new AppError('not_found', 'Esse registro não existe mais no catálogo.');
    const now = (live as Record<string, string | null>)[entry.field] ?? null;
    if (now !== entry.after) {
      throw new AppError(
        'conflict',
        `O campo “${fieldLabel(entry.entityType, entry.field)}” mudou depois desta alteração (agora: ${displayValue(entry.field, now)}). Reverta primeiro a alteração mais recente.`,
      );
    }
    await tx.insert(catalogChanges).values({
      id: newId(),
      entityType: entry.entityType,
      entityId: entry.entityId,
      field: entry.field,
      before: now,
      after: entry.before,
      actorId: viewer.id,
      revertOfId: entry.id,
    });
    return entry.entityType === 'edition'
      ? applyEditionChanges(tx, entry.entityId, { [entry.field]: entry.before } as EditionValues)
      : applyAuthorChanges(tx, entry.entityId, { [entry.field]: entry.before } as Partial<FieldValues<AuthorField>>);
  });
  await invalidateTags(tags);
}
