import { BookCoverLink, BookTitle } from '~/features/catalog/components/book-heading';
import { RatingStars } from '~/features/reading/components/rating-stars';
import { formatDay } from '~/lib/format';
import type { TabData } from '../types';
import { YearNav } from './year-nav';

/** Books read, by year of finish: a link per year (with its count), the chosen year's books newest first. */
export function FinishedTab({ data, username }: { data: Extract<TabData, { tab: 'lidos' }>; username: string }) {
  if (data.year == null) return <p className="text-muted">Nenhum livro lido registrado ainda.</p>;
  return (
    <div className="flex flex-col gap-4">
      <YearNav years={data.years} current={data.year} href={(year) => `/u/${username}/lidos?ano=${year}`} />
      <h2 className="font-serif text-xl font-bold">Lidos em {data.year}</h2>
      <ol className="flex flex-col divide-y divide-line">
        {data.readings.map((reading, index) => (
          <li key={`${reading.edition.id}-${reading.finishedOn}-${index}`} className="flex gap-3 py-3">
            <BookCoverLink edition={reading.edition} />
            <div className="flex min-w-0 flex-col gap-1">
              <BookTitle edition={reading.edition} level={3} className="font-serif text-lg font-semibold leading-snug" withAuthors />
              <p className="flex flex-wrap items-center gap-3 text-sm text-muted">
                <span>Terminado em {formatDay(reading.finishedOn)}</span>
                {reading.rating != null ? <RatingStars rating={reading.rating} size={16} /> : null}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
