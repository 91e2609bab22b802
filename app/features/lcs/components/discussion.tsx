import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { TextArea } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { REMOVED_READER } from '~/features/accounts/removed-reader';
import { CommentByline } from '~/features/atts/components/comment-section';
import { ReportLink } from '~/features/moderation/components/report-link';
import { ReaderAvatarLink } from '~/features/profiles/components/reader-link';
import { fieldError, typed } from '~/lib/form-result';
import { formatNumber } from '~/lib/format';
import type { DiscussionComment, DiscussionOverview, DiscussionThread, DiscussionThreadPage } from '../types';
import { daysLabel, rangeLabel } from '../labels';
import { IntentButton } from './intent-button';
import { GROUP_READ_COMMENT_MAX as MAX } from '../policy';

const commentsLabel = (n: number) => `${formatNumber(n)} ${n === 1 ? 'comentário' : 'comentários'}`;

function StageTitle({ thread, showBooks }: { thread: DiscussionThread; showBooks: boolean }) {
  return (
    <>
      Etapa {thread.number}: {rangeLabel(thread)}
      {showBooks ? ` · ${thread.editionTitle}` : ''}
    </>
  );
}

/** "Mostrar mesmo assim": a participant opens an etapa they have not reached (a deliberate choice, said plainly). */
function RevealForm({ thread }: { thread: DiscussionThread }) {
  return (
    <IntentButton intent="mostrar" fields={{ stageId: thread.stageId }} variant="secondary" label={`Mostrar mesmo assim a conversa da etapa ${thread.number}`}>
      Mostrar mesmo assim
    </IntentButton>
  );
}

/** Why a closed thread is closed, and the way in for who has one. */
function ClosedNotice({ thread, may, signedIn }: { thread: DiscussionThread; may: DiscussionOverview['may']; signedIn: boolean }) {
  if (may.reveal)
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted">Para evitar spoilers, a conversa abre quando o seu progresso passar do fim desta etapa ({rangeLabel(thread)}).</p>
        <RevealForm thread={thread} />
      </div>
    );
  return (
    <p className="text-sm text-muted">
      {signedIn ? 'Entre na LC para ler a conversa de cada etapa que você já leu.' : 'Entre na sua conta e participe da LC para ler a conversa.'}
    </p>
  );
}

/** `discussao`: one thread per etapa, its count, and whether the viewer may open it. */
export function DiscussionList({ overview, slug, signedIn }: { overview: DiscussionOverview; slug: string; signedIn: boolean }) {
  const { threads, may } = overview;
  if (threads.length === 0) return <p>O cronograma ainda não tem etapas, e a conversa acontece por etapa.</p>;
  const showBooks = new Set(threads.map((t) => t.editionTitle)).size > 1;
  return (
    <ol className="flex flex-col gap-3">
      {threads.map((thread) => (
        <li key={thread.stageId} className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4">
          <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
            <h3 className="font-semibold">
              {thread.open ? (
                <Link to={`/lc/${slug}/discussao?etapa=${thread.number}`}>
                  <StageTitle thread={thread} showBooks={showBooks} />
                </Link>
              ) : (
                <StageTitle thread={thread} showBooks={showBooks} />
              )}
            </h3>
            <span className="text-sm text-muted">{daysLabel(thread.startsOn, thread.endsOn)}</span>
          </div>
          <p className="text-sm">
            {commentsLabel(thread.commentCount)}
            {thread.open && !thread.passed && may.reveal ? ' · aberta por você antes de chegar aqui' : ''}
          </p>
          {thread.open ? null : <ClosedNotice thread={thread} may={may} signedIn={signedIn} />}
        </li>
      ))}
    </ol>
  );
}

function CommentForm({ stageId, parentId, result, label, busy }: { stageId: string; parentId: string | null; result: unknown; label: string; busy: boolean }) {
  // What was typed comes back on an error, into the form it was typed in.
  const mine = typed(result, 'intent') === 'comentar' && typed(result, 'parentId') === (parentId ?? '');
  return (
    <Form method="post" className="flex flex-col gap-2" aria-label={label}>
      <input type="hidden" name="intent" value="comentar" />
      <input type="hidden" name="stageId" value={stageId} />
      {parentId ? <input type="hidden" name="parentId" value={parentId} /> : null}
      <TextArea
        label={parentId ? 'Sua resposta' : 'Seu comentário'}
        name="comment"
        required
        maxLength={MAX}
        rows={parentId ? 2 : 3}
        defaultValue={mine ? typed(result, 'comment') : ''}
        error={mine ? fieldError(result, 'comment') : undefined}
        hint={`Até ${formatNumber(MAX)} caracteres.`}
      />
      <Button type="submit" disabled={busy} className="self-start">
        {parentId ? 'Responder' : 'Comentar'}
      </Button>
    </Form>
  );
}

function CommentItem({
  comment,
  stageId,
  may,
  result,
  busy,
  reply,
}: {
  comment: DiscussionComment;
  stageId: string;
  may: DiscussionThreadPage['may'];
  result: unknown;
  busy: boolean;
  reply: boolean;
}) {
  const authorName = comment.author?.name ?? REMOVED_READER;
  const replying = typed(result, 'intent') === 'comentar' && typed(result, 'parentId') === comment.id;
  return (
    <li id={`comentario-${comment.id}`} className="flex gap-3 py-3">
      <ReaderAvatarLink reader={comment.author} size={reply ? 24 : 32} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <CommentByline author={comment.author} createdAt={comment.createdAt}>
          {comment.pinned ? <span className="ml-2 rounded-full bg-paper px-2 py-0.5 text-xs font-semibold text-ink ring-1 ring-line">Fixado</span> : null}
        </CommentByline>
        <p className="max-w-prose whitespace-pre-line break-words">{comment.body}</p>
        <div className="flex flex-wrap items-center gap-x-4">
          {may.moderate && !reply ? (
            <IntentButton
              intent={comment.pinned ? 'desafixar' : 'fixar'}
              fields={{ commentId: comment.id }}
              busy={busy}
              label={`${comment.pinned ? 'Desafixar' : 'Fixar'} comentário de ${authorName}`}
            >
              {comment.pinned ? 'Desafixar' : 'Fixar'}
            </IntentButton>
          ) : null}
          {comment.mayDelete ? (
            <IntentButton intent="apagar-comentario" fields={{ commentId: comment.id }} busy={busy} label={`Apagar comentário de ${authorName}`}>
              Apagar
            </IntentButton>
          ) : null}
          {!comment.mine && comment.author ? <ReportLink kind="group_read_comment" id={comment.id} label={`Denunciar comentário de ${authorName}`} /> : null}
        </div>
        {reply ? null : (
          <>
            {comment.replies.length > 0 ? (
              <ol aria-label={`Respostas a ${authorName}`} className="flex flex-col divide-y divide-line border-l-2 border-line pl-3">
                {comment.replies.map((r) => (
                  <CommentItem key={r.id} comment={r} stageId={stageId} may={may} result={result} busy={busy} reply />
                ))}
              </ol>
            ) : null}
            {may.comment ? (
              <details open={replying} className="pt-1">
                <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-mar">Responder a {authorName}</summary>
                <CommentForm stageId={stageId} parentId={comment.id} result={result} label={`Responder a ${authorName}`} busy={busy} />
              </details>
            ) : null}
          </>
        )}
      </div>
    </li>
  );
}

/** One etapa's thread: its comments (pinned first) with their replies, or why it is closed; the form to comment. */
export function DiscussionThreadView({
  page,
  slug,
  signedIn,
  search,
  result,
  busy,
}: {
  page: DiscussionThreadPage;
  slug: string;
  signedIn: boolean;
  search: string;
  result: unknown;
  busy: boolean;
}) {
  const { thread, comments, may } = page;
  return (
    <section aria-labelledby="conversa" className="flex flex-col gap-3">
      <Link to={`/lc/${slug}/discussao`} className="inline-flex min-h-11 items-center self-start text-sm">
        Todas as etapas
      </Link>
      <h2 id="conversa" className="font-serif text-xl font-semibold">
        <StageTitle thread={thread} showBooks={false} />
      </h2>
      <p className="text-sm text-muted">
        {thread.editionTitle} · {daysLabel(thread.startsOn, thread.endsOn)} · {commentsLabel(thread.commentCount)}
      </p>
      {thread.open ? (
        <>
          {comments.length === 0 ? <p className="text-muted">Ninguém comentou ainda.{may.comment ? ' Seja a primeira pessoa.' : ''}</p> : null}
          <ol className="flex flex-col divide-y divide-line">
            {comments.map((comment) => (
              <CommentItem
                key={`${comment.id}-${comment.replies.length}`}
                comment={comment}
                stageId={thread.stageId}
                may={may}
                result={result}
                busy={busy}
                reply={false}
              />
            ))}
          </ol>
          <Pagination page={page.page} pageSize={page.pageSize} total={page.topLevelCount} search={search} />
          {may.comment ? (
            // A new comment counted empties the form (a failed one keeps what was typed).
            <CommentForm key={thread.commentCount} stageId={thread.stageId} parentId={null} result={result} label="Comentar nesta etapa" busy={busy} />
          ) : null}
        </>
      ) : (
        <ClosedNotice thread={thread} may={may} signedIn={signedIn} />
      )}
    </section>
  );
}
