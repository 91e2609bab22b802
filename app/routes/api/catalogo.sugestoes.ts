import type { Route } from './+types/catalogo.sugestoes';
import { suggestEditions } from '~/features/catalog/search.server';
import { catalogSearchParams } from '~/features/catalog/validation';

/** The header typeahead: a few editions for what has been typed so far. Public, briefly cacheable. */
export async function loader({ request }: Route.LoaderArgs) {
  const { q } = catalogSearchParams.pick({ q: true }).parse(Object.fromEntries(new URL(request.url).searchParams));
  const editions = await suggestEditions(q);
  const suggestions = editions.map((e) => ({ id: e.id, title: e.title, authors: e.authors.map((a) => a.name).join(', '), year: e.year }));
  return Response.json({ suggestions }, { headers: { 'Cache-Control': 'public, max-age=60' } });
}
