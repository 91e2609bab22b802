import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { Prose } from '~/components/ui/prose';
import { CommentSection } from '~/features/atts/components/comment-section';
import { ReactionBar } from '~/features/atts/components/reaction-bar';
import { HiddenNotice } from '~/features/moderation/components/hidden-notice';
import { ReportLink } from '~/features/moderation/components/report-link';
import { ReaderLink } from '~/features/profiles/components/reader-link';
import { typed } from '~/lib/form-result';
import { formatDateTime, formatNumber } from '~/lib/format';
import { CLUB_COMMENT_MAX } from '../../policy';
import type { ClubPostDetail } from '../types';
import { PostMeta } from './post-card';
import { PostForm } from './post-form';

function Hidden({ name, value }: { name: string; value: string }) {
  return <input type="hidden" name={name} value={value} />;
}

/** The staff's and the author's tools: pin, edit (the text before is kept), delete; and the history of edits. */
function PostTools({ post, action, result, busy }: { post: ClubPostDetail; action: string; result: unknown; busy: boolean }) {
  const noun = post.kind === 'post' ? 'post' : 'conversa';
  return (
    <div className="flex flex-col gap-3">
      {post.may.pin ? (
        <Form method="post" action={action}>
          <Hidden name="intent" value={post.pinned ? 'desafixar' : 'fixar'} />
          <Hidden name="postId" value={post.id} />
          <Button type="submit" variant="secondary" disabled={busy}>
            {post.pinned ? 'Desafixar' : 'Fixar no topo'}
          </Button>
        </Form>
      ) : null}
      {post.may.edit ? (
        <details open={typed(result, 'intent') === 'editar'}>
          <summary className="min-h-11 cursor-pointer py-2 font-medium">Editar {noun}</summary>
          <PostForm kind={post.kind} plans={post.plans} post={post} action={action} result={result} busy={busy} />
        </details>
      ) : null}
      {post.revisions && post.revisions.length > 0 ? (
        <details>
          <summary className="min-h-11 cursor-pointer py-2 font-medium">Histórico de edições ({formatNumber(post.revisions.length)})</summary>
          <ol className="flex flex-col gap-3">
            {post.revisions.map((revision) => (
              <li key={revision.id} className="rounded-lg border border-line p-3">
                <p className="text-sm text-muted">
                  Texto anterior à edição de <time dateTime={revision.createdAt}>{formatDateTime(revision.createdAt)}</time> por{' '}
                  <ReaderLink reader={revision.editor} />
                </p>
                <p className="font-semibold">{revision.title}</p>
                <p className="max-w-prose whitespace-pre-line break-words text-sm">{revision.body}</p>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {post.may.delete ? (
        <details>
          <summary className="min-h-11 cursor-pointer py-2 text-sm text-muted">Apagar {noun}</summary>
          <Form method="post" action={action} className="flex flex-col gap-2">
            <Hidden name="intent" value="apagar" />
            <Hidden name="postId" value={post.id} />
            <p className="text-sm">O texto, os comentários, as reações e o histórico somem para todo mundo.</p>
            <Button type="submit" variant="danger" disabled={busy} className="self-start">
              Apagar {noun}
            </Button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}

/**
 * One post or thread opened: its whole text, reactions, a page of comments and the tools the viewer has.
 * `action` is the post's own address, where its forms post and its comments page (`&comentarios=`).
 */
export function PostView({
  post,
  signedIn,
  listPath,
  action,
  result,
  busy,
  joinHint,
}: {
  post: ClubPostDetail;
  signedIn: boolean;
  listPath: string;
  action: string;
  result: unknown;
  busy: boolean;
  joinHint: React.ReactNode;
}) {
  const noun = post.kind === 'post' ? 'post' : 'conversa';
  return (
    <div className="flex flex-col gap-6">
      <Link to={listPath} className="self-start text-sm">
        ← {post.kind === 'post' ? 'Todos os posts' : 'Todas as conversas'}
      </Link>
      <article id={`post-${post.id}`} aria-labelledby="post-titulo" className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4">
        <h2 id="post-titulo" className="font-serif text-2xl font-semibold">
          {post.title}
        </h2>
        <PostMeta post={post} />
        {post.hidden ? <HiddenNotice kind="club_post" /> : null}
        <Prose html={post.bodyHtml} />
        <ReactionBar reactions={post.reactions} mayReact={post.may.react} busy={busy} action={action} fields={{ postId: post.id }} />
        {signedIn && !post.mine ? <ReportLink kind="club_post" id={post.id} label={`Denunciar ${noun}: ${post.title}`} /> : null}
      </article>
      <PostTools post={post} action={action} result={result} busy={busy} />
      <CommentSection
        comments={post.comments}
        count={post.commentCount}
        reportKind="club_post_comment"
        signedIn={signedIn}
        mayComment={post.may.comment}
        maxLength={CLUB_COMMENT_MAX}
        outsider={joinHint}
        result={result}
        busy={busy}
        action={action}
        fields={{ postId: post.id }}
        olderHref={post.olderComments ? `${action}&comentarios=${post.olderComments}#comentarios` : null}
        latestHref={post.latestComments ? null : `${action}#comentarios`}
      />
    </div>
  );
}
