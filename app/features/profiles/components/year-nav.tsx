import { Link } from '~/components/link';
import { formatNumber } from '~/lib/format';

/** A choice of the nav: a year, or a word of `?ano=` with its label ("Sem data", "Todo o período"). */
export type YearChoice = { value: number | string; label?: string; count?: number };

/** Links to one year of a profile tab (`?ano=`), each with its count when it has one; the chosen one is current. */
export function YearNav({ years, current, href }: { years: YearChoice[]; current: number | string; href: (value: number | string) => string }) {
  return (
    <nav aria-label="Ano" className="flex flex-wrap gap-2">
      {years.map(({ value, label, count }) => (
        <Link
          key={value}
          to={href(value)}
          aria-current={value === current ? 'page' : undefined}
          className={`inline-flex min-h-11 items-center rounded-full border px-3 text-sm font-medium no-underline ${value === current ? 'border-coral bg-surface text-ink' : 'border-line text-muted hover:text-ink'}`}
        >
          {label ?? value}
          {count != null ? ` (${formatNumber(count)})` : null}
        </Link>
      ))}
    </nav>
  );
}
