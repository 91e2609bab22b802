import * as imagePlusDrawing from 'lucide-react/icons/image-plus';
import * as xDrawing from 'lucide-react/icons/x';
import { useEffect, useRef, useState } from 'react';
import { Form, useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { lucide } from '~/components/ui/icons';
import { type FormResult, fieldError, isFailure, typed } from '~/lib/form-result';
import { IMAGE_ACCEPT } from '~/lib/image-rules';
import { useEnhanced } from '~/lib/use-enhanced';
import { WHISPER_EMPTY, WHISPER_IMAGES_INPUT, WHISPER_IMAGES_MAX, WHISPER_MAX, WHISPER_TOO_LONG, attachImages, whisperLength } from '../policy';

const ImagePlus = lucide(imagePlusDrawing);
const X = lucide(xDrawing);

type Pending = { clientId: string; body: string; images: readonly File[] };
type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'offline' } | { kind: 'error'; message: string };

/** The id of the next message, made here after a send: a send retried after a dropped connection is the same message. */
const newClientId = () => crypto.randomUUID();

/** A chosen image as the composer shows it before sending: the file and a preview of it (revoked once it leaves). */
type Attached = { file: File; preview: string };

/** The images attached to the next message, with their previews; the browser's object URLs are released as they go. */
function useAttachedImages() {
  const [attached, setAttached] = useState<Attached[]>([]);
  const shown = useRef<Attached[]>([]);
  useEffect(() => {
    shown.current = attached;
  }, [attached]);
  useEffect(() => () => shown.current.forEach((image) => URL.revokeObjectURL(image.preview)), []);
  const drop = (gone: readonly Attached[]) => gone.forEach((image) => URL.revokeObjectURL(image.preview));
  return {
    attached,
    /** Adds what the reader chose; answers why a file was left out, or null. */
    add(chosen: readonly File[]): string | null {
      const { files, error } = attachImages(
        attached.map((image) => image.file),
        chosen,
      );
      const added = files.slice(attached.length).map((file) => ({ file, preview: URL.createObjectURL(file) }));
      if (added.length) setAttached([...attached, ...added]);
      return error;
    },
    remove(index: number) {
      drop(attached.slice(index, index + 1));
      setAttached(attached.filter((_, i) => i !== index));
    },
    clear() {
      drop(attached);
      setAttached([]);
    },
  };
}

/**
 * The thread's send box (decisions 0088, 0089): text and up to four images. Before JavaScript it is a multipart form
 * posted to the page, with the client id the loader made. With it, the message goes to /api/sussurros/{id}/mensagens;
 * a send that finds no connection keeps the text and the images (read-only, so they stay the message that id names)
 * and goes again, with the same id, when the browser is back online — a message is never lost, and never arrives
 * twice. An error keeps the text and the images for the reader to fix.
 */
export function WhisperComposer({ conversationId, clientId: loaded, result }: { conversationId: string; clientId: string; result: FormResult | undefined }) {
  const { revalidate } = useRevalidator();
  const [clientId, setClientId] = useState(() => (isFailure(result) && result.fields.clientId ? result.fields.clientId : loaded));
  const [body, setBody] = useState(() => typed(result, 'body'));
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [imageError, setImageError] = useState<string | null>(null);
  const images = useAttachedImages();
  // Before JavaScript the browser's own file field shows what was chosen; once it runs, a button and the previews do.
  const enhanced = useEnhanced();
  const pending = useRef<Pending | null>(null);

  async function deliver(message: Pending) {
    pending.current = message;
    setStatus({ kind: 'sending' });
    const form = new FormData();
    form.set('clientId', message.clientId);
    form.set('body', message.body);
    for (const image of message.images) form.append(WHISPER_IMAGES_INPUT, image);
    let response: Response;
    try {
      response = await fetch(`/api/sussurros/${conversationId}/mensagens`, { method: 'POST', body: form });
    } catch {
      setStatus({ kind: 'offline' });
      return;
    }
    pending.current = null;
    if (response.ok) {
      setBody('');
      images.clear();
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
  const error =
    status.kind === 'error'
      ? status.message
      : (fieldError(result, 'body') ?? fieldError(result, WHISPER_IMAGES_INPUT) ?? (isFailure(result) ? result.formError : undefined));
  const shownError = imageError ?? error;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="flex flex-col gap-2 border-t border-line pt-3"
      onSubmit={(event) => {
        event.preventDefault();
        const text = body.trim();
        if (!text && images.attached.length === 0) {
          setStatus({ kind: 'error', message: WHISPER_EMPTY });
          return;
        }
        if (whisperLength(text) > WHISPER_MAX) {
          setStatus({ kind: 'error', message: WHISPER_TOO_LONG });
          return;
        }
        setImageError(null);
        void deliver({ clientId, body: text, images: images.attached.map((image) => image.file) });
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
      {images.attached.length ? (
        <ul aria-label="Imagens anexadas" className="flex flex-wrap gap-2">
          {images.attached.map((image, i) => (
            <li key={image.preview} className="relative">
              <img src={image.preview} alt={`Imagem ${i + 1}: ${image.file.name}`} className="size-20 rounded-lg border border-line object-cover" />
              <button
                type="button"
                disabled={waiting}
                onClick={() => {
                  images.remove(i);
                  setImageError(null);
                }}
                aria-label={`Remover imagem ${i + 1}`}
                className="absolute -top-2 -right-2 flex size-11 items-center justify-center"
              >
                <span className="flex size-7 items-center justify-center rounded-full border border-line bg-surface text-ink shadow">
                  <X size={16} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-3">
          <input
            id="sussurro-imagens"
            type="file"
            name={WHISPER_IMAGES_INPUT}
            multiple
            accept={IMAGE_ACCEPT}
            disabled={waiting}
            aria-describedby="sussurro-imagens-dica sussurro-estado"
            className={`peer ${enhanced ? 'sr-only' : 'max-w-full text-sm'}`}
            onChange={(event) => {
              const chosen = [...(event.target.files ?? [])];
              // With JavaScript the images travel from here, not from the field: it is emptied to take the next choice.
              event.target.value = '';
              setImageError(images.add(chosen));
            }}
          />
          <label
            htmlFor="sussurro-imagens"
            className={
              enhanced
                ? 'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line bg-surface px-3 font-medium text-mar outline-offset-2 hover:bg-paper peer-focus-visible:outline-3 peer-focus-visible:outline-coral'
                : 'sr-only'
            }
          >
            <ImagePlus size={20} />
            Anexar imagens
          </label>
          <span id="sussurro-contador" className="text-sm tabular-nums text-muted">
            {whisperLength(body).toLocaleString('pt-BR')}/{WHISPER_MAX.toLocaleString('pt-BR')}
          </span>
        </div>
        <Button type="submit" pending={status.kind === 'sending'} disabled={status.kind === 'offline'}>
          Enviar
        </Button>
      </div>
      <p id="sussurro-imagens-dica" className="text-sm text-muted">
        Até {WHISPER_IMAGES_MAX} imagens (JPEG, PNG, WebP ou GIF, até 5 MB cada). Só vocês dois veem.
      </p>
      <p id="sussurro-estado" role={shownError ? 'alert' : 'status'} className={`text-sm ${shownError ? 'text-danger' : 'text-muted'}`}>
        {shownError ?? (status.kind === 'offline' ? 'Sem conexão: a mensagem fica guardada aqui e vai assim que você voltar a ficar online.' : '')}
      </p>
    </Form>
  );
}
