import { Link } from '~/components/link';
import { Prose } from '~/components/ui/prose';
import { ReaderAvatarLink, ReaderLink } from '~/features/profiles/components/reader-link';
import { formatDateTime, formatNumber } from '~/lib/format';
import { POST_VISIBILITY_LABELS } from '../../policy';
import { postHref } from '../links';
import type { ClubPostCard, ClubPostPage, PinnedClubPost } from '../types';

/** "Só membros", "Plano Mecenas ou acima": who reads a post, shown on posts that are not public. */
export function audienceLabel(post: Pick<ClubPostCard, 'visibility' | 'minPlan'>): string {
  if (post.visibility === 'plano') return post.minPlan ? `Plano ${post.minPlan.name} ou acima` : 'Só a equipe (o plano foi apagado)';
  return POST_VISIBILITY_LABELS[post.visibility];
}

/** The badges of a post: fixado, its audience (when not public), editado. */
function PostBadges({ post }: { post: ClubPostCard }) {
  return (
    <>
      {post.pinned ? <span className="rounded-full border border-line px-2 text-xs font-semibold text-ink">Fixado</span> : null}
      {post.kind === 'post' && post.visibility !== 'publico' ? (
        <span className="rounded-full border border-line px-2 text-xs text-ink">{audienceLabel(post)}</span>
      ) : null}
      {post.editedAt ? (
        <span>
          · editado em <time dateTime={post.editedAt}>{formatDateTime(post.editedAt)}</time>
        </span>
      ) : null}
    </>
  );
}

/** "3 comentários · 1 reação". */
function AnswerCounts({ post }: { post: ClubPostCard }) {
  return (
    <>
      {post.commentCount === 1 ? '1 comentário' : `${formatNumber(post.commentCount)} comentários`} ·{' '}
      {post.reactionCount === 1 ? '1 reação' : `${formatNumber(post.reactionCount)} reações`}
    </>
  );
}

/** The author, the date and the badges of a post (fixado, audience, editado). */
export function PostMeta({ post }: { post: ClubPostCard }) {
  return (
    <div className="flex items-center gap-3">
      <ReaderAvatarLink reader={post.author} size={36} />
      <div className="flex min-w-0 flex-col text-sm">
        <ReaderLink reader={post.author} className="font-semibold" />
        <p className="flex flex-wrap items-center gap-x-2 text-muted">
          <time dateTime={post.createdAt}>{formatDateTime(post.createdAt)}</time>
          <PostBadges post={post} />
        </p>
      </div>
    </div>
  );
}

/** A pinned post above the list: its excerpt, its counts and the way to read it whole, react and comment. */
function PinnedPostItem({ post, listPath }: { post: PinnedClubPost; listPath: string }) {
  const href = postHref(listPath, post);
  return (
    <article id={`post-${post.id}`} aria-labelledby={`post-${post.id}-title`} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h3 id={`post-${post.id}-title`} className="font-serif text-lg font-semibold">
        <Link to={href}>{post.title}</Link>
      </h3>
      <PostMeta post={post} />
      <Prose html={post.excerptHtml} />
      <p className="flex flex-wrap items-center gap-4 text-sm">
        <Link to={href} className="inline-flex min-h-11 items-center" aria-label={`${post.truncated ? 'Ler tudo' : 'Abrir'}: ${post.title}`}>
          {post.truncated ? 'Ler tudo' : 'Abrir'}
        </Link>
        <span className="text-muted">
          <AnswerCounts post={post} />
        </span>
      </p>
    </article>
  );
}

/** A post in the list, in one row: its title (the link to read it), who wrote it, when, and how much it was answered. */
function PostRow({ post, listPath }: { post: ClubPostCard; listPath: string }) {
  return (
    <article id={`post-${post.id}`} aria-labelledby={`post-${post.id}-title`} className="flex flex-col gap-1 py-3">
      <h3 id={`post-${post.id}-title`} className="font-serif text-lg font-semibold">
        <Link to={postHref(listPath, post)} className="inline-flex min-h-11 items-center">
          {post.title}
        </Link>
      </h3>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
        <ReaderLink reader={post.author} className="font-semibold" />
        <time dateTime={post.createdAt}>{formatDateTime(post.createdAt)}</time>
        <PostBadges post={post} />
        <span className="whitespace-nowrap">
          <AnswerCounts post={post} />
        </span>
      </p>
    </article>
  );
}

/** The pinned posts, then a page of the others with "Carregar mais" (a plain link with the cursor). */
export function PostList({
  page,
  listPath,
  label,
  empty,
}: {
  page: Pick<ClubPostPage, 'pinned' | 'items' | 'nextCursor'>;
  listPath: string;
  label: string;
  empty: string;
}) {
  if (page.pinned.length === 0 && page.items.length === 0)
    return <p className="rounded-xl border border-dashed border-line p-6 text-center text-muted">{empty}</p>;
  return (
    <div className="flex flex-col gap-4">
      {page.pinned.length ? (
        <ul aria-label="Fixados" className="flex flex-col gap-4">
          {page.pinned.map((post) => (
            <li key={post.id}>
              <PinnedPostItem post={post} listPath={listPath} />
            </li>
          ))}
        </ul>
      ) : null}
      {page.items.length ? (
        <ol aria-label={label} className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface px-4">
          {page.items.map((post) => (
            <li key={post.id}>
              <PostRow post={post} listPath={listPath} />
            </li>
          ))}
        </ol>
      ) : null}
      {page.nextCursor ? (
        <Link
          to={`${listPath}?cursor=${page.nextCursor}`}
          className="self-center rounded-lg border border-line bg-surface px-4 py-2.5 font-medium no-underline"
        >
          Carregar mais
        </Link>
      ) : null}
    </div>
  );
}
