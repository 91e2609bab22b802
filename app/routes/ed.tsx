import { Link } from '~/components/link';
import type { Route } from './+types/ed';
import { CATALOG_CACHE_TAG } from '~/features/catalog/cache';
import { CatalogSearchForm } from '~/features/catalog/components/search-form';
import { SearchResults } from '~/features/catalog/components/search-results';
import { loadSearchPage } from '~/features/catalog/search-page.server';
import { publicPageHeaders } from '~/server/cache-headers';

export const headers = publicPageHeaders([CATALOG_CACHE_TAG]);

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.params.q ? `Edições para “${data.params.q}” · Maratona` : 'Buscar edições · Maratona' },
  { name: 'description', content: 'Encontre a edição exata de um livro: por ISBN-10 ou ISBN-13, ASIN, título, autor ou editora.' },
];

export async function loader({ request }: Route.LoaderArgs) {
  return loadSearchPage(new URL(request.url));
}

export default function EditionSearch({ loaderData }: Route.ComponentProps) {
  const { params, results, closest, search } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="font-serif text-3xl font-bold">Buscar edições</h1>
      <p className="max-w-prose text-muted">
        Cada tradução, editora e formato de um livro é uma edição. Busque pelo ISBN (com ou sem hífens, de 10 ou 13 dígitos), pelo ASIN do Kindle ou pelo
        título. Para navegar por gênero, use o <Link to="/catalogo">catálogo</Link>.
      </p>
      <CatalogSearchForm action="/ed" params={params} />
      {results ? <SearchResults query={params.q} results={results} closest={closest} search={search} /> : null}
    </div>
  );
}
