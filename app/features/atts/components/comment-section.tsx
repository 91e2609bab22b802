import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { TextArea } from '~/components/ui/field';
import { REMOVED_READER } from '~/features/accounts/removed-reader';
import { HiddenNotice } from '~/features/moderation/components/hidden-notice';
import { ReportLink } from '~/features/moderation/components/report-link';
import { ReaderAvatarLink, ReaderLink } from '~/features/profiles/components/reader-link';
import { fieldError, typed } from '~/lib/form-result';
import { formatDateTime, formatNumber } from '~/lib/format';
import type { ShownComment } from '../types';

/** A comment's author (to their profile, or "leitor removido"), username and time; `children` after them (a badge). */
export function CommentByline({ author, createdAt, children }: { author: ShownComment['author']; createdAt: string; children?: ReactNode }) {
  return (
    <p className="text-sm">
      <ReaderLink reader={author} className={author ? 'font-semibold' : 'text-muted'} />{' '}
      <span className="text-muted">
        {author ? `@${author.username} · ` : '· '}
        <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
      </span>
      {children}
    </p>
  );
}

/**
 * The comments under an att or a club post: each with its author, its time, the moderation's notice for its
 * author when it was taken down, "Denunciar" for other signed-in readers and "Apagar" for who may; then the
 * form for who may comment, or `outsider` (the way in) for the rest. The forms post to `action` with `fields`
 * (what is commented on, when the page shows many). A long list comes in pages, newest last: `olderHref` leads
 * to the comments before these, `latestHref` back to the newest.
 */
export function CommentSection({
  comments,
  count,
  reportKind,
  signedIn,
  mayComment,
  maxLength,
  outsider,
  result,
  busy,
  action,
  fields = {},
  olderHref = null,
  latestHref = null,
}: {
  comments: readonly ShownComment[];
  /** Every comment the reader is shown, these and the other pages'. */
  count: number;
  reportKind: 'att_comment' | 'club_post_comment';
  signedIn: boolean;
  mayComment: boolean;
  maxLength: number;
  outsider: ReactNode;
  result: unknown;
  busy: boolean;
  action?: string;
  fields?: Record<string, string>;
  olderHref?: string | null;
  latestHref?: string | null;
}) {
  const commenting = typed(result, 'intent') === 'comentar';
  return (
    <section aria-labelledby="comentarios" className="flex flex-col gap-3">
      <h2 id="comentarios" className="text-lg font-semibold">
        Comentários ({formatNumber(count)})
      </h2>
      {count === 0 ? <p className="text-muted">Ninguém comentou ainda.{mayComment ? ' Seja a primeira pessoa.' : ''}</p> : null}
      {olderHref ? (
        <Link to={olderHref} className="inline-flex min-h-11 items-center self-start text-sm">
          Ver comentários anteriores
        </Link>
      ) : null}
      <ol className="flex flex-col divide-y divide-line">
        {comments.map((comment) => {
          const authorName = comment.author?.name ?? REMOVED_READER;
          return (
            <li key={comment.id} id={`comentario-${comment.id}`} className="flex gap-3 py-3">
              <ReaderAvatarLink reader={comment.author} size={32} />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <CommentByline author={comment.author} createdAt={comment.createdAt} />
                {comment.hidden ? <HiddenNotice kind={reportKind} /> : null}
                <p className="max-w-prose whitespace-pre-line break-words">{comment.text}</p>
                {signedIn && !comment.mine ? <ReportLink kind={reportKind} id={comment.id} label={`Denunciar comentário de ${authorName}`} /> : null}
                {comment.mayDelete ? (
                  <Form method="post" action={action}>
                    <input type="hidden" name="intent" value="apagar-comentario" />
                    <input type="hidden" name="commentId" value={comment.id} />
                    <Button type="submit" variant="quiet" disabled={busy} className="px-0" aria-label={`Apagar comentário de ${authorName}`}>
                      Apagar
                    </Button>
                  </Form>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {latestHref ? (
        <Link to={latestHref} className="inline-flex min-h-11 items-center self-start text-sm">
          Ver os comentários mais recentes
        </Link>
      ) : null}
      {mayComment ? (
        <Form method="post" action={action} className="flex flex-col gap-3" aria-label="Comentar" key={count}>
          <input type="hidden" name="intent" value="comentar" />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <TextArea
            label="Seu comentário"
            name="comment"
            required
            maxLength={maxLength}
            rows={3}
            defaultValue={commenting ? typed(result, 'comment') : ''}
            error={commenting ? fieldError(result, 'comment') : undefined}
            hint={`Até ${formatNumber(maxLength)} caracteres.`}
          />
          <Button type="submit" disabled={busy} className="self-start">
            Comentar
          </Button>
        </Form>
      ) : (
        outsider
      )}
    </section>
  );
}
