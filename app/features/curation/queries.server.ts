import { type SQL, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { type CatalogEntity, fieldsOf } from '~/features/catalog/editable-fields';
import { readAuthorFields, readEditionFields } from '~/features/catalog/edits.server';
import { describeCatalogRecord } from '~/features/catalog/queries.server';
import type { Viewer } from '~/server/viewer.server';
import { QUALITY_FLAG_SQL } from './linked-editions.server';
import { MERGED_INTO_FIELD, assertCurator } from './policy';
import type {
  CatalogChangeRow,
  ChangeRequestKind,
  ChangeRequestReview,
  ChangeRequestStatus,
  ChangeRequestSummary,
  CurationDashboard,
  FieldRequestKind,
  RequestTarget,
} from './types';
import { entityOfKind } from './validation';
import type { FieldChange } from './vocabulary';

export const REQUESTS_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE = 30;

type SummaryRow = {
  id: string;
  code: string;
  kind: ChangeRequestKind;
  status: ChangeRequestStatus;
  targetLabel: string;
  editionId: string | null;
  authorSlug: string | null;
  authorId: string | null;
  duplicateEditionId: string | null;
  duplicateAuthorSlug: string | null;
  duplicateLabel: string | null;
  changes: FieldChange[];
  note: string | null;
  answer: string | null;
  appliedDirectly: boolean;
  requesterUsername: string | null;
  requesterName: string | null;
  reviewerUsername: string | null;
  reviewerName: string | null;
  createdAt: Date | string;
  decidedAt: Date | string | null;
  total: number;
};

const summaryColumns = sql`r.id, r.code, r.kind, r.status, r.target_label AS "targetLabel", r.edition_id AS "editionId",
  (SELECT a.slug FROM authors a WHERE a.id = r.author_id) AS "authorSlug", r.author_id AS "authorId",
  r.duplicate_edition_id AS "duplicateEditionId", (SELECT a.slug FROM authors a WHERE a.id = r.duplicate_author_id) AS "duplicateAuthorSlug",
  coalesce((SELECT e.title FROM editions e WHERE e.id = r.duplicate_edition_id), (SELECT a.name FROM authors a WHERE a.id = r.duplicate_author_id)) AS "duplicateLabel", r.changes, r.note, r.answer, r.applied_directly AS "appliedDirectly",
  q.username AS "requesterUsername", q.name AS "requesterName", v.username AS "reviewerUsername", v.name AS "reviewerName",
  r.created_at AS "createdAt", r.decided_at AS "decidedAt", count(*) OVER ()::int AS total`;
const summaryFrom = sql`FROM change_requests r LEFT JOIN users q ON q.id = r.requester_id LEFT JOIN users v ON v.id = r.reviewer_id`;

const iso = (value: Date | string) => new Date(value).toISOString();

function toSummary(row: SummaryRow): ChangeRequestSummary {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    status: row.status,
    targetLabel: row.targetLabel,
    targetPath: row.editionId ? `/ed/${row.editionId}` : row.authorSlug ? `/autor/${row.authorSlug}` : null,
    entity: row.kind === 'duplicate' ? (row.editionId ? 'edition' : 'author') : entityOfKind(row.kind),
    duplicate: row.duplicateLabel
      ? { label: row.duplicateLabel, path: row.duplicateEditionId ? `/ed/${row.duplicateEditionId}` : `/autor/${row.duplicateAuthorSlug ?? ''}` }
      : null,
    changes: row.changes,
    note: row.note,
    answer: row.answer,
    appliedDirectly: row.appliedDirectly,
    requester: row.requesterUsername ? { username: row.requesterUsername, name: row.requesterName ?? row.requesterUsername } : null,
    reviewer: row.reviewerUsername ? { username: row.reviewerUsername, name: row.reviewerName ?? row.reviewerUsername } : null,
    createdAt: iso(row.createdAt),
    decidedAt: row.decidedAt ? iso(row.decidedAt) : null,
  };
}

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** The viewer's own requests, newest first: nobody else's, whatever the role. */
export async function listMyChangeRequests(viewer: Viewer, page = 1): Promise<Page<ChangeRequestSummary>> {
  const rows = await queryRows<SummaryRow>(sql`SELECT ${summaryColumns} ${summaryFrom} WHERE r.requester_id = ${viewer.id}
    ORDER BY r.created_at DESC, r.id LIMIT ${REQUESTS_PAGE_SIZE} OFFSET ${(page - 1) * REQUESTS_PAGE_SIZE}`);
  return { items: rows.map(toSummary), total: rows[0]?.total ?? 0, page, pageSize: REQUESTS_PAGE_SIZE };
}

/** The curators' queue: oldest first, so nobody waits behind newer requests. */
export async function listChangeRequests(
  viewer: Viewer,
  filters: { kind?: ChangeRequestKind | undefined; status: ChangeRequestStatus; page: number },
): Promise<Page<ChangeRequestSummary>> {
  assertCurator(viewer);
  const where: SQL[] = [sql`r.status = ${filters.status}`];
  if (filters.kind) where.push(sql`r.kind = ${filters.kind}`);
  const rows = await queryRows<SummaryRow>(sql`SELECT ${summaryColumns} ${summaryFrom} WHERE ${sql.join(where, sql` AND `)}
    ORDER BY r.created_at ${filters.status === 'pending' ? sql`ASC` : sql`DESC`}, r.id LIMIT ${REQUESTS_PAGE_SIZE} OFFSET ${(filters.page - 1) * REQUESTS_PAGE_SIZE}`);
  return { items: rows.map(toSummary), total: rows[0]?.total ?? 0, page: filters.page, pageSize: REQUESTS_PAGE_SIZE };
}

/**
 * One request as a curator reviews it: each proposed field beside the value the record has now, flagged
 * as a conflict when that value is no longer what the requester saw.
 */
export async function getChangeRequestForReview(viewer: Viewer, code: string): Promise<ChangeRequestReview | null> {
  assertCurator(viewer);
  const [row] = await queryRows<SummaryRow>(sql`SELECT ${summaryColumns} ${summaryFrom} WHERE r.code = ${code}`);
  if (!row) return null;
  const summary = toSummary(row);
  if (row.kind === 'duplicate') {
    const refs = row.editionId ? [row.editionId, row.duplicateEditionId] : [row.authorSlug, row.duplicateAuthorSlug];
    const records = await Promise.all(refs.map((ref) => (ref ? describeCatalogRecord(summary.entity, ref) : null)));
    return { ...summary, reviewed: [], records: [records[0] ?? null, records[1] ?? null] };
  }
  const isEdit = row.kind === 'edition_edit' || row.kind === 'author_edit';
  const live = isEdit ? await readLive(summary.entity, row.editionId ?? row.authorId) : null;
  const reviewed = summary.changes.map((change) => {
    const current = live ? (live[change.field] ?? null) : null;
    return { ...change, current, conflict: summary.status === 'pending' && isEdit && current !== change.before };
  });
  return { ...summary, reviewed, records: null };
}

async function readLive(entity: CatalogEntity, id: string | null): Promise<Record<string, string | null> | null> {
  if (!id) return null;
  return getDb().transaction(async (tx): Promise<Record<string, string | null> | null> =>
    entity === 'edition' ? readEditionFields(tx, id, false) : readAuthorFields(tx, id, false),
  );
}

/** What the request form shows: the record's current values (the "seen" values of the diff). */
export async function getRequestTarget(kind: FieldRequestKind, target: string | null): Promise<RequestTarget | null> {
  if (kind === 'new_edition' || kind === 'new_author') {
    const values = Object.fromEntries(Object.keys(fieldsOf(entityOfKind(kind))).map((f) => [f, null]));
    return {
      kind,
      targetId: null,
      label: kind === 'new_edition' ? 'Nova edição' : 'Novo autor',
      path: null,
      values: { ...values, format: 'brochura', language: kind === 'new_edition' ? 'pt' : null },
    };
  }
  if (!target) return null;
  if (kind === 'edition_edit') {
    const live = await readLive('edition', target);
    if (!live) return null;
    const { workId: _workId, cover: _cover, ...values } = live;
    return { kind, targetId: target, label: live.title ?? '', path: `/ed/${target}`, values };
  }
  const [author] = await queryRows<{ id: string }>(sql`SELECT id FROM authors WHERE slug = ${target}`);
  const live = author ? await readLive('author', author.id) : null;
  if (!live) return null;
  return { kind, targetId: target, label: live.name ?? '', path: `/autor/${target}`, values: live };
}

export async function getCurationDashboard(viewer: Viewer): Promise<CurationDashboard> {
  assertCurator(viewer);
  const [pending, [oldest], [gaps]] = await Promise.all([
    queryRows<{ kind: ChangeRequestKind; count: number }>(
      sql`SELECT kind, count(*)::int AS count FROM change_requests WHERE status = 'pending' GROUP BY kind ORDER BY kind`,
    ),
    queryRows<{ at: Date | string | null }>(sql`SELECT min(created_at) AS at FROM change_requests WHERE status = 'pending'`),
    queryRows<
      CurationDashboard['gaps']
    >(sql`SELECT count(*) FILTER (WHERE ${QUALITY_FLAG_SQL.cover})::int AS "withoutCover", count(*) FILTER (WHERE ${QUALITY_FLAG_SQL.isbn})::int AS "withoutIsbn",
      count(*) FILTER (WHERE ${QUALITY_FLAG_SQL.pages})::int AS "withoutPages", count(*)::int AS editions FROM editions e`),
  ]);
  return { pending, oldestPendingAt: oldest?.at ? iso(oldest.at) : null, gaps: gaps ?? { withoutCover: 0, withoutIsbn: 0, withoutPages: 0, editions: 0 } };
}

type ChangeRow = Omit<CatalogChangeRow, 'actor' | 'createdAt' | 'entityPath' | 'mergedInto'> & {
  mergedLabel: string | null;
  mergedSlug: string | null;
  actorUsername: string | null;
  actorName: string | null;
  authorSlug: string | null;
  createdAt: Date | string;
  total: number;
};

/** Every catalogue change, newest first, filtered by entity type, the person who made it, or a request code. */
export async function listCatalogChanges(
  viewer: Viewer,
  filters: { entity?: CatalogEntity | 'work' | undefined; actor?: string | undefined; code?: string | undefined; page: number },
): Promise<Page<CatalogChangeRow>> {
  assertCurator(viewer);
  const where: SQL[] = [sql`true`];
  if (filters.entity) where.push(sql`c.entity_type = ${filters.entity}`);
  if (filters.actor) where.push(sql`u.username = ${filters.actor}`);
  if (filters.code) where.push(sql`r.code = ${filters.code}`);
  const rows = await queryRows<ChangeRow>(sql`
    SELECT c.id, c.entity_type AS "entityType", c.entity_id AS "entityId", c.field, c.before, c.after, c.revert_of_id AS "revertOfId",
      coalesce(e.title, w.title, a.name, CASE WHEN c.field = 'merged_into' THEN c.before END, '(removido)') AS "entityLabel", a.slug AS "authorSlug",
      coalesce(me.title, mw.title, ma.name) AS "mergedLabel", ma.slug AS "mergedSlug",
      u.username AS "actorUsername", u.name AS "actorName", r.code, c.created_at AS "createdAt", count(*) OVER ()::int AS total
    FROM catalog_changes c
      LEFT JOIN users u ON u.id = c.actor_id
      LEFT JOIN change_requests r ON r.id = c.change_request_id
      LEFT JOIN editions e ON c.entity_type = 'edition' AND e.id = c.entity_id
      LEFT JOIN works w ON c.entity_type = 'work' AND w.id = c.entity_id
      LEFT JOIN authors a ON c.entity_type = 'author' AND a.id = c.entity_id
      LEFT JOIN editions me ON c.field = 'merged_into' AND c.entity_type = 'edition' AND me.id = c.after
      LEFT JOIN works mw ON c.field = 'merged_into' AND c.entity_type = 'work' AND mw.id = c.after
      LEFT JOIN authors ma ON c.field = 'merged_into' AND c.entity_type = 'author' AND ma.id = c.after
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY c.created_at DESC, c.id LIMIT ${HISTORY_PAGE_SIZE} OFFSET ${(filters.page - 1) * HISTORY_PAGE_SIZE}`);
  return {
    items: rows.map((row) => ({
      id: row.id,
      entityType: row.entityType,
      entityId: row.entityId,
      entityLabel: row.entityLabel,
      entityPath: row.entityType === 'edition' ? `/ed/${row.entityId}` : row.authorSlug ? `/autor/${row.authorSlug}` : null,
      mergedInto:
        row.field === MERGED_INTO_FIELD
          ? {
              label: row.mergedLabel ?? '(mesclado depois em outro registro)',
              path: row.entityType === 'edition' && row.after ? `/ed/${row.after}` : row.mergedSlug ? `/autor/${row.mergedSlug}` : null,
            }
          : null,
      field: row.field,
      before: row.before,
      after: row.after,
      actor: row.actorUsername ? { username: row.actorUsername, name: row.actorName ?? row.actorUsername } : null,
      code: row.code,
      revertOfId: row.revertOfId,
      createdAt: iso(row.createdAt),
    })),
    total: rows[0]?.total ?? 0,
    page: filters.page,
    pageSize: HISTORY_PAGE_SIZE,
  };
}
