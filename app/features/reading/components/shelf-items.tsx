import * as arrowDownDrawing from 'lucide-react/icons/arrow-down';
import * as arrowUpDrawing from 'lucide-react/icons/arrow-up';
import { lucide } from '~/components/ui/icons';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { SelectField } from '~/components/ui/field';
import { BookCoverLink, BookTitle } from '~/features/catalog/components/book-heading';
import { STATUS_LABELS } from '../statuses';
import type { ShelfItem } from '../types';
import { RatingStars } from './rating-stars';
import { usePosting } from './use-posting';

const ArrowDown = lucide(arrowDownDrawing);
const ArrowUp = lucide(arrowUpDrawing);

/** One small POST form per control, so ordering works without JavaScript. */
function ItemButton({
  intent,
  entryId,
  label,
  children,
  disabled,
}: {
  intent: string;
  entryId: string;
  label: string;
  children: ReactNode;
  disabled: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="entry" value={entryId} />
      <Button type="submit" variant="secondary" aria-label={label} title={label} disabled={disabled} className="px-3">
        {children}
      </Button>
    </Form>
  );
}

/** The books of a custom shelf in the owner's order; the owner also gets move up/down and "Tirar". */
export function ShelfItems({
  items,
  owner,
  firstPosition,
  lastPosition,
}: {
  items: ShelfItem[];
  owner: boolean;
  firstPosition: number | null;
  lastPosition: number | null;
}) {
  const busy = usePosting();
  return (
    <ol className="flex flex-col divide-y divide-line">
      {items.map((item) => (
        <li key={item.entryId} className="flex flex-wrap gap-4 py-4 sm:flex-nowrap">
          <BookCoverLink edition={item.edition} />
          <div className="flex min-w-0 flex-1 basis-52 flex-col gap-1">
            <BookTitle edition={item.edition} level={2} className="font-serif text-lg font-semibold leading-snug" withAuthors />
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
              {item.status ? <span className="rounded-full border border-line px-2 py-0.5 text-ink">{STATUS_LABELS[item.status]}</span> : null}
              {item.rating != null ? <RatingStars rating={item.rating} size={16} /> : null}
            </p>
          </div>
          {owner ? (
            <div className="flex items-start gap-2 max-sm:pl-20">
              <ItemButton intent="subir" entryId={item.entryId} label={`Subir “${item.edition.title}”`} disabled={busy || item.position === firstPosition}>
                <ArrowUp aria-hidden="true" size={18} />
              </ItemButton>
              <ItemButton intent="descer" entryId={item.entryId} label={`Descer “${item.edition.title}”`} disabled={busy || item.position === lastPosition}>
                <ArrowDown aria-hidden="true" size={18} />
              </ItemButton>
              <ItemButton intent="tirar" entryId={item.entryId} label={`Tirar “${item.edition.title}” da estante`} disabled={busy}>
                Tirar
              </ItemButton>
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The owner's "Adicionar um livro": their most recent bookshelf entries not yet on this shelf. */
export function AddShelfItem({ entries }: { entries: { id: string; title: string }[] }) {
  const busy = usePosting();
  if (entries.length === 0) {
    return <p className="text-sm text-muted">Todos os livros da sua estante já estão aqui. Adicione outros pela página de cada livro.</p>;
  }
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="adicionar" />
      <div className="min-w-0 max-w-full">
        <SelectField id="adicionar-livro" name="entry" label="Adicionar um livro da sua estante">
          {entries.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.title}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" variant="secondary" disabled={busy}>
        Adicionar
      </Button>
    </Form>
  );
}
