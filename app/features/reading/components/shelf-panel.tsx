import * as heartDrawing from 'lucide-react/icons/heart';
import { lucide } from '~/components/ui/icons';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Button, buttonClass } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { type FormResult, fieldError, isFailure, isSuccess } from '~/lib/form-result';
import { formatDay } from '~/lib/format';
import { STATUS_LABELS, STATUS_SLUGS } from '../statuses';
import type { MyShelfEntry, ReadThrough, ShelfChoice } from '../types';
import { AddToShelf } from './add-to-shelf';
import { EntryCopyForm } from './entry-copy-form';
import { RatingInput } from './rating-input';
import { usePosting } from './use-posting';
import { SHELF_STATUSES } from '../vocabulary';

const Heart = lucide(heartDrawing);

function readThroughText(read: ReadThrough): string {
  const started = read.startedOn ? `começou em ${formatDay(read.startedOn)}` : null;
  const ended = read.finishedOn
    ? `terminou em ${formatDay(read.finishedOn)}`
    : read.abandonedOn
      ? `abandonou em ${formatDay(read.abandonedOn)}`
      : 'em andamento';
  const text = [started, ended].filter(Boolean).join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * "Na minha estante" on an edition page: status, rating, favourite, the read-throughs, and taking it off.
 * Every control is a plain form (it works before JavaScript); visitors are invited to sign in. `children` (the
 * progress panel while the book is being read) come right after the status, before the rating.
 */
export function ShelfPanel({
  editionId,
  signedIn,
  entry,
  shelves,
  result,
  children,
}: {
  editionId: string;
  signedIn: boolean;
  entry: MyShelfEntry | null;
  /** The reader's custom shelves (branch shelves). */
  shelves: ShelfChoice[];
  result: FormResult | undefined;
  /** More of the reader's own entry: the progress panel (decision 0017). */
  children?: ReactNode;
}) {
  const busy = usePosting();
  if (!signedIn) {
    return (
      <section aria-labelledby="na-estante" className="rounded-xl border border-line bg-surface p-4">
        <h2 id="na-estante" className="font-serif text-xl font-semibold">
          Na sua estante
        </h2>
        <p className="mt-2">
          <Link to={`/auth/signin?callbackUrl=${encodeURIComponent(`/ed/${editionId}`)}`} className={buttonClass('primary')}>
            Entrar para adicionar
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="na-estante" className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4">
      <h2 id="na-estante" className="font-serif text-xl font-semibold">
        {entry ? 'Na sua estante' : 'Adicionar à sua estante'}
      </h2>
      {isFailure(result) && result.formError ? <FormMessage>{result.formError}</FormMessage> : null}
      {isSuccess(result) ? (
        <p role="status" className="text-ok">
          {result.success}
        </p>
      ) : null}
      {fieldError(result, 'status') ? <FormMessage>{fieldError(result, 'status')}</FormMessage> : null}
      <Form method="post" className="flex flex-wrap gap-2" aria-label="Situação">
        <input type="hidden" name="intent" value="situacao" />
        {SHELF_STATUSES.map((status) => (
          <button
            key={status}
            type="submit"
            name="status"
            value={STATUS_SLUGS[status]}
            disabled={busy}
            aria-pressed={entry?.status === status}
            className={buttonClass(entry?.status === status ? 'primary' : 'secondary', 'min-w-24')}
          >
            {STATUS_LABELS[status]}
          </button>
        ))}
      </Form>
      {children}
      {entry ? (
        <>
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="avaliar" />
            <label htmlFor="nota" className="font-medium">
              Sua nota
            </label>
            <RatingInput id="nota" name="rating" initial={entry.rating} busy={busy} />
            {fieldError(result, 'rating') ? <p className="text-sm text-danger">{fieldError(result, 'rating')}</p> : null}
          </Form>
          {entry.rating != null ? (
            <Form method="post">
              <input type="hidden" name="intent" value="tirar-nota" />
              <Button type="submit" variant="quiet" disabled={busy}>
                Tirar nota
              </Button>
            </Form>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="favorito" />
            <input type="hidden" name="favorite" value={entry.favorite ? 'nao' : 'sim'} />
            <Button type="submit" variant="secondary" disabled={busy} aria-pressed={entry.favorite}>
              <Heart aria-hidden="true" size={18} fill={entry.favorite ? 'currentColor' : 'none'} className={entry.favorite ? 'text-coral' : ''} />
              {entry.favorite ? 'Favorito' : 'Marcar como favorito'}
            </Button>
          </Form>
          {entry.readThroughs.length > 0 || entry.undatedReadings > 0 ? (
            <div>
              <h3 className="font-semibold">{entry.readCount > 1 ? `Leituras (lido ${entry.readCount} vezes)` : 'Leituras'}</h3>
              <ol className="mt-1 list-inside list-decimal text-sm text-muted">
                {entry.readThroughs.map((read) => (
                  <li key={read.id}>{readThroughText(read)}</li>
                ))}
              </ol>
              {entry.undatedReadings > 0 ? (
                <p className="text-sm text-muted">
                  {entry.undatedReadings === 1 ? 'Uma leitura sem data (importada).' : `${entry.undatedReadings} leituras sem data (importadas).`}
                </p>
              ) : null}
            </div>
          ) : null}
          {/* --- owned copy, notes and custom shelves (branch shelves) --- */}
          <EntryCopyForm entry={entry} busy={busy} result={result} />
          <AddToShelf choices={shelves} busy={busy} />
          {/* --- end owned copy, notes and custom shelves --- */}
          <details>
            <summary className="min-h-11 cursor-pointer py-2 text-sm text-muted">Tirar da estante</summary>
            <Form method="post" className="flex flex-col items-start gap-2">
              <input type="hidden" name="intent" value="remover" />
              <p className="text-sm">As datas de leitura, a nota e a resenha deste livro serão apagadas.</p>
              <Button type="submit" variant="danger" disabled={busy}>
                Tirar da estante
              </Button>
            </Form>
          </details>
        </>
      ) : null}
    </section>
  );
}
