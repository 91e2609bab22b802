import { Link } from '~/components/link';
import { Foca } from '~/components/ui/foca';
import { Pagination } from '~/components/ui/pagination';
import { formatNumber } from '~/lib/format';
import type { EditionCard, SearchPage } from '../types';
import { EditionList } from './edition-list';

export function SearchResults({ query, results, closest, search }: { query: string; results: SearchPage; closest: EditionCard[]; search: string }) {
  if (results.total === 0) {
    return (
      <section aria-labelledby="sem-resultados" className="flex flex-col gap-4">
        <div className="flex flex-col items-center gap-3 py-6 text-center">
          <Foca mood="curious" size={110} />
          <h2 id="sem-resultados" className="font-serif text-xl font-semibold">
            {query ? `Nenhum livro encontrado para “${query}”` : 'Nenhum livro com esses filtros'}
          </h2>
          <p className="max-w-md text-muted">Confira a grafia, busque só pelo sobrenome do autor ou pelo ISBN, ou tire algum filtro.</p>
          <p className="max-w-md">
            Não está no catálogo?{' '}
            <Link to={`/catalogo/solicitar?tipo=nova-edicao${query ? `&titulo=${encodeURIComponent(query)}` : ''}`}>Pedir a inclusão deste livro</Link>
          </p>
        </div>
        {closest.length > 0 ? (
          <div>
            <h3 className="font-semibold">Talvez você procure</h3>
            <EditionList editions={closest} />
          </div>
        ) : null}
      </section>
    );
  }
  const first = (results.page - 1) * results.pageSize + 1;
  return (
    <section aria-labelledby="resultados" className="flex flex-col">
      <h2 id="resultados" className="text-sm text-muted" aria-live="polite">
        {results.totalCapped ? 'mais de ' : ''}
        {formatNumber(results.total)} {results.total === 1 ? 'livro encontrado' : 'livros encontrados'}
        {results.items.length > 0 && results.total > results.pageSize ? ` · ${formatNumber(first)}–${formatNumber(first + results.items.length - 1)}` : ''}
      </h2>
      {results.items.length > 0 ? (
        <EditionList editions={results.items} start={first} />
      ) : (
        <p className="py-6 text-muted">
          Esta página não existe mais. <Link to="?">Volte para a primeira.</Link>
        </p>
      )}
      <Pagination page={results.page} pageSize={results.pageSize} total={results.total} search={search} />
    </section>
  );
}
