import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { fieldError, isFailure, type FormResult } from '~/lib/form-result';

const KINDS = {
  avatar: { label: 'Foto do clube', hint: 'Quadrada fica melhor. JPEG, PNG, WebP ou GIF, até 5 MB.', send: 'avatar', remove: 'remover-avatar' },
  banner: { label: 'Capa do clube', hint: 'Larga, como 1600 × 400. JPEG, PNG, WebP ou GIF, até 5 MB.', send: 'capa', remove: 'remover-capa' },
} as const;

/** Upload (or remove) the club's avatar or banner; the stored copy is re-encoded, without the photo's metadata. */
export function ImageForm({ kind, current, result }: { kind: keyof typeof KINDS; current: string | null; result: FormResult | undefined }) {
  const { label, hint, send, remove } = KINDS[kind];
  const error = isFailure(result) && result.fields.intent === send ? fieldError(result, kind) : undefined;
  const id = `imagem-${kind}`;
  return (
    <div className="flex flex-col gap-2">
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2">
        <input type="hidden" name="intent" value={send} />
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <input
          id={id}
          type="file"
          name={kind}
          required
          accept="image/jpeg,image/png,image/webp,image/gif"
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          className="min-h-11 text-sm"
        />
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-danger" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" className="self-start">
          Enviar {kind === 'avatar' ? 'foto' : 'capa'}
        </Button>
      </Form>
      {current ? (
        <Form method="post">
          <input type="hidden" name="intent" value={remove} />
          <Button type="submit" variant="quiet">
            Remover {kind === 'avatar' ? 'foto' : 'capa'}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
