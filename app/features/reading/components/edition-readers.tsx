import { Pagination } from '~/components/ui/pagination';
import { ReaderAvatarLink, ReaderLink } from '~/features/profiles/components/reader-link';
import { STATUS_LABELS } from '../statuses';
import type { EditionReader, Paged } from '../types';
import { RatingStars } from './rating-stars';

/** The edition's `leitores` tab: readers with it on their bookshelf whose profile the viewer may see. */
export function EditionReaders({ title, readers, search }: { title: string; readers: Paged<EditionReader>; search: string }) {
  return (
    <section aria-labelledby="leitores" className="flex flex-col gap-3">
      <h2 id="leitores" className="font-serif text-xl font-semibold">
        Leitores de {title}
      </h2>
      {readers.items.length > 0 ? (
        <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface">
          {readers.items.map((reader) => (
            <li key={reader.username} className="flex flex-wrap items-center gap-3 p-3">
              <ReaderAvatarLink reader={reader} size={40} />
              <span className="flex flex-col">
                <ReaderLink reader={reader} className="font-semibold" />
                <span className="text-sm text-muted">@{reader.username}</span>
              </span>
              <span className="ml-auto flex items-center gap-3">
                {reader.rating != null ? <RatingStars rating={reader.rating} size={16} /> : null}
                <span className="rounded-full border border-line px-2 py-0.5 text-sm">{STATUS_LABELS[reader.status]}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">Nenhum leitor com perfil visível tem esta edição na estante ainda. Que tal ser o primeiro? Adicione-a pela aba Sobre.</p>
      )}
      <Pagination page={readers.page} pageSize={readers.pageSize} total={readers.total} search={search} />
    </section>
  );
}
