import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { TextArea } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { REMOVED_READER } from '~/features/accounts/removed-reader';
import { CommentByline } from '~/features/atts/components/comment-section';
import { HiddenNotice } from '~/features/moderation/components/hidden-notice';
import { ReportLink } from '~/features/moderation/components/report-link';
import { ReaderAvatarLink } from '~/features/profiles/components/reader-link';
import { fieldError, typed } from '~/lib/form-result';
import { formatNumber } from '~/lib/format';
import { inPlace } from '~/lib/in-place';
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
            {thread.open && !thread.passed && may.reveal && !may.moderate ? ' · aberta por você antes de chegar aqui' : ''}
          </p>
          {thread.open ? null : <ClosedNotice thread={thread} may={may} signedIn={signedIn} />}
        </li>
      ))}
    </ol>
  );
}

/** The form to comment on the thread (`parentId` null) or to answer a comment; it posts to `action`. */
function CommentForm({
  stageId,
  parentId,
  result,
  label,
  busy,
  action,
  focus = false,
}: {
  stageId: string;
  parentId: string | null;
  result: unknown;
  label: string;
  busy: boolean;
  action: string;
  /** Put the cursor in it (a reply form just opened by a click). */
  focus?: boolean;
}) {
  // What was typed comes back on an error, into the form it was typed in.
  const mine = typed(result, 'intent') === 'comentar' && typed(result, 'parentId') === (parentId ?? '');
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focus) form.current?.querySelector('textarea')?.focus();
  }, [focus]);
  return (
    <Form ref={form} method="post" action={action} className="flex flex-col gap-2" aria-label={label}>
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

/** Where the thread's forms post, and the page without an open reply form: the thread's page as it is, without `responder`. */
export function threadPageHref(slug: string, page: DiscussionThreadPage): string {
  return `/lc/${slug}/discussao?etapa=${page.thread.number}${page.page > 1 ? `&pagina=${page.page}` : ''}`;
}

/**
 * A top-level comment (with its replies) or a reply. "Responder" under a comment is a link (`?responder={id}`: the
 * page with that comment's reply form open, without JavaScript); with it, a click opens the form in place. The
 * page holds one reply form at most, instead of one per comment.
 */
function CommentItem({
  comment,
  stageId,
  may,
  result,
  busy,
  reply,
  pageHref,
  replyTo,
}: {
  comment: DiscussionComment;
  stageId: string;
  may: DiscussionThreadPage['may'];
  result: unknown;
  busy: boolean;
  reply: boolean;
  pageHref: string;
  /** The comment whose reply form the address opens (`?responder=`). */
  replyTo: string | null;
}) {
  const authorName = comment.author?.name ?? REMOVED_READER;
  // A failed reply comes back with its form open, and what was typed in it.
  const failed = typed(result, 'intent') === 'comentar' && typed(result, 'parentId') === comment.id;
  const [replying, setReplying] = useState<'link' | 'click' | null>(replyTo === comment.id || failed ? 'link' : null);
  const answerable = may.comment && !reply;
  const reportable = !comment.mine && comment.author !== null;
  return (
    <li id={`comentario-${comment.id}`} className="flex gap-3 py-3">
      <ReaderAvatarLink reader={comment.author} size={reply ? 24 : 32} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <CommentByline author={comment.author} createdAt={comment.createdAt}>
          {comment.pinned ? <span className="ml-2 rounded-full bg-paper px-2 py-0.5 text-xs font-semibold text-ink ring-1 ring-line">Fixado</span> : null}
        </CommentByline>
        {comment.hidden ? <HiddenNotice kind="group_read_comment" /> : null}
        <p className="max-w-prose whitespace-pre-line break-words">{comment.body}</p>
        {(may.moderate && !reply && !comment.hidden) || comment.mayDelete || (answerable && !replying) || reportable ? (
          <div className="flex flex-wrap items-center gap-x-4">
            {answerable && !replying ? (
              <Link
                to={`${pageHref}&responder=${comment.id}#comentario-${comment.id}`}
                aria-label={`Responder a ${authorName}`}
                className="inline-flex min-h-11 items-center font-semibold text-mar no-underline hover:underline"
                onClick={inPlace(() => setReplying('click'))}
              >
                Responder
              </Link>
            ) : null}
            {may.moderate && !reply && !comment.hidden ? (
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
            {reportable ? <ReportLink kind="group_read_comment" id={comment.id} label={`Denunciar comentário de ${authorName}`} /> : null}
          </div>
        ) : null}
        {comment.replies.length > 0 ? (
          <ol aria-label={`Respostas a ${authorName}`} className="flex flex-col divide-y divide-line border-l-2 border-line pl-3">
            {comment.replies.map((r) => (
              <CommentItem key={r.id} comment={r} stageId={stageId} may={may} result={result} busy={busy} reply pageHref={pageHref} replyTo={null} />
            ))}
          </ol>
        ) : null}
        {answerable && replying ? (
          <div className="flex flex-col gap-1 pt-1">
            <CommentForm
              stageId={stageId}
              parentId={comment.id}
              result={result}
              label={`Responder a ${authorName}`}
              busy={busy}
              action={pageHref}
              focus={replying === 'click'}
            />
            <Link
              to={`${pageHref}#comentario-${comment.id}`}
              className="inline-flex min-h-11 items-center self-start text-sm"
              onClick={inPlace(() => setReplying(null))}
            >
              Cancelar
            </Link>
          </div>
        ) : null}
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
  const pageHref = threadPageHref(slug, page);
  const params = new URLSearchParams(search);
  const replyTo = params.get('responder');
  params.delete('responder');
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
                pageHref={pageHref}
                replyTo={replyTo}
              />
            ))}
          </ol>
          <Pagination page={page.page} pageSize={page.pageSize} total={page.topLevelCount} search={params.toString()} />
          {may.comment ? (
            // A new comment counted empties the form (a failed one keeps what was typed).
            <CommentForm
              key={thread.commentCount}
              stageId={thread.stageId}
              parentId={null}
              result={result}
              label="Comentar nesta etapa"
              busy={busy}
              action={pageHref}
            />
          ) : null}
        </>
      ) : (
        <ClosedNotice thread={thread} may={may} signedIn={signedIn} />
      )}
    </section>
  );
}
