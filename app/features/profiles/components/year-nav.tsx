import { Link } from '~/components/link';
import { formatNumber } from '~/lib/format';

/** Links to one year of a profile tab (`?ano=`), each with its count when it has one; the chosen one is current. */
export function YearNav({ years, current, href }: { years: { year: number; count?: number }[]; current: number; href: (year: number) => string }) {
  return (
    <nav aria-label="Ano" className="flex flex-wrap gap-2">
      {years.map(({ year, count }) => (
        <Link
          key={year}
          to={href(year)}
          aria-current={year === current ? 'page' : undefined}
          className={`inline-flex min-h-11 items-center rounded-full border px-3 text-sm font-medium no-underline ${year === current ? 'border-coral bg-surface text-ink' : 'border-line text-muted hover:text-ink'}`}
        >
          {year}
          {count != null ? ` (${formatNumber(count)})` : null}
        </Link>
      ))}
    </nav>
  );
}
