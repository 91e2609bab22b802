import { Pagination } from '~/components/ui/pagination';
import { BookCoverLink, BookTitle } from '~/features/catalog/components/book-heading';
import { RatingStars } from '~/features/reading/components/rating-stars';
import { formatDay } from '~/lib/format';
import type { TabData } from '../types';
import { UNDATED } from '../validation';
import { YearNav } from './year-nav';

/**
 * Books read, by year of finish: a link per year (with its count) and "Sem data" after them for the books read
 * on unknown dates; the chosen group's books, a year's newest first, the undated ones by title.
 */
export function FinishedTab({ data, username, search }: { data: Extract<TabData, { tab: 'lidos' }>; username: string; search: string }) {
  if (data.year == null) return <p className="text-muted">Nenhum livro lido registrado ainda.</p>;
  const undated = data.year === UNDATED;
  const choices = [
    ...data.years.map(({ year, count }) => ({ value: year, count })),
    ...(data.undated > 0 ? [{ value: UNDATED, label: 'Sem data', count: data.undated }] : []),
  ];
  return (
    <div className="flex flex-col gap-4">
      <YearNav years={choices} current={data.year} href={(value) => `/u/${username}/lidos?ano=${value}`} />
      <h2 className="font-serif text-xl font-bold">{undated ? 'Lidos sem data' : `Lidos em ${data.year}`}</h2>
      {undated ? <p className="text-sm text-muted">Livros marcados como lidos sem a data em que foram terminados, como os que vêm de uma importação.</p> : null}
      <ol className="flex flex-col divide-y divide-line">
        {data.readings.map((reading, index) => (
          <li key={`${reading.edition.id}-${reading.finishedOn ?? ''}-${index}`} className="flex gap-3 py-3">
            <BookCoverLink edition={reading.edition} />
            <div className="flex min-w-0 flex-col gap-1">
              <BookTitle edition={reading.edition} level={3} className="font-serif text-lg font-semibold leading-snug" withAuthors />
              <p className="flex flex-wrap items-center gap-3 text-sm text-muted">
                {reading.finishedOn ? <span>Terminado em {formatDay(reading.finishedOn)}</span> : null}
                {reading.rating != null ? <RatingStars rating={reading.rating} size={16} /> : null}
              </p>
            </div>
          </li>
        ))}
      </ol>
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} search={search} />
    </div>
  );
}
