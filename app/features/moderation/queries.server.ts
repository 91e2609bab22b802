import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import type { ModerationAction, ReportReason, ReportStatus, ReportableKind } from './reasons';
import { REPORT_TARGETS, type ReportTarget } from './report-targets.server';
import type { ReportGroup } from './types';

export const REPORT_GROUPS_PAGE = 20;

type GroupRow = { target_kind: ReportableKind; target_id: string; last_at: Date | string };
type ReportRow = {
  id: string;
  target_kind: string;
  target_id: string;
  reason: ReportReason;
  details: string;
  status: ReportStatus;
  created_at: Date | string;
  resolved_at: Date | string | null;
  reporter: string | null;
  reporter_name: string | null;
  reporter_suspended: boolean;
  author_name: string | null;
  author_username: string | null;
  author_suspended: boolean;
};
type LogRow = {
  target_kind: string;
  target_id: string;
  action: ModerationAction;
  note: string;
  admin: string | null;
  admin_name: string | null;
  admin_suspended: boolean;
  created_at: Date | string;
};

const iso = (v: Date | string) => new Date(v).toISOString();
const key = (kind: string, id: string) => `${kind}:${id}`;

/**
 * The admins' queue (PRODUCT.md §R): reports grouped by what they are about, open ones oldest first; closed
 * ones (resolved or dismissed) most recently closed first. Admins only; anyone else is told it does not exist.
 */
export async function listReportGroups(
  viewer: Viewer,
  filters: { status: ReportStatus; kind?: ReportableKind | undefined; page: number },
): Promise<{ groups: ReportGroup[]; total: number }> {
  if (viewer.role !== 'admin') throw new AppError('not_found');
  const where = sql`r.status = ${filters.status} ${filters.kind ? sql`AND r.target_kind = ${filters.kind}` : sql``}`;
  const order = filters.status === 'open' ? sql`min(r.created_at) ASC` : sql`max(r.resolved_at) DESC`;
  const [groups, [total]] = await Promise.all([
    queryRows<GroupRow>(sql`
      SELECT r.target_kind, r.target_id, max(r.created_at) AS last_at FROM reports r WHERE ${where}
      GROUP BY r.target_kind, r.target_id ORDER BY ${order}, r.target_kind, r.target_id
      LIMIT ${REPORT_GROUPS_PAGE} OFFSET ${(filters.page - 1) * REPORT_GROUPS_PAGE}`),
    queryRows<{ n: number }>(sql`SELECT count(DISTINCT (r.target_kind, r.target_id))::int AS n FROM reports r WHERE ${where}`),
  ]);
  return { total: Number(total?.n ?? 0), groups: await assembleGroups(groups, where) };
}

/**
 * One reported target with all its reports, open and closed (a whisper's context page), or null when nobody reported
 * it. Admins only.
 */
export async function getReportGroup(viewer: Viewer, kind: ReportableKind, targetId: string): Promise<ReportGroup | null> {
  if (viewer.role !== 'admin') throw new AppError('not_found');
  const [group] = await assembleGroups([{ target_kind: kind, target_id: targetId }], sql`true`);
  return group?.reports.length ? group : null;
}

/** The queue's targets with their reports (those `where` keeps), what was done about them, and what they are. */
async function assembleGroups(groups: readonly Pick<GroupRow, 'target_kind' | 'target_id'>[], where: SQL): Promise<ReportGroup[]> {
  if (!groups.length) return [];
  const pairs = sql.join(
    groups.map((g) => sql`(${g.target_kind}, ${g.target_id})`),
    sql`, `,
  );
  const [reportRows, logRows, targets] = await Promise.all([
    queryRows<ReportRow>(sql`
      SELECT r.id, r.target_kind, r.target_id, r.reason, r.details, r.status, r.created_at, r.resolved_at,
        rep.username AS reporter, rep.name AS reporter_name, rep.suspended_at IS NOT NULL AS reporter_suspended, au.name AS author_name, au.username AS author_username, au.suspended_at IS NOT NULL AS author_suspended
      FROM reports r LEFT JOIN users rep ON rep.id = r.reporter_id LEFT JOIN users au ON au.id = r.target_author_id
      WHERE ${where} AND (r.target_kind, r.target_id) IN (${pairs}) ORDER BY r.created_at DESC, r.id`),
    queryRows<LogRow>(sql`
      SELECT m.target_kind, m.target_id, m.action, m.note, ad.username AS admin, ad.name AS admin_name, ad.suspended_at IS NOT NULL AS admin_suspended, m.created_at
      FROM moderation_actions m LEFT JOIN users ad ON ad.id = m.admin_id
      WHERE (m.target_kind, m.target_id) IN (${pairs}) ORDER BY m.created_at DESC, m.id`),
    loadTargets(groups),
  ]);
  return groups.map((g) => {
    const mine = reportRows.filter((r) => r.target_kind === g.target_kind && r.target_id === g.target_id);
    const first = mine[0];
    const target = targets.get(key(g.target_kind, g.target_id)) ?? null;
    return {
      kind: g.target_kind,
      targetId: g.target_id,
      reportId: first?.id ?? '',
      target: target ? { excerpt: target.excerpt, link: target.link, hidden: target.hidden } : null,
      author: first?.author_username
        ? { name: first.author_name ?? first.author_username, username: first.author_username, suspended: Boolean(first.author_suspended) }
        : null,
      reports: mine.map((r) => ({
        id: r.id,
        reason: r.reason,
        details: r.details,
        reporter: r.reporter ? { name: r.reporter_name ?? r.reporter, username: r.reporter, suspended: Boolean(r.reporter_suspended) } : null,
        status: r.status,
        createdAt: iso(r.created_at),
        resolvedAt: r.resolved_at ? iso(r.resolved_at) : null,
      })),
      history: logRows
        .filter((l) => l.target_kind === g.target_kind && l.target_id === g.target_id)
        .map((l) => ({
          action: l.action,
          note: l.note,
          admin: l.admin ? { name: l.admin_name ?? l.admin, username: l.admin, suspended: Boolean(l.admin_suspended) } : null,
          createdAt: iso(l.created_at),
        })),
      hideable: Boolean(REPORT_TARGETS[g.target_kind]?.hide) && !target?.gone,
    };
  });
}

async function loadTargets(groups: readonly Pick<GroupRow, 'target_kind' | 'target_id'>[]) {
  const found = new Map<string, ReportTarget>();
  const byKind = new Map<ReportableKind, string[]>();
  for (const g of groups) byKind.set(g.target_kind, [...(byKind.get(g.target_kind) ?? []), g.target_id]);
  await Promise.all(
    [...byKind].map(async ([kind, ids]) => {
      const loaded = (await REPORT_TARGETS[kind]?.load(ids)) ?? new Map();
      for (const [id, target] of loaded) found.set(key(kind, id), target);
    }),
  );
  return found;
}

/** The number of targets waiting in the queue, for the /gerenciar index. */
export async function countOpenReportTargets(viewer: Viewer): Promise<number> {
  if (viewer.role !== 'admin') throw new AppError('not_found');
  const [row] = await queryRows<{ n: number }>(sql`SELECT count(DISTINCT (target_kind, target_id))::int AS n FROM reports WHERE status = 'open'`);
  return Number(row?.n ?? 0);
}

/** What /denunciar shows of the thing a reader is about to report; null when they may not see it (404). */
export async function getReportTarget(
  viewer: Viewer,
  kind: ReportableKind,
  id: string,
): Promise<{ excerpt: string; link: string; mine: boolean; reported: string | null } | null> {
  const target = await REPORT_TARGETS[kind].loadForReporter(viewer, id);
  if (!target) return null;
  // A kind reported once (a whisper) says so instead of offering the form again.
  const once = REPORT_TARGETS[kind].once;
  const [earlier] = once
    ? await queryRows<{ id: string }>(sql`SELECT id FROM reports WHERE reporter_id = ${viewer.id} AND target_kind = ${kind} AND target_id = ${id} LIMIT 1`)
    : [];
  return { excerpt: target.excerpt, link: target.link, mine: target.authorId === viewer.id, reported: earlier && once ? once : null };
}
