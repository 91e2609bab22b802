import type { Route } from './+types/catalogo';
import { CATALOG_CACHE_TAG } from '~/features/catalog/cache';
import { CatalogBrowse } from '~/features/catalog/components/catalog-browse';
import { CatalogSearchForm } from '~/features/catalog/components/search-form';
import { SearchResults } from '~/features/catalog/components/search-results';
import { countEditionsByGenre, listCatalogHighlights } from '~/features/catalog/queries.server';
import { loadSearchPage } from '~/features/catalog/search-page.server';
import { publicPageHeaders } from '~/server/cache-headers';

export const headers = publicPageHeaders([CATALOG_CACHE_TAG]);

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.params.q ? `“${data.params.q}” no catálogo · Maratona` : 'Catálogo de livros · Maratona' },
  { name: 'description', content: 'Busque livros em edições brasileiras por título, autor, editora ou ISBN, e navegue por gênero.' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const page = await loadSearchPage(new URL(request.url));
  if (page.results) return { ...page, browse: null };
  const [highlights, genreCounts] = await Promise.all([listCatalogHighlights(), countEditionsByGenre()]);
  return { ...page, browse: { ...highlights, genreCounts: Object.fromEntries(genreCounts) } };
}

export default function Catalogo({ loaderData }: Route.ComponentProps) {
  const { params, browse, results, closest, search } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="font-serif text-3xl font-bold">Catálogo</h1>
      <CatalogSearchForm action="/catalogo" params={params} />
      {browse ? <CatalogBrowse {...browse} /> : null}
      {results ? <SearchResults query={params.q} results={results} closest={closest} search={search} /> : null}
    </div>
  );
}
