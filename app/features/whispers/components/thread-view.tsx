import { useEffect, useState } from 'react';
import { Form, useFetcher, useRevalidator } from 'react-router';
import { Link } from '~/components/link';
import { Avatar } from '~/components/ui/avatar';
import { Button } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { REMOVED_READER } from '~/features/accounts/removed-reader';
import { ReportLink } from '~/features/moderation/components/report-link';
import { type FormResult, isFailure, isSuccess } from '~/lib/form-result';
import { formatDateTime } from '~/lib/format';
import type { WhisperImage, WhisperMessage, WhisperThread } from '../types';
import { WhisperComposer } from './composer';
import { RemovedMessage } from './removed-message';

/**
 * The thread's live connection: a new message, a read mark or a block reloads the thread (its loader reads it again
 * with the viewer's permissions); a burst of events reloads once.
 */
function useThreadLive(conversationId: string) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const source = new EventSource(`/api/sussurros/${conversationId}/eventos`);
    let pending: number | undefined;
    source.addEventListener('sussurro', () => {
      pending ??= window.setTimeout(() => {
        pending = undefined;
        void revalidate();
      }, 50);
    });
    return () => {
      window.clearTimeout(pending);
      source.close();
    };
  }, [conversationId, revalidate]);
}

/**
 * What the other reader wrote is marked read once the page shows it: on arrival, as new messages come in, and when a
 * tab left in the background comes back to the front (not before: a hidden tab has not shown anything).
 */
function useMarkRead(thread: WhisperThread) {
  const fetcher = useFetcher();
  const { submit } = fetcher;
  const busy = fetcher.state !== 'idle';
  useEffect(() => {
    if (!thread.unread || busy) return;
    const mark = () => {
      if (document.visibilityState === 'visible') void submit({ intent: 'lida' }, { method: 'post' });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [thread.unread, thread.messages, busy, submit]);
}

/** "Mensagens anteriores": older pages come in above the ones shown, without leaving the page. */
function useOlderPages(thread: WhisperThread) {
  const fetcher = useFetcher<{ thread: WhisperThread }>();
  const [older, setOlder] = useState<{ messages: WhisperMessage[]; cursor: string | null; from: string | null }>({ messages: [], cursor: null, from: null });
  const loaded = fetcher.data?.thread;
  if (loaded && loaded.messages[0]?.id !== older.from && fetcher.state === 'idle') {
    setOlder({ messages: [...loaded.messages, ...older.messages], cursor: loaded.olderCursor, from: loaded.messages[0]?.id ?? null });
  }
  const cursor = older.from ? older.cursor : thread.olderCursor;
  return {
    messages: [...older.messages.filter((m) => !thread.messages.some((shown) => shown.id === m.id)), ...thread.messages],
    cursor,
    loading: fetcher.state !== 'idle',
    load: (event: { preventDefault: () => void }) => {
      if (!cursor) return;
      event.preventDefault();
      void fetcher.load(`/sussurros/${thread.id}?antes=${cursor}`);
    },
  };
}

/** A message's images as thumbnails, each opening the full image; one held from a minor says so instead. */
function MessageImages({ images }: { images: readonly WhisperImage[] }) {
  return (
    <ul className={`grid max-w-[85%] gap-1 ${images.length > 1 ? 'grid-cols-2' : 'grid-cols-1'}`}>
      {images.map((image) => (
        <li key={image.position}>
          {image.url ? (
            <a href={image.url} target="_blank" rel="noreferrer" className="block">
              <img
                src={image.url}
                alt={image.alt}
                width={image.width}
                height={image.height}
                loading="lazy"
                className="size-32 rounded-xl border border-line object-cover sm:size-40"
              />
            </a>
          ) : (
            <p className="flex size-32 items-center justify-center rounded-xl border border-dashed border-line bg-surface p-2 text-center text-sm text-muted sm:size-40">
              Imagem oculta: só aparecem imagens de quem você segue.
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function MessageItem({ message }: { message: WhisperMessage }) {
  return (
    <li className={`flex flex-col gap-1 ${message.mine ? 'items-end' : 'items-start'}`}>
      {message.images.length ? <MessageImages images={message.images} /> : null}
      {message.body || message.removed ? (
        <div
          className={`max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-4 py-2 ${message.mine ? 'rounded-br-sm bg-mar text-on-mar' : 'rounded-bl-sm border border-line bg-surface text-ink'}`}
        >
          <span className="sr-only">{message.mine ? 'Você: ' : ''}</span>
          {message.removed ? <RemovedMessage /> : message.body}
        </div>
      ) : null}
      <div className="flex items-center gap-2 text-xs text-muted">
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        {message.mine && !message.removed ? <span>{message.read ? 'Lida' : 'Enviada'}</span> : null}
        {!message.mine && !message.removed ? <ReportLink kind="whisper" id={message.id} label="Denunciar esta mensagem" /> : null}
        <Form method="post" className="inline">
          <input type="hidden" name="intent" value="apagar" />
          <input type="hidden" name="message" value={message.id} />
          <button type="submit" className="min-h-11 px-2 text-mar underline-offset-2 hover:underline">
            Apagar para mim
          </button>
        </Form>
      </div>
    </li>
  );
}

/** A conversation: who, the messages (older pages above), the send box or why there is none, and blocking. */
export function WhisperThreadView({ thread, clientId, result }: { thread: WhisperThread; clientId: string; result: FormResult | undefined }) {
  useThreadLive(thread.id);
  useMarkRead(thread);
  const pages = useOlderPages(thread);
  const name = thread.counterpart?.name ?? REMOVED_READER;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <Avatar name={name} image={thread.counterpart?.image ?? null} size={48} />
          <div className="flex min-w-0 flex-col">
            <h1 className="font-serif text-2xl font-bold break-words">{name}</h1>
            {thread.counterpart ? <Link to={`/u/${thread.counterpart.username}`}>@{thread.counterpart.username}</Link> : null}
          </div>
        </div>
        <div className="flex items-center justify-between gap-3">
          <Link to="/sussurros" className="inline-flex min-h-11 items-center">
            Todas as conversas
          </Link>
          {thread.counterpart ? (
            <Form
              method="post"
              onSubmit={(event) => {
                if (!window.confirm(`Bloquear @${thread.counterpart?.username}? Vocês não vão mais ver um ao outro nem conversar.`)) event.preventDefault();
              }}
            >
              <input type="hidden" name="intent" value="bloquear" />
              <Button type="submit" variant="secondary">
                Bloquear
              </Button>
            </Form>
          ) : null}
        </div>
      </header>
      <FormMessage tone="success">{isSuccess(result) && result.success && result.success !== 'Mensagem enviada.' ? result.success : null}</FormMessage>
      {isFailure(result) && result.fields.intent !== 'enviar' ? <FormMessage>{result.formError}</FormMessage> : null}
      <section aria-label="Mensagens" className="flex flex-col gap-3">
        {pages.cursor ? (
          <Link
            to={`/sussurros/${thread.id}?antes=${pages.cursor}`}
            onClick={pages.load}
            className="self-center rounded-lg px-3 py-2"
            aria-busy={pages.loading || undefined}
          >
            {pages.loading ? 'Carregando…' : 'Mensagens anteriores'}
          </Link>
        ) : null}
        {pages.messages.length === 0 ? <p className="text-muted">Nenhuma mensagem por aqui ainda.</p> : null}
        <ol aria-live="polite" aria-relevant="additions" className="flex flex-col gap-3">
          {pages.messages.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ol>
      </section>
      {thread.refusal ? (
        <p className="rounded-xl border border-line bg-surface p-4">{thread.refusal}</p>
      ) : (
        <WhisperComposer
          key={thread.id}
          conversationId={thread.id}
          clientId={clientId}
          result={isFailure(result) && result.fields.intent === 'enviar' ? result : undefined}
        />
      )}
    </div>
  );
}
