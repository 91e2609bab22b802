import { listClosestEditions, searchEditions } from './search.server';
import type { EditionCard, SearchPage } from './types';
import { type CatalogSearchParams, parseCatalogSearch, toFilters } from './validation';

export type SearchPageData = { params: CatalogSearchParams; search: string; results: SearchPage | null; closest: EditionCard[] };

/** What /catalogo and /ed show for a query string; null results when there is nothing to search for. */
export async function loadSearchPage(url: URL): Promise<SearchPageData> {
  const params = parseCatalogSearch(url);
  const filters = toFilters(params);
  if (!params.q && !filters.format && !filters.language && !filters.genre) return { params, search: url.search, results: null, closest: [] };
  const results = await searchEditions(params.q, filters, params.pagina);
  const closest = results.total === 0 && params.q ? await listClosestEditions(params.q) : [];
  return { params, search: url.search, results, closest };
}
