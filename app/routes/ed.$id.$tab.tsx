import { data, redirect } from 'react-router';
import type { Route } from './+types/ed.$id.$tab';
import { EditionAtts } from '~/features/atts/components/edition-atts';
import { loadEditionAtts } from '~/features/atts/edition-tab.server';
import { EditionList } from '~/features/catalog/components/edition-list';
import { EditionPage } from '~/features/catalog/components/edition-page';
import { loadEditionOr404 } from '~/features/catalog/edition-page.server';
import { listWorkEditions } from '~/features/catalog/queries.server';
import { editionMeta } from '~/features/catalog/seo';
import { readerCacheTags } from '~/features/profiles/cache';
import { editionStatsCacheHeaders as statsCacheHeaders } from '~/features/reading/stats/cache';
import { EditionStatsView } from '~/features/reading/components/edition-stats';
import { editionStats } from '~/features/reading/stats/stats.server';
import { EditionReaders } from '~/features/reading/components/edition-readers';
import { EditionReviews } from '~/features/reading/components/edition-reviews';
import { listEditionReviews } from '~/features/reading/reviews/queries.server';
import { listEditionReaders } from '~/features/reading/shelves/queries.server';
import { shelvesPageParams } from '~/features/reading/shelves/validation';
import { publicPageHeadersFromLoader, withCacheTags } from '~/server/cache-headers';
import { getViewer } from '~/server/viewer.server';

export const headers = publicPageHeadersFromLoader;

/** The tabs that exist; the reading issue adds resenhas, atts, leitores and estatisticas. */
const TABS = ['edicoes', 'resenhas', 'leitores', 'atts', 'estatisticas'] as const;
const TAB_TITLES: Record<(typeof TABS)[number], string> = {
  edicoes: 'Edições',
  resenhas: 'Resenhas',
  leitores: 'Leitores',
  atts: 'Atts',
  estatisticas: 'Estatísticas',
};

export const meta: Route.MetaFunction = ({ data }) =>
  data ? editionMeta(data.edition, data.origin, ` · ${TAB_TITLES[data.tab]}`) : [{ title: 'Página não encontrada · Maratona' }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.tab === 'sobre') throw redirect(`/ed/${params.id}`, 308);
  const tab = TABS.find((t) => t === params.tab);
  if (!tab) throw data(null, { status: 404 });
  const { edition, origin, cacheHeaders } = await loadEditionOr404(params.id, tab);
  const none = { editions: [], reviews: null, readers: null, stats: null, atts: null, search: '' };
  if (tab === 'estatisticas') {
    const stats = await editionStats(edition.id);
    return data({ ...none, tab, edition, origin, stats }, { headers: statsCacheHeaders(edition.id) });
  }
  // The atts, reviews and readers tabs also carry a tag per reader they show, so whatever hides that reader's
  // things (restricted, suspended, deleted, moderation, a review made private) drops them (decision 0036).
  if (tab === 'atts') {
    const { cacheTag, ...atts } = await loadEditionAtts(await getViewer({ request, context }), request, edition.id);
    return data(
      { ...none, tab, edition, origin, atts },
      { headers: withCacheTags(cacheHeaders, [cacheTag, ...readerCacheTags(atts.page.items.map((att) => att.author.id))]) },
    );
  }
  const url = new URL(request.url);
  const { pagina } = shelvesPageParams.parse(Object.fromEntries(url.searchParams));
  // Visitors get the cached page; a signed-in reader's copy is private (root middleware) and shows what they may see.
  const viewer = tab === 'edicoes' ? null : await getViewer({ request, context });
  const [editions, reviews, readers] = await Promise.all([
    tab === 'edicoes' ? listWorkEditions(edition.workId) : [],
    tab === 'resenhas' ? listEditionReviews(viewer, edition.id, pagina) : null,
    tab === 'leitores' ? listEditionReaders(viewer, edition.id, pagina) : null,
  ]);
  const shown = [...(reviews?.items.map((review) => review.author.id) ?? []), ...(readers?.items.map((reader) => reader.id) ?? [])];
  return data(
    { ...none, tab, edition, origin, editions, reviews, readers, search: url.search },
    { headers: withCacheTags(cacheHeaders, readerCacheTags(shown)) },
  );
}

export default function EditionTab({ loaderData }: Route.ComponentProps) {
  const { edition, editions, reviews, readers, stats, atts, search } = loaderData;
  return (
    <EditionPage edition={edition}>
      {reviews ? <EditionReviews title={edition.title} reviews={reviews} search={search} /> : null}
      {readers ? <EditionReaders title={edition.title} readers={readers} search={search} /> : null}
      {stats ? <EditionStatsView title={edition.title} stats={stats} /> : null}
      {atts ? <EditionAtts editionId={edition.id} title={edition.title} page={atts.page} signedIn={atts.signedIn} /> : null}
      {loaderData.tab === 'edicoes' ? (
        <section aria-labelledby="outras-edicoes">
          <h2 id="outras-edicoes" className="font-serif text-xl font-semibold">
            Edições de {edition.title}
          </h2>
          <p className="text-sm text-muted">Traduções, editoras e formatos da mesma obra, as mais lidas primeiro.</p>
          <EditionList editions={editions} />
        </section>
      ) : null}
    </EditionPage>
  );
}
