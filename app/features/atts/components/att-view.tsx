import { REMOVED_READER } from '~/features/accounts/removed-reader';
import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { FormMessage, TextArea } from '~/components/ui/field';
import { HiddenNotice } from '~/features/moderation/components/hidden-notice';
import { ReportForm } from '~/features/moderation/components/report-form';
import { ReportLink } from '~/features/moderation/components/report-link';
import { ReaderAvatarLink, ReaderLink } from '~/features/profiles/components/reader-link';
import { type FormResult, fieldError, isFailure, isSuccess, typed } from '~/lib/form-result';
import { formatDateTime, formatNumber } from '~/lib/format';
import { COMMENT_TEXT_MAX } from '../policy';
import type { AttDetail } from '../types';
import { AttBody } from './att-card';
import { ReactionBar } from './reaction-bar';

function Comments({ att, signedIn, result, busy }: { att: AttDetail; signedIn: boolean; result: FormResult | undefined; busy: boolean }) {
  return (
    <section aria-labelledby="comentarios" className="flex flex-col gap-3">
      <h2 id="comentarios" className="text-lg font-semibold">
        Comentários ({formatNumber(att.comments.length)})
      </h2>
      {att.comments.length === 0 ? <p className="text-muted">Ninguém comentou ainda.{signedIn ? ' Seja a primeira pessoa.' : ''}</p> : null}
      <ol className="flex flex-col divide-y divide-line">
        {att.comments.map((comment) => (
          <li key={comment.id} className="flex gap-3 py-3">
            <ReaderAvatarLink reader={comment.author} size={32} />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="text-sm">
                <ReaderLink reader={comment.author} className={comment.author ? 'font-semibold' : 'text-muted'} />{' '}
                <span className="text-muted">
                  {comment.author ? `@${comment.author.username} · ` : '· '}
                  {formatDateTime(comment.createdAt)}
                </span>
              </p>
              {comment.hidden ? <HiddenNotice kind="att_comment" /> : null}
              <p className="max-w-prose whitespace-pre-line">{comment.text}</p>
              {signedIn && !comment.mine ? (
                <ReportLink kind="att_comment" id={comment.id} label={`Denunciar comentário de ${comment.author?.name ?? REMOVED_READER}`} />
              ) : null}
              {comment.mayDelete ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="apagar-comentario" />
                  <input type="hidden" name="commentId" value={comment.id} />
                  <Button
                    type="submit"
                    variant="quiet"
                    disabled={busy}
                    className="px-0"
                    aria-label={`Apagar comentário de ${comment.author?.name ?? REMOVED_READER}`}
                  >
                    Apagar
                  </Button>
                </Form>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {signedIn ? (
        <Form method="post" className="flex flex-col gap-3" aria-label="Comentar" key={att.comments.length}>
          <input type="hidden" name="intent" value="comentar" />
          <TextArea
            label="Seu comentário"
            name="comment"
            maxLength={COMMENT_TEXT_MAX}
            rows={3}
            defaultValue={typed(result, 'comment')}
            error={fieldError(result, 'comment')}
            hint={`Até ${formatNumber(COMMENT_TEXT_MAX)} caracteres.`}
          />
          <Button type="submit" disabled={busy} className="self-start">
            Comentar
          </Button>
        </Form>
      ) : (
        <p>
          <Link to={`/auth/signin?callbackUrl=${encodeURIComponent(`/att/${att.id}`)}`}>Entre</Link> para reagir e comentar.
        </p>
      )}
    </section>
  );
}

/** /att/{id}: the att, its photos full width, reactions, comments, and for its author the delete button. */
export function AttView({ att, signedIn, result, busy }: { att: AttDetail; signedIn: boolean; result: FormResult | undefined; busy: boolean }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      {isFailure(result) && result.formError ? <FormMessage>{result.formError}</FormMessage> : null}
      {isSuccess(result) ? <FormMessage tone="success">{result.success}</FormMessage> : null}
      <AttBody att={att} headingLevel="h1" large footer={<ReactionBar reactions={att.reactions} mayReact={signedIn} busy={busy} />} />
      <Comments att={att} signedIn={signedIn} result={result} busy={busy} />
      {signedIn && !att.mine ? <ReportForm kind="att" targetId={att.id} label="Denunciar att" /> : null}
      {att.mine ? (
        <details className="self-start">
          <summary className="min-h-11 cursor-pointer py-2 text-sm text-muted">Apagar esta att</summary>
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="apagar-att" />
            <p className="text-sm">A att, as fotos, as reações e os comentários somem para todo mundo.</p>
            <Button type="submit" variant="danger" disabled={busy} className="self-start">
              Apagar att
            </Button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}
