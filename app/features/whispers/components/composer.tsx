import { useEffect, useRef, useState } from 'react';
import { Form, useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { type FormResult, fieldError, isFailure, typed } from '~/lib/form-result';
import { WHISPER_MAX, WHISPER_TOO_LONG, whisperLength } from '../policy';

type Pending = { clientId: string; body: string };
type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'offline' } | { kind: 'error'; message: string };

/** The id of the next message, made here after a send: a send retried after a dropped connection is the same message. */
const newClientId = () => crypto.randomUUID();

/**
 * The thread's send box (decision 0088). Before JavaScript it is a form posted to the page, with the client id the
 * loader made. With it, the message goes to /api/sussurros/{id}/mensagens; a send that finds no connection keeps the
 * text (read-only, so it stays the message that id names) and goes again, with the same id, when the browser is back
 * online — a message is never lost, and never arrives twice. An error keeps the text for the reader to fix.
 */
export function WhisperComposer({ conversationId, clientId: loaded, result }: { conversationId: string; clientId: string; result: FormResult | undefined }) {
  const { revalidate } = useRevalidator();
  const [clientId, setClientId] = useState(() => (isFailure(result) && result.fields.clientId ? result.fields.clientId : loaded));
  const [body, setBody] = useState(() => typed(result, 'body'));
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const pending = useRef<Pending | null>(null);

  async function deliver(message: Pending) {
    pending.current = message;
    setStatus({ kind: 'sending' });
    let response: Response;
    try {
      response = await fetch(`/api/sussurros/${conversationId}/mensagens`, { method: 'POST', body: new URLSearchParams(message) });
    } catch {
      setStatus({ kind: 'offline' });
      return;
    }
    pending.current = null;
    if (response.ok) {
      setBody('');
      setClientId(newClientId());
      setStatus({ kind: 'idle' });
      void revalidate();
      return;
    }
    const answer = (await response.json().catch(() => null)) as { error?: string } | null;
    setStatus({ kind: 'error', message: answer?.error ?? 'Não foi possível enviar. Tente de novo.' });
  }

  useEffect(() => {
    const back = () => {
      if (pending.current) void deliver(pending.current);
    };
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per conversation: deliver reads the message waiting through a ref
  }, [conversationId]);

  const waiting = status.kind === 'sending' || status.kind === 'offline';
  const error = status.kind === 'error' ? status.message : (fieldError(result, 'body') ?? (isFailure(result) ? result.formError : undefined));
  return (
    <Form
      method="post"
      className="flex flex-col gap-2 border-t border-line pt-3"
      onSubmit={(event) => {
        event.preventDefault();
        const text = body.trim();
        if (!text) {
          setStatus({ kind: 'error', message: 'Escreva uma mensagem.' });
          return;
        }
        if (whisperLength(text) > WHISPER_MAX) {
          setStatus({ kind: 'error', message: WHISPER_TOO_LONG });
          return;
        }
        void deliver({ clientId, body: text });
      }}
    >
      <input type="hidden" name="intent" value="enviar" />
      <input type="hidden" name="clientId" value={clientId} />
      <label htmlFor="sussurro-texto" className="font-medium">
        Sua mensagem
      </label>
      <textarea
        id="sussurro-texto"
        name="body"
        rows={3}
        required
        readOnly={waiting}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          if (status.kind === 'error') setStatus({ kind: 'idle' });
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) event.currentTarget.form?.requestSubmit();
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby="sussurro-contador sussurro-estado"
        className="min-h-24 rounded-lg border border-line bg-surface p-3"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id="sussurro-contador" className="text-sm tabular-nums text-muted">
          {whisperLength(body).toLocaleString('pt-BR')}/{WHISPER_MAX.toLocaleString('pt-BR')}
        </span>
        <Button type="submit" pending={status.kind === 'sending'} disabled={status.kind === 'offline'}>
          Enviar
        </Button>
      </div>
      <p id="sussurro-estado" role={error ? 'alert' : 'status'} className={`text-sm ${error ? 'text-danger' : 'text-muted'}`}>
        {error ?? (status.kind === 'offline' ? 'Sem conexão: a mensagem fica guardada aqui e vai assim que você voltar a ficar online.' : '')}
      </p>
    </Form>
  );
}
