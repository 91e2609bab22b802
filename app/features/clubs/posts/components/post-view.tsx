import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { TextArea } from '~/components/ui/field';
import { Prose } from '~/components/ui/prose';
import { REMOVED_READER } from '~/features/accounts/removed-reader';
import { ReactionBar } from '~/features/atts/components/reaction-bar';
import { ReaderAvatarLink, ReaderLink } from '~/features/profiles/components/reader-link';
import { fieldError, typed } from '~/lib/form-result';
import { formatDateTime, formatNumber } from '~/lib/format';
import { CLUB_COMMENT_MAX } from '../../policy';
import type { ClubPostDetail, PlanChoice } from '../types';
import { PostMeta } from './post-card';
import { PostForm } from './post-form';

function Hidden({ name, value }: { name: string; value: string }) {
  return <input type="hidden" name={name} value={value} />;
}

function Comments({
  post,
  action,
  result,
  busy,
  joinHint,
}: {
  post: ClubPostDetail;
  action: string;
  result: unknown;
  busy: boolean;
  joinHint: React.ReactNode;
}) {
  return (
    <section aria-labelledby="comentarios" className="flex flex-col gap-3">
      <h2 id="comentarios" className="text-lg font-semibold">
        Comentários ({formatNumber(post.comments.length)})
      </h2>
      {post.comments.length === 0 ? <p className="text-muted">Ninguém comentou ainda.</p> : null}
      <ol className="flex flex-col divide-y divide-line">
        {post.comments.map((comment) => (
          <li key={comment.id} className="flex gap-3 py-3">
            <ReaderAvatarLink reader={comment.author} size={32} />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="text-sm">
                <ReaderLink reader={comment.author} className={comment.author ? 'font-semibold' : 'text-muted'} />{' '}
                <span className="text-muted">
                  {comment.author ? `@${comment.author.username} · ` : '· '}
                  <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
                </span>
              </p>
              <p className="max-w-prose whitespace-pre-line break-words">{comment.body}</p>
              {comment.mayDelete ? (
                <Form method="post" action={action}>
                  <Hidden name="intent" value="apagar-comentario" />
                  <Hidden name="commentId" value={comment.id} />
                  <button
                    type="submit"
                    disabled={busy}
                    className="min-h-11 text-sm font-semibold text-mar hover:underline disabled:opacity-60"
                    aria-label={`Apagar comentário de ${comment.author?.name ?? REMOVED_READER}`}
                  >
                    Apagar
                  </button>
                </Form>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {post.may.comment ? (
        <Form method="post" action={action} className="flex flex-col gap-3" aria-label="Comentar" key={post.comments.length}>
          <Hidden name="intent" value="comentar" />
          <Hidden name="postId" value={post.id} />
          <TextArea
            label="Seu comentário"
            name="comment"
            required
            maxLength={CLUB_COMMENT_MAX}
            rows={3}
            defaultValue={typed(result, 'intent') === 'comentar' ? typed(result, 'comment') : ''}
            error={typed(result, 'intent') === 'comentar' ? fieldError(result, 'comment') : undefined}
            hint={`Até ${formatNumber(CLUB_COMMENT_MAX)} caracteres.`}
          />
          <Button type="submit" disabled={busy} className="self-start">
            Comentar
          </Button>
        </Form>
      ) : (
        joinHint
      )}
    </section>
  );
}

/** The staff's and the author's tools: pin, edit (the text before is kept), delete; and the history of edits. */
function PostTools({ post, plans, action, result, busy }: { post: ClubPostDetail; plans: PlanChoice[]; action: string; result: unknown; busy: boolean }) {
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
          <PostForm kind={post.kind} plans={plans} post={post} action={action} result={result} busy={busy} />
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

/** One post or thread opened: its whole text, reactions, comments and the tools the viewer has. */
export function PostView({
  post,
  plans,
  listPath,
  action,
  result,
  busy,
  joinHint,
}: {
  post: ClubPostDetail;
  plans: PlanChoice[];
  listPath: string;
  action: string;
  result: unknown;
  busy: boolean;
  joinHint: React.ReactNode;
}) {
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
        <Prose html={post.bodyHtml} />
        <ReactionBar reactions={post.reactions} mayReact={post.may.react} busy={busy} action={action} fields={{ postId: post.id }} />
      </article>
      <PostTools post={post} plans={plans} action={action} result={result} busy={busy} />
      <Comments post={post} action={action} result={result} busy={busy} joinHint={joinHint} />
    </div>
  );
}
