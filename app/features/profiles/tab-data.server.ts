import { FOCUS_PROFILE_OTHER_PETS_SHOWN } from '~/features/focus/policy';
import { getReaderFoca } from '~/features/focus/reader-page.server';
import { listReaderGroupReads } from '~/features/lcs/profile-tab.server';
import { listReaderMarathons } from '~/features/marathons/queries.server';
import { listReaderClubs } from '~/features/clubs/queries.server';
import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { listAtts } from '~/features/atts/queries.server';
import { type CoverCardRow, coverCardColumns, toCoverCard } from '~/features/catalog/cards.server';
import { type BookshelfRow, bookshelfRowSql, toBookshelfItem } from '~/features/reading/shelves/bookshelf.server';
import { finishedReadings, finishedYears, isUndatedRead } from '~/features/reading/finished.server';
import { listReaderReviews } from '~/features/reading/reviews/queries.server';
import { readerStats } from '~/features/reading/stats/stats.server';
import { ratingFromQuarters } from '~/features/reading/statuses';
import { maySeeProfile, visibleTo } from '~/features/social/audience.server';
import type { Visibility } from '~/features/social/vocabulary';
import type { Viewer } from '~/server/viewer.server';
import { type ProfileOwner, listConnections, listFollowRequests, readingShown } from './queries.server';
import type { ProfileTab } from './tabs';
import type { TabData } from './types';
import { ALL_TIME, type ProfileTabParams, UNDATED } from './validation';
import { SHELF_STATUSES, type ShelfStatus } from '~/features/reading/vocabulary';

export const PROFILE_BOOKSHELF_PAGE_SIZE = 30;
/** A group of `lidos` (a year, or the books without a date) comes this many books a page. */
export const FINISHED_PAGE_SIZE = 100;

type TabContext = { viewer: Viewer | null; owner: ProfileOwner; params: ProfileTabParams };
/** A loader answers null only when the data function behind it refuses the viewer (the route answers 404). */
type TabLoaders = { [K in ProfileTab]: (context: TabContext) => Promise<Extract<TabData, { tab: K }> | null> };

/**
 * The owner's bookshelf, read-only: every entry (entries carry no visibility of their own; the profile's rules
 * apply) but the books being read when the owner hides "lendo agora" from this viewer. Then the tab is the other
 * statuses, without a `lendo` filter: a `?situacao=lendo` lists them all (decision 0036).
 */
async function bookshelfTab({ owner, params }: TabContext): Promise<Extract<TabData, { tab: 'estante' }>> {
  const ownerId = owner.reader.id;
  const hideReading = !readingShown(owner);
  const status = hideReading && params.situacao === 'reading' ? undefined : params.situacao;
  const shown = hideReading ? sql`AND s.status <> 'reading'` : sql``;
  const statusFilter = status ? sql`AND s.status = ${status}` : shown;
  const [rows, countRows] = await Promise.all([
    queryRows<BookshelfRow>(sql`
      ${bookshelfRowSql}
      WHERE s.user_id = ${ownerId} ${statusFilter}
      ORDER BY s.updated_at DESC, s.id
      LIMIT ${PROFILE_BOOKSHELF_PAGE_SIZE} OFFSET ${(params.pagina - 1) * PROFILE_BOOKSHELF_PAGE_SIZE}`),
    queryRows<{ status: ShelfStatus; n: number }>(
      sql`SELECT s.status, count(*)::int AS n FROM shelf_entries s WHERE s.user_id = ${ownerId} ${shown} GROUP BY s.status`,
    ),
  ]);
  const counts: Partial<Record<ShelfStatus, number>> = Object.fromEntries(SHELF_STATUSES.filter((s) => !hideReading || s !== 'reading').map((s) => [s, 0]));
  for (const row of countRows) counts[row.status] = Number(row.n);
  const total = status ? (counts[status] ?? 0) : Object.values(counts).reduce((a, n) => a + n, 0);
  return {
    tab: 'estante',
    items: rows.map((row) => toBookshelfItem(row, row.progress_fraction == null ? null : Number(row.progress_fraction))),
    counts,
    status,
    page: params.pagina,
    pageSize: PROFILE_BOOKSHELF_PAGE_SIZE,
    total,
  };
}

/** The owner's custom shelves that the viewer may see, filtered inside the query (decision 0019). */
async function shelvesTab({ viewer, owner }: TabContext): Promise<Extract<TabData, { tab: 'estantes' }>> {
  const rows = await queryRows<{ id: string; name: string; description: string; visibility: Visibility; item_count: number; hidden: boolean }>(sql`
    SELECT sh.id, sh.name, sh.description, sh.visibility, sh.hidden_at IS NOT NULL AS hidden, (SELECT count(*)::int FROM shelf_items si WHERE si.shelf_id = sh.id) AS item_count
    FROM shelves sh WHERE sh.user_id = ${owner.reader.id} AND (sh.hidden_at IS NULL OR sh.user_id = ${viewer?.id ?? ''}) AND ${visibleTo(viewer?.id ?? null, sql`sh.user_id`, sql`sh.visibility`)}
    ORDER BY sh.created_at, sh.id`);
  const mine = viewer?.id === owner.reader.id;
  return {
    tab: 'estantes',
    shelves: rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      visibility: row.visibility,
      itemCount: Number(row.item_count),
      owner: { username: owner.reader.username, name: owner.reader.name },
      mine,
      hidden: row.hidden,
    })),
  };
}

/**
 * Finished books by group, one group a page: a year of finish (its readings newest first), or `sem-data`
 * after the years (the books read on unknown dates, by title). It opens on the latest year, or on `sem-data`
 * for a reader whose reads have no date (decision 0054).
 */
async function finishedTab({ owner, params }: TabContext): Promise<Extract<TabData, { tab: 'lidos' }>> {
  const userId = owner.reader.id;
  const { years, undated } = await finishedYears(userId);
  // The group asked for when the reader has it; else the latest year, else "sem data".
  const has = (ano: ProfileTabParams['ano']) => (ano === UNDATED ? undated > 0 : years.some((y) => y.year === ano));
  const group = params.ano !== undefined && params.ano !== ALL_TIME && has(params.ano) ? params.ano : (years[0]?.year ?? (undated > 0 ? UNDATED : null));
  const page = sql`LIMIT ${FINISHED_PAGE_SIZE} OFFSET ${(params.pagina - 1) * FINISHED_PAGE_SIZE}`;
  type Row = CoverCardRow & { finished_on: string | null; rating_quarters: number | null };
  const readings =
    group == null
      ? []
      : group === UNDATED
        ? await queryRows<Row>(sql`
            SELECT ${coverCardColumns}, NULL::date AS finished_on, s.rating_quarters
            FROM shelf_entries s JOIN editions e ON e.id = s.edition_id
            WHERE ${isUndatedRead(userId)}
            ORDER BY immutable_unaccent(lower(e.title)), s.id ${page}`)
        : await queryRows<Row>(sql`
            SELECT ${coverCardColumns}, f.finished_on, s.rating_quarters
            FROM (${finishedReadings(userId, group)}) f JOIN shelf_entries s ON s.id = f.entry_id JOIN editions e ON e.id = s.edition_id
            ORDER BY f.finished_on DESC, s.id ${page}`);
  return {
    tab: 'lidos',
    years,
    undated,
    year: group,
    readings: readings.map((row) => ({ edition: toCoverCard(row), finishedOn: row.finished_on, rating: ratingFromQuarters(row.rating_quarters) })),
    page: params.pagina,
    pageSize: FINISHED_PAGE_SIZE,
    total: group === UNDATED ? undated : (years.find((y) => y.year === group)?.count ?? 0),
  };
}

/**
 * The reader's reading in charts: `?ano=` a year (any year may be asked for; one without books says so) or
 * `todos`, all time. It opens on the latest year with a finished reading, or on all time when no reading has a
 * date. The years offered are those with a finished reading (decision 0054).
 */
async function statsTab({ viewer, owner, params }: TabContext): Promise<Extract<TabData, { tab: 'estatisticas' }> | null> {
  const userId = owner.reader.id;
  const asked = params.ano === ALL_TIME ? null : typeof params.ano === 'number' ? params.ano : undefined;
  // A period asked for is read alongside the years; the default needs the years first.
  const [finished, askedStats] = await Promise.all([
    finishedYears(userId),
    asked === undefined ? undefined : readerStats(viewer, userId, asked, owner.audience),
  ]);
  const stats = asked === undefined ? await readerStats(viewer, userId, finished.years[0]?.year ?? null, owner.audience) : askedStats;
  if (!stats) return null;
  return { tab: 'estatisticas', years: finished.years.map((y) => y.year), stats };
}

export const TAB_LOADERS: TabLoaders = {
  estante: bookshelfTab,
  estantes: shelvesTab,
  lidos: finishedTab,
  resenhas: async ({ viewer, owner, params }) => ({ tab: 'resenhas', reviews: await listReaderReviews(viewer, owner.reader.id, params.pagina) }),
  atts: async ({ viewer, owner, params }) => ({
    tab: 'atts',
    page: await listAtts(viewer, { kind: 'author', authorId: owner.reader.id }, { cursor: params.cursor ?? null }),
  }),
  estatisticas: statsTab,
  lcs: async ({ viewer, owner }) => ({ tab: 'lcs', groupReads: await listReaderGroupReads(viewer, owner.reader.id) }),
  maratonas: async ({ viewer, owner }) => ({ tab: 'maratonas', marathons: await listReaderMarathons(viewer, owner.reader.id) }),
  clubes: async ({ viewer, owner }) => ({ tab: 'clubes', clubs: await listReaderClubs(viewer, owner.reader.id) }),
  foca: async ({ viewer, owner }) => ({ tab: 'foca', foca: await getReaderFoca(viewer, owner.reader.id, 1 + FOCUS_PROFILE_OTHER_PETS_SHOWN, owner.audience) }),
  seguidores: async ({ viewer, owner, params }) => ({
    tab: 'seguidores',
    readers: await listConnections(viewer, owner.reader.id, 'followers', params.pagina),
    // Only the owner sees who is waiting for approval.
    requests: viewer && owner.audience.relation === 'owner' ? await listFollowRequests(viewer) : null,
  }),
  seguindo: async ({ viewer, owner, params }) => ({ tab: 'seguindo', readers: await listConnections(viewer, owner.reader.id, 'following', params.pagina) }),
};

/** A tab's data, or null when the viewer may not see the profile's contents (the route answers 404). */
export async function loadProfileTab(viewer: Viewer | null, owner: ProfileOwner, tab: ProfileTab, params: ProfileTabParams): Promise<TabData | null> {
  if (!maySeeProfile(owner.audience)) return null;
  return TAB_LOADERS[tab]({ viewer, owner, params });
}
