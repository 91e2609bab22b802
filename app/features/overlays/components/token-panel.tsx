import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { formatDateTime } from '~/lib/format';

export type IssuedLinks = { capa: string; foca: string };

function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const id = `link-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          className="min-h-11 w-full rounded-lg border border-line bg-surface px-3 font-mono text-sm"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copiado' : 'Copiar'}
        </Button>
      </div>
    </div>
  );
}

/**
 * The overlay link's panel on /streamer (decision 0092): the token is shown once, right after it is made; afterwards
 * only when it was made, with "Trocar" (a new link, the old one dead at once) and "Revogar".
 */
export function TokenPanel({
  createdAt,
  issued,
  error,
  notice,
}: {
  createdAt: string | null;
  issued: IssuedLinks | null;
  error?: string | undefined;
  notice?: string | undefined;
}) {
  const busy = useNavigation().state !== 'idle';
  return (
    <section aria-labelledby="link-obs" className="flex flex-col gap-4 rounded-xl bg-surface p-4">
      <h2 id="link-obs" className="font-serif text-xl font-bold">
        Seu link para o OBS
      </h2>
      {error ? <FormMessage>{error}</FormMessage> : null}
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {issued ? (
        <div className="flex flex-col gap-3">
          <FormMessage tone="success">Link criado. Copie agora: por segurança, ele não aparece de novo.</FormMessage>
          <CopyField label="Link do livro atual" value={issued.capa} />
          <CopyField label="Link da foca" value={issued.foca} />
          <p className="text-sm text-muted">Quem tiver esse link vê o seu overlay. Não mostre na tela nem mande para ninguém.</p>
        </div>
      ) : createdAt ? (
        <p>
          Seu link foi criado em {formatDateTime(createdAt)}. Ele não aparece de novo: se você perdeu o link ou ele vazou, troque por um novo — o antigo para de
          funcionar na hora.
        </p>
      ) : (
        <p>Você ainda não tem um link. Crie um para colocar o livro atual e a foca na sua live.</p>
      )}
      <div className="flex flex-wrap gap-2">
        {createdAt ? (
          <>
            <Form method="post">
              <Button type="submit" name="intent" value="trocar" pending={busy} pendingLabel="Trocando…">
                Trocar link
              </Button>
            </Form>
            <Form method="post">
              <Button type="submit" name="intent" value="revogar" variant="danger" pending={busy} pendingLabel="Revogando…">
                Revogar link
              </Button>
            </Form>
          </>
        ) : (
          <Form method="post">
            <Button type="submit" name="intent" value="criar" pending={busy} pendingLabel="Criando…">
              Criar link
            </Button>
          </Form>
        )}
      </div>
    </section>
  );
}
