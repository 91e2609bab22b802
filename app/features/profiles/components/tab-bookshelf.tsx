import { Link } from '~/components/link';
import { Pagination } from '~/components/ui/pagination';
import { BookshelfList } from '~/features/reading/components/bookshelf-view';
import { STATUS_LABELS, STATUS_SLUGS } from '~/features/reading/statuses';
import { formatNumber } from '~/lib/format';
import type { TabData } from '../types';
import { SHELF_STATUSES } from '~/features/reading/vocabulary';

type Data = Extract<TabData, { tab: 'estante' }>;

/** Someone's bookshelf, read-only, filtered by status through links. */
export function BookshelfTab({ data, username, search }: { data: Data; username: string; search: string }) {
  const all = Object.values(data.counts).reduce((a, n) => a + n, 0);
  const base = `/u/${username}/estante`;
  const filters = [
    { to: base, label: `Todos (${formatNumber(all)})`, active: !data.status },
    ...SHELF_STATUSES.flatMap((status) => {
      const count = data.counts[status];
      return count == null
        ? []
        : [{ to: `${base}?situacao=${STATUS_SLUGS[status]}`, label: `${STATUS_LABELS[status]} (${formatNumber(count)})`, active: data.status === status }];
    }),
  ];
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Situação" className="flex flex-wrap gap-2">
        {filters.map((filter) => (
          <Link
            key={filter.to}
            to={filter.to}
            aria-current={filter.active ? 'page' : undefined}
            className={`inline-flex min-h-11 items-center rounded-full border px-3 text-sm font-medium no-underline ${filter.active ? 'border-coral bg-surface text-ink' : 'border-line text-muted hover:text-ink'}`}
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      {data.items.length > 0 ? (
        <BookshelfList items={data.items} />
      ) : (
        <p className="text-muted">{data.status ? `Nenhum livro como “${STATUS_LABELS[data.status]}”.` : 'A estante ainda está vazia.'}</p>
      )}
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} search={search} />
    </div>
  );
}
