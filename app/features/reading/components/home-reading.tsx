import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { ProgressBar, wholePercent } from '~/components/ui/progress-bar';
import { BookCoverLink, BookTitle } from '~/features/catalog/components/book-heading';
import { type FormResult, fieldError, typed } from '~/lib/form-result';
import { formatNumber } from '~/lib/format';
import { GOAL_BOOKS_MAX, GOAL_PAGES_MAX, type ReadingGoal } from '../goals/goals';
import { UNIT_SLUGS, lengthIn } from '../progress/progress';
import { QUICK_STEP_LABEL } from './quick-step';
import type { CurrentReading } from '../types';
import { usePosting } from './use-posting';
import type { ProgressUnit } from '../vocabulary';

const POSITION_LABELS: Record<ProgressUnit, string> = { page: 'Página atual', percent: 'Porcentagem atual', minute: 'Minuto atual' };

function positionLabel(book: CurrentReading): string {
  if (book.value == null || book.unit == null) return 'Nenhum progresso registrado ainda.';
  if (book.unit === 'percent') return `${book.value}% lido`;
  const length = lengthIn(book.length, book.unit);
  const noun = book.unit === 'page' ? 'página' : 'minuto';
  return `${wholePercent(book.fraction)} lido (${noun} ${formatNumber(book.value)}${length ? ` de ${formatNumber(length)}` : ''})`;
}

/** One book being read: its bar, the one-tap step forward and the field to say where the reader is. */
function ReadingItem({ book, result }: { book: CurrentReading; result: FormResult | undefined }) {
  const busy = usePosting();
  const mine = typed(result, 'edition') === book.edition.id;
  const hidden = (
    <>
      <input type="hidden" name="intent" value="progresso" />
      <input type="hidden" name="edition" value={book.edition.id} />
      <input type="hidden" name="unit" value={UNIT_SLUGS[book.stepUnit]} />
    </>
  );
  return (
    <li className="flex gap-3 rounded-xl border border-line bg-surface p-3">
      <BookCoverLink edition={book.edition} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <BookTitle edition={book.edition} level={3} className="font-serif font-semibold leading-snug" />
        <ProgressBar fraction={book.fraction} label={positionLabel(book)} />
        <div className="flex flex-wrap items-end gap-2">
          {book.nextValue != null ? (
            <>
              <Form method="post">
                {hidden}
                <input type="hidden" name="value" value={book.nextValue} />
                <Button type="submit" variant="secondary" disabled={busy}>
                  {QUICK_STEP_LABEL[book.stepUnit]}
                  <span className="sr-only"> em {book.edition.title}</span>
                </Button>
              </Form>
              {/* Keyed by the saved value: after a save the field empties, after a failure it keeps what was typed. */}
              <Form method="post" key={book.value ?? 'primeiro'} className="flex items-end gap-2" aria-label={`Atualizar o progresso de ${book.edition.title}`}>
                {hidden}
                <div className="w-40">
                  <TextField
                    label={POSITION_LABELS[book.stepUnit]}
                    name="value"
                    inputMode="numeric"
                    autoComplete="off"
                    defaultValue={mine ? typed(result, 'value') : ''}
                    error={mine ? (fieldError(result, 'value') ?? fieldError(result, 'unit')) : undefined}
                  />
                </div>
                <Button type="submit" disabled={busy}>
                  Salvar
                </Button>
              </Form>
            </>
          ) : (
            <Link to={`/ed/${book.edition.id}`} className="min-h-11 py-2.5 font-medium">
              Chegou ao fim: marcar como lido
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}

export function CurrentlyReading({ books, result }: { books: CurrentReading[]; result: FormResult | undefined }) {
  return (
    <section aria-labelledby="lendo-agora" className="flex flex-col gap-3">
      <h2 id="lendo-agora" className="font-serif text-xl font-semibold">
        Lendo agora
      </h2>
      {books.length === 0 ? (
        <p className="text-muted">
          Nenhum livro em leitura. Escolha o próximo na <Link to="/estante?situacao=quero-ler">sua lista de quero ler</Link> ou no{' '}
          <Link to="/catalogo">catálogo</Link>.
        </p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {books.map((book) => (
            <ReadingItem key={book.edition.id} book={book} result={result} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The owner's goal form, inside the goal card on /home. */
export function ReadingGoalForm({ goal, result }: { goal: ReadingGoal; result: FormResult | undefined }) {
  const busy = usePosting();
  const failed = typed(result, 'intent') === 'meta';
  const initial = (name: 'books' | 'pages', current: number | null) => (failed ? typed(result, name) : current != null ? String(current) : '');
  const hasGoal = goal.booksTarget != null || goal.pagesTarget != null;
  return (
    <details open={failed || !hasGoal}>
      <summary className="min-h-11 cursor-pointer py-2 font-medium text-mar">{hasGoal ? 'Mudar a meta' : 'Definir uma meta'}</summary>
      <Form method="post" className="flex flex-col gap-3" aria-label="Meta de leitura">
        <input type="hidden" name="intent" value="meta" />
        <p className="text-sm text-muted">Livros, páginas ou os dois. Deixe em branco o que não quiser contar.</p>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Livros no ano"
            name="books"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={initial('books', goal.booksTarget)}
            error={failed ? fieldError(result, 'books') : undefined}
            hint={`Até ${formatNumber(GOAL_BOOKS_MAX)}.`}
          />
          <TextField
            label="Páginas no ano"
            name="pages"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={initial('pages', goal.pagesTarget)}
            error={failed ? fieldError(result, 'pages') : undefined}
            hint={`Até ${formatNumber(GOAL_PAGES_MAX)}.`}
          />
        </div>
        <Button type="submit" disabled={busy} className="self-start">
          Salvar meta
        </Button>
      </Form>
    </details>
  );
}
