import * as arrowLeftDrawing from 'lucide-react/icons/arrow-left';
import * as arrowRightDrawing from 'lucide-react/icons/arrow-right';
import { lucide } from '~/components/ui/icons';
import { Link } from '~/components/link';
import { formatNumber } from '~/lib/format';

const ArrowLeft = lucide(arrowLeftDrawing);
const ArrowRight = lucide(arrowRightDrawing);

/** Previous / next links that keep every other query parameter (the search and its filters). */
export function Pagination({ page, pageSize, total, search }: { page: number; pageSize: number; total: number; search: string }) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(search);
    if (n === 1) params.delete('pagina');
    else params.set('pagina', String(n));
    const query = params.toString();
    return query ? `?${query}` : '?';
  };
  return (
    <nav aria-label="Paginação" className="flex items-center justify-between gap-4 py-4">
      {page > 1 ? (
        <Link
          to={href(page - 1)}
          rel="prev"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line bg-surface px-4 py-2.5 font-medium no-underline"
        >
          <ArrowLeft size={16} />
          Anterior
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted">
        Página {formatNumber(page)} de {formatNumber(pages)}
      </span>
      {page < pages ? (
        <Link
          to={href(page + 1)}
          rel="next"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line bg-surface px-4 py-2.5 font-medium no-underline"
        >
          Próxima
          <ArrowRight size={16} />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
