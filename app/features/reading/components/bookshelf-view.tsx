import * as heartDrawing from 'lucide-react/icons/heart';
import { lucide } from '~/components/ui/icons';
import { Link } from '~/components/link';
import { buttonClass } from '~/components/ui/button';
import { Foca } from '~/components/ui/foca';
import { type Tab, TabNav } from '~/components/ui/tab-nav';
import { ProgressBar, wholePercent } from '~/components/ui/progress-bar';
import { EditionCover } from '~/features/catalog/components/edition-cover';
import { AuthorLinks } from '~/features/catalog/components/edition-list';
import { formatDay, formatNumber } from '~/lib/format';
import { STATUS_LABELS, STATUS_SLUGS } from '../statuses';
import type { Bookshelf, BookshelfItem } from '../types';
import { RatingStars } from './rating-stars';
import { SHELF_STATUSES, type ShelfStatus } from '../vocabulary';

const Heart = lucide(heartDrawing);

/** The same query string with some parameters changed (undefined removes one); the page always restarts at 1. */
export function withParams(search: string, changes: Record<string, string | undefined>): string {
  const params = new URLSearchParams(search);
  params.delete('pagina');
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return query ? `/estante?${query}` : '/estante';
}

/** Status tabs are links with counts (DESIGN.md: tabs are links); they keep the other filters. */
export function BookshelfTabs({ counts, current, search }: { counts: Bookshelf['counts']; current: ShelfStatus | undefined; search: string }) {
  const all = Object.values(counts).reduce((a, n) => a + n, 0);
  const tabs: Tab[] = [
    { to: withParams(search, { situacao: undefined }), label: `Todos (${formatNumber(all)})`, active: !current },
    ...SHELF_STATUSES.map((status) => ({
      to: withParams(search, { situacao: STATUS_SLUGS[status] }),
      label: `${STATUS_LABELS[status]} (${formatNumber(counts[status])})`,
      active: current === status,
    })),
  ];
  return <TabNav label="Situação" tabs={tabs} />;
}

function itemDates(item: BookshelfItem): string | null {
  if (item.finishedOn) return `Lido em ${formatDay(item.finishedOn)}`;
  if (item.startedOn) return `Começou em ${formatDay(item.startedOn)}`;
  return null;
}

/** The bulk form's checkbox for one book (a 44 px target, named after the book for screen readers). */
function SelectBox({ item }: { item: BookshelfItem }) {
  return (
    <label className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
      <input type="checkbox" name="entrada" value={item.id} aria-label={`Selecionar ${item.edition.title}`} className="size-5 accent-coral" />
    </label>
  );
}

function Facts({ item }: { item: BookshelfItem }) {
  return (
    <>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
        <span className="rounded-full border border-line px-2 py-0.5 text-ink">{STATUS_LABELS[item.status]}</span>
        {item.rating != null ? <RatingStars rating={item.rating} size={16} /> : null}
        {itemDates(item) ? <span>{itemDates(item)}</span> : null}
      </p>
      {item.progress != null ? <ProgressBar fraction={item.progress} label={`${wholePercent(item.progress)} lido`} className="max-w-xs" /> : null}
    </>
  );
}

function Title({ item }: { item: BookshelfItem }) {
  return (
    <>
      <Link to={`/ed/${item.edition.id}`} className="text-ink no-underline hover:underline">
        {item.edition.title}
      </Link>
      {item.favorite ? <Heart aria-label="Favorito" role="img" size={16} fill="currentColor" className="ml-2 inline text-coral" /> : null}
    </>
  );
}

export function BookshelfList({ items, selectable = false }: { items: BookshelfItem[]; selectable?: boolean }) {
  return (
    <ol className="flex flex-col divide-y divide-line">
      {items.map((item) => (
        <li key={item.edition.id} className="flex gap-3 py-4">
          {selectable ? <SelectBox item={item} /> : null}
          <Link to={`/ed/${item.edition.id}`} tabIndex={-1} aria-hidden="true">
            <EditionCover edition={item.edition} size="sm" />
          </Link>
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="font-serif text-lg font-semibold leading-snug">
              <Title item={item} />
            </h2>
            <p className="text-sm">
              <AuthorLinks authors={item.edition.authors} />
            </p>
            <Facts item={item} />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Covers first: the "grade" view. */
export function BookshelfGrid({ items, selectable = false }: { items: BookshelfItem[]; selectable?: boolean }) {
  return (
    <ol className="grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-5">
      {items.map((item) => (
        <li key={item.edition.id} className="flex flex-col gap-2">
          <Link to={`/ed/${item.edition.id}`} tabIndex={-1} aria-hidden="true" className="block">
            <EditionCover edition={item.edition} size="fill" />
          </Link>
          <div className="flex items-start gap-1">
            {selectable ? <SelectBox item={item} /> : null}
            <div className="flex min-w-0 flex-col gap-1 pt-2">
              <h2 className="font-serif font-semibold leading-snug">
                <Title item={item} />
              </h2>
              <Facts item={item} />
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function EmptyBookshelf({ status, filtered }: { status: ShelfStatus | undefined; filtered: boolean }) {
  const text = filtered
    ? 'Nenhum livro da sua estante com esses filtros.'
    : status
      ? `Nenhum livro como “${STATUS_LABELS[status]}” na sua estante.`
      : 'Sua estante está vazia. Busque um livro e escolha “Quero ler”, “Lendo” ou “Lido”.';
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center">
      <Foca mood="reading" size={120} />
      <p className="max-w-prose">{text}</p>
      {filtered ? (
        <Link to="/estante" className={buttonClass('secondary')}>
          Limpar filtros
        </Link>
      ) : (
        <Link to="/catalogo" className={buttonClass('primary')}>
          Buscar livros
        </Link>
      )}
    </div>
  );
}
