import { type SQL, sql } from 'drizzle-orm';
import { type Tx, queryRows } from '~/db/client.server';
import { setAttCommentHidden, setAttHidden } from '~/features/atts/mutations.server';
import { getAttCommentForReport, getAttForReport } from '~/features/atts/queries.server';
import { clubPostPath } from '~/features/clubs/posts/links';
import { setClubPostCommentHidden, setClubPostHidden } from '~/features/clubs/posts/mutations.server';
import { type ClubPostReportTarget, getClubPostCommentForReport, getClubPostForReport } from '~/features/clubs/posts/queries.server';
import type { PostKind } from '~/features/clubs/vocabulary';
import { setGroupReadCommentHidden } from '~/features/lcs/discussion.server';
import { getGroupReadCommentForReport, loadGroupReadCommentsForQueue } from '~/features/lcs/report.server';
import { reviewAttText } from '~/features/reading/reviews/att-text';
import { getReviewForReport } from '~/features/reading/reviews/queries.server';
import { setReviewHidden } from '~/features/reading/reviews/reviews.server';
import { getShelf } from '~/features/reading/shelves/custom-shelf-queries.server';
import { setShelfHidden } from '~/features/reading/shelves/custom-shelves.server';
import { getWhisperForReport, inWhisperConversation, loadWhispersForQueue, setWhisperRemoved, whisperReportPath } from '~/features/whispers/reports.server';
import type { Viewer } from '~/server/viewer.server';
import type { ReportableKind } from './reasons';

/** What the queue shows of a reported thing, whoever may see it. */
/**
 * `authorId` is null for what a removed reader left (a comment in someone else's thread). `gone`: only a mark is left
 * (a whisper whose author deleted their account), with nothing to hide or show again.
 */
export type ReportTarget = { authorId: string | null; excerpt: string; link: string; hidden: boolean; gone?: boolean };

/**
 * One reportable kind (docs/decisions/0024). `loadForReporter` answers null when the reporter cannot see
 * the target — reporting it then answers 404, exactly like a missing one. Content kinds have `hide`,
 * written by the domain that owns the content: null when the content is gone, else the HTML-cache tags to
 * drop once the moderation's transaction commits. An account is dealt with by warning or suspending its owner.
 */
export type ReportTargetKind = {
  loadForReporter: (viewer: Viewer, id: string) => Promise<ReportTarget | null>;
  load: (ids: readonly string[]) => Promise<Map<string, ReportTarget>>;
  hide?: (tx: Tx, id: string, hidden: boolean) => Promise<readonly string[] | null>;
  /**
   * A kind a reader reports once, whatever became of the first report (a whisper: decision 0090): what a second
   * attempt is told. Other kinds collapse a second report into the open one.
   */
  once?: string;
  /**
   * Whether the staff member is a party to the target beyond being its author (a whisper's other reader, who reported
   * it): they do not act on its reports. Authors are refused for every kind (moderation/mutations.server).
   */
  party?: (viewerId: string, id: string) => Promise<boolean>;
};

const EXCERPT_MAX = 280;
const excerpt = (...parts: (string | null | undefined)[]) => {
  const text = parts.filter(Boolean).join(' — ').replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text;
};
const idList = (ids: readonly string[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

type UserRow = { id: string; name: string; username: string | null; bio: string | null };
const userTarget = (u: UserRow): ReportTarget => ({
  authorId: u.id,
  excerpt: excerpt(`${u.name} (@${u.username ?? ''})`, u.bio),
  link: `/u/${u.username ?? ''}`,
  hidden: false,
});

type ShelfRow = { id: string; user_id: string; name: string; description: string; hidden: boolean };
const shelfTarget = (s: ShelfRow): ReportTarget => ({
  authorId: s.user_id,
  excerpt: excerpt(s.name, s.description),
  link: `/estante/${s.id}`,
  hidden: s.hidden,
});
const selectShelves = (ids: readonly string[]) =>
  queryRows<ShelfRow>(sql`SELECT id, user_id, name, description, hidden_at IS NOT NULL AS hidden FROM shelves WHERE id IN (${idList(ids)})`);

const attLink = (id: string) => `/att/${id}`;
const reviewLink = (editionId: string) => `/ed/${editionId}/resenhas`;
const commentLink = (attId: string) => `/att/${attId}#comentarios`;

/** The queue reads every kind in bulk; one query per kind on the page, whatever its length. */
async function loadRows<T extends { id: string }>(ids: readonly string[], select: (list: SQL) => Promise<T[]>, toTarget: (row: T) => ReportTarget) {
  if (!ids.length) return new Map<string, ReportTarget>();
  return new Map((await select(idList(ids))).map((row) => [row.id, toTarget(row)]));
}

type AttRow = { id: string; author_id: string; text: string; title: string; hidden: boolean };
type ReviewRow = { id: string; user_id: string; body: string | null; edition_id: string; title: string; hidden: boolean };
type CommentRow = { id: string; author_id: string | null; text: string; att_id: string; hidden: boolean };
type ClubPostRow = { id: string; author_id: string | null; title: string; body: string; kind: PostKind; slug: string; hidden: boolean };
type ClubCommentRow = { id: string; author_id: string | null; body: string; post_id: string; kind: PostKind; slug: string; hidden: boolean };
const clubTarget = (target: ClubPostReportTarget | null): ReportTarget | null =>
  target ? { authorId: target.authorId, excerpt: excerpt(target.text), link: target.link, hidden: false } : null;

/** Every reportable kind, with its domain's reader and hide. */
export const REPORT_TARGETS: Record<ReportableKind, ReportTargetKind> = {
  user: {
    async loadForReporter(_viewer, id) {
      // A suspended account is already out of sight; blocked readers may still report who they blocked.
      const [row] = await queryRows<UserRow>(sql`SELECT id, name, username, bio FROM users WHERE id = ${id} AND suspended_at IS NULL AND username IS NOT NULL`);
      return row ? userTarget(row) : null;
    },
    load: (ids) => loadRows(ids, (list) => queryRows<UserRow>(sql`SELECT id, name, username, bio FROM users WHERE id IN (${list})`), userTarget),
  },
  shelf: {
    async loadForReporter(viewer, id) {
      if (!(await getShelf(viewer, id))) return null;
      const [row] = await selectShelves([id]);
      return row ? shelfTarget(row) : null;
    },
    load: (ids) => loadRows(ids, () => selectShelves(ids), shelfTarget),
    hide: async (tx, id, hidden) => ((await setShelfHidden(tx, id, hidden)) ? [] : null),
  },
  att: {
    async loadForReporter(viewer, id) {
      const att = await getAttForReport(viewer, id);
      return att ? { authorId: att.authorId, excerpt: excerpt(att.editionTitle, att.text), link: attLink(id), hidden: false } : null;
    },
    load: (ids) =>
      loadRows(
        ids,
        (list) =>
          queryRows<AttRow>(
            sql`SELECT a.id, a.author_id, a.text, e.title, a.hidden_at IS NOT NULL AS hidden FROM atts a JOIN editions e ON e.id = a.edition_id WHERE a.id IN (${list})`,
          ),
        (a) => ({ authorId: a.author_id, excerpt: excerpt(a.title, a.text), link: attLink(a.id), hidden: a.hidden }),
      ),
    hide: setAttHidden,
  },
  review: {
    async loadForReporter(viewer, id) {
      const review = await getReviewForReport(viewer, id);
      // The reporter's page shows the review's opening as plain text: inline spoilers stay hidden there.
      return review ? { authorId: review.authorId, excerpt: reviewAttText(review.body), link: reviewLink(review.editionId), hidden: false } : null;
    },
    load: (ids) =>
      loadRows(
        ids,
        (list) =>
          queryRows<ReviewRow>(sql`
            SELECT r.shelf_entry_id AS id, r.user_id, r.body, r.edition_id, e.title, r.hidden_at IS NOT NULL AS hidden
            FROM reviews r JOIN editions e ON e.id = r.edition_id WHERE r.shelf_entry_id IN (${list})`),
        (r) => ({ authorId: r.user_id, excerpt: excerpt(r.title, r.body ?? '(despublicada)'), link: reviewLink(r.edition_id), hidden: r.hidden }),
      ),
    hide: setReviewHidden,
  },
  att_comment: {
    async loadForReporter(viewer, id) {
      const comment = await getAttCommentForReport(viewer, id);
      return comment ? { authorId: comment.authorId, excerpt: excerpt(comment.text), link: commentLink(comment.attId), hidden: false } : null;
    },
    load: (ids) =>
      loadRows(
        ids,
        (list) =>
          queryRows<CommentRow>(
            sql`SELECT id, author_id, text, att_id, hidden_at IS NOT NULL AS hidden FROM att_comments WHERE id IN (${list}) AND deleted_at IS NULL`,
          ),
        (c) => ({ authorId: c.author_id, excerpt: excerpt(c.text), link: commentLink(c.att_id), hidden: c.hidden }),
      ),
    hide: setAttCommentHidden,
  },
  club_post: {
    loadForReporter: async (viewer, id) => clubTarget(await getClubPostForReport(viewer, id)),
    load: (ids) =>
      loadRows(
        ids,
        (list) =>
          queryRows<ClubPostRow>(sql`
            SELECT p.id, p.author_id, p.title, p.body, p.kind, c.slug, p.hidden_at IS NOT NULL AS hidden
            FROM club_posts p JOIN clubs c ON c.id = p.club_id WHERE p.id IN (${list})`),
        (p) => ({ authorId: p.author_id, excerpt: excerpt(p.title, p.body), link: clubPostPath(p.slug, p), hidden: p.hidden }),
      ),
    hide: setClubPostHidden,
  },
  club_post_comment: {
    loadForReporter: async (viewer, id) => clubTarget(await getClubPostCommentForReport(viewer, id)),
    load: (ids) =>
      loadRows(
        ids,
        (list) =>
          queryRows<ClubCommentRow>(sql`
            SELECT cm.id, cm.author_id, cm.body, cm.post_id, p.kind, c.slug, cm.hidden_at IS NOT NULL AS hidden
            FROM club_post_comments cm JOIN club_posts p ON p.id = cm.post_id JOIN clubs c ON c.id = p.club_id
            WHERE cm.id IN (${list}) AND cm.deleted_at IS NULL`),
        (cm) => ({
          authorId: cm.author_id,
          excerpt: excerpt(cm.body),
          link: `${clubPostPath(cm.slug, { kind: cm.kind, id: cm.post_id })}#comentario-${cm.id}`,
          hidden: cm.hidden,
        }),
      ),
    hide: setClubPostCommentHidden,
  },
  group_read_comment: {
    async loadForReporter(viewer, id) {
      const comment = await getGroupReadCommentForReport(viewer, id);
      return comment ? { authorId: comment.authorId, excerpt: excerpt(comment.text), link: comment.link, hidden: false } : null;
    },
    load: (ids) =>
      loadRows(
        ids,
        (list) => loadGroupReadCommentsForQueue(list),
        (c) => ({ authorId: c.authorId, excerpt: excerpt(c.text), link: c.link, hidden: c.hidden }),
      ),
    hide: setGroupReadCommentHidden,
  },
  whisper: {
    async loadForReporter(viewer, id) {
      const whisper = await getWhisperForReport(viewer, id);
      // While a block stands the thread is a 404: the way back is the list.
      const link = whisper?.shown ? `/sussurros/${whisper.conversationId}` : '/sussurros';
      return whisper ? { authorId: whisper.authorId, excerpt: excerpt(whisper.body), link, hidden: false } : null;
    },
    // The queue never shows a whisper's text: it links to the context page, which logs each look (decision 0090).
    // A deleted author's mark was emptied with the account, not removed by the moderation: not "removida", and no
    // "Remover" or "Reexibir" (there is no text left to hide or show).
    load: (ids) =>
      loadRows(
        ids,
        (list) => loadWhispersForQueue(list),
        (m) =>
          m.authorId
            ? { authorId: m.authorId, excerpt: 'Mensagem privada: abrir com o contexto', link: whisperReportPath(m.id), hidden: m.hidden }
            : {
                authorId: null,
                excerpt: 'Mensagem apagada com a conta de quem escreveu: abrir o contexto',
                link: whisperReportPath(m.id),
                hidden: false,
                gone: true,
              },
      ),
    hide: setWhisperRemoved,
    once: 'Você já denunciou esta mensagem. A moderação vai analisar.',
    party: inWhisperConversation,
  },
};
