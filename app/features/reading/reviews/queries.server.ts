import { and, eq, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { reviews, shelfEntries } from '~/db/schema';
import { type CoverCardRow, coverCardColumns, toCoverCard } from '~/features/catalog/cards.server';
import { visibleTo } from '~/features/social/audience.server';
import type { Visibility } from '~/features/social/vocabulary';
import { renderMarkdown } from '~/lib/markdown';
import type { Viewer } from '~/server/viewer.server';
import type { Mood, Pacing } from '../vocabulary';
import { ratingFromQuarters } from '../statuses';
import type { EditionReview, MyReview, Paged, ReaderReview } from '../types';

export const EDITION_REVIEWS_PAGE_SIZE = 20;

const iso = (value: Date | string) => new Date(value).toISOString();

/** The viewer's own review of the edition, draft included (the viewer is the filter). */
export async function getMyReview(viewer: Viewer, editionId: string): Promise<MyReview | null> {
  const [row] = await getDb()
    .select({
      body: reviews.body,
      spoiler: reviews.spoiler,
      visibility: reviews.visibility,
      publishedAt: reviews.publishedAt,
      draftBody: reviews.draftBody,
      draftSpoiler: reviews.draftSpoiler,
      draftVisibility: reviews.draftVisibility,
      draftSavedAt: reviews.draftSavedAt,
      hiddenAt: reviews.hiddenAt,
    })
    .from(reviews)
    .innerJoin(shelfEntries, eq(shelfEntries.id, reviews.shelfEntryId))
    .where(and(eq(shelfEntries.userId, viewer.id), eq(shelfEntries.editionId, editionId)));
  if (!row) return null;
  const { hiddenAt, ...review } = row;
  return {
    ...review,
    hidden: hiddenAt != null,
    publishedAt: row.publishedAt ? iso(row.publishedAt) : null,
    draftSavedAt: row.draftSavedAt ? iso(row.draftSavedAt) : null,
  };
}

type ReviewRow = {
  id: string;
  user_id: string;
  hidden: boolean;
  username: string | null;
  name: string;
  image: string | null;
  body: string;
  spoiler: boolean;
  visibility: Visibility;
  rating_quarters: number | null;
  moods: Mood[];
  pacing: Pacing | null;
  content_warnings: string[];
  published_at: Date | string;
  updated_at: Date | string;
};

/** The columns of a published review (`r`), its shelf entry (`s`) and its author (`u`). */
const reviewColumns = sql`r.shelf_entry_id AS id, r.user_id, r.hidden_at IS NOT NULL AS hidden, u.username, u.name, u.image, r.body, r.spoiler, r.visibility, s.rating_quarters,
  s.moods, s.pacing, s.content_warnings, r.published_at, r.updated_at`;

function toReview(viewerId: string | null, row: ReviewRow): EditionReview {
  return {
    id: row.id,
    mine: row.user_id === viewerId,
    hidden: row.hidden,
    author: { id: row.user_id, username: row.username ?? '', name: row.name, image: row.image },
    html: renderMarkdown(row.body),
    spoiler: row.spoiler,
    visibility: row.visibility,
    rating: ratingFromQuarters(row.rating_quarters),
    moods: row.moods,
    pacing: row.pacing,
    contentWarnings: row.content_warnings,
    publishedAt: iso(row.published_at),
    // Saved more than a minute after it first went out: "editada".
    edited: new Date(row.updated_at).getTime() - new Date(row.published_at).getTime() > 60_000,
  };
}

/** Published reviews the viewer may see: the audience's rule, and one the moderation hid only for its author. */
const shownReviews = (viewerId: string | null) =>
  sql`r.published_at IS NOT NULL AND (r.hidden_at IS NULL OR r.user_id = ${viewerId ?? ''}) AND ${visibleTo(viewerId, sql`r.user_id`, sql`r.visibility`)}`;

/**
 * The edition's published reviews the viewer may see, newest first: visibility (follows, blocks, restricted
 * profiles, suspended authors, moderation) is applied inside the query, so the page and its count never include a hidden one.
 */
export async function listEditionReviews(viewer: Viewer | null, editionId: string, page: number): Promise<Paged<EditionReview>> {
  const where = sql`r.edition_id = ${editionId} AND ${shownReviews(viewer?.id ?? null)}`;
  const [rows, [total]] = await Promise.all([
    queryRows<ReviewRow>(sql`
      SELECT ${reviewColumns}
      FROM reviews r JOIN shelf_entries s ON s.id = r.shelf_entry_id JOIN users u ON u.id = r.user_id
      WHERE ${where}
      ORDER BY r.published_at DESC, r.shelf_entry_id
      LIMIT ${EDITION_REVIEWS_PAGE_SIZE} OFFSET ${(page - 1) * EDITION_REVIEWS_PAGE_SIZE}`),
    queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM reviews r WHERE ${where}`),
  ]);
  return { items: rows.map((row) => toReview(viewer?.id ?? null, row)), total: Number(total?.n ?? 0), page, pageSize: EDITION_REVIEWS_PAGE_SIZE };
}

/**
 * One reader's published reviews the viewer may see (the profile's `resenhas` tab), newest first, each with
 * its edition. The same rule as the edition's list, inside the query: a `seguidores` review is left out for a
 * non-follower, a `privado` one for everyone but its author, one the moderation hid for everyone but its author.
 */
export async function listReaderReviews(viewer: Viewer | null, userId: string, page: number): Promise<Paged<ReaderReview>> {
  const viewerId = viewer?.id ?? null;
  const where = sql`r.user_id = ${userId} AND ${shownReviews(viewerId)}`;
  const [rows, [total]] = await Promise.all([
    queryRows<ReviewRow & { edition: CoverCardRow }>(sql`
      SELECT ${reviewColumns}, (SELECT row_to_json(c) FROM (SELECT ${coverCardColumns}) c) AS edition
      FROM reviews r JOIN shelf_entries s ON s.id = r.shelf_entry_id JOIN users u ON u.id = r.user_id JOIN editions e ON e.id = r.edition_id
      WHERE ${where}
      ORDER BY r.published_at DESC, r.shelf_entry_id
      LIMIT ${EDITION_REVIEWS_PAGE_SIZE} OFFSET ${(page - 1) * EDITION_REVIEWS_PAGE_SIZE}`),
    queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM reviews r WHERE ${where}`),
  ]);
  return {
    items: rows.map((row) => ({ ...toReview(viewerId, row), edition: toCoverCard(row.edition) })),
    total: Number(total?.n ?? 0),
    page,
    pageSize: EDITION_REVIEWS_PAGE_SIZE,
  };
}

/** A published review as a report needs it (keyed by its shelf entry): null when missing or not for the viewer. */
export async function getReviewForReport(viewer: Viewer, shelfEntryId: string): Promise<{ authorId: string; body: string; editionId: string } | null> {
  const [row] = await queryRows<{ user_id: string; body: string; edition_id: string }>(sql`
    SELECT r.user_id, r.body, r.edition_id FROM reviews r WHERE r.shelf_entry_id = ${shelfEntryId} AND ${shownReviews(viewer.id)}`);
  return row ? { authorId: row.user_id, body: row.body, editionId: row.edition_id } : null;
}
