import { data, redirect } from 'react-router';
import type { Route } from './+types/ed.$id.$tab';
import { EditionList } from '~/features/catalog/components/edition-list';
import { EditionPage } from '~/features/catalog/components/edition-page';
import { loadEditionOr404 } from '~/features/catalog/edition-page.server';
import { listWorkEditions } from '~/features/catalog/queries.server';
import { editionMeta } from '~/features/catalog/seo';
import { editionStatsCacheHeaders as statsCacheHeaders } from '~/features/reading/stats-cache';
import { EditionStatsView } from '~/features/reading/components/edition-stats';
import { editionStats } from '~/features/reading/stats.server';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';

export const headers = publicPageHeadersFromLoader;

/** The tabs that exist; the reading issue adds resenhas, atts, leitores and estatisticas. */
const TABS = ['edicoes', 'estatisticas'] as const;

export const meta: Route.MetaFunction = ({ data }) => (data ? editionMeta(data.edition, data.origin, data.stats ? ' · Estatísticas' : ' · Edições') : [{ title: 'Página não encontrada — Maratona' }]);

export async function loader({ params }: Route.LoaderArgs) {
  if (params.tab === 'sobre') throw redirect(`/ed/${params.id}`, 308);
  if (!(TABS as readonly string[]).includes(params.tab)) throw data(null, { status: 404 });
  const { edition, origin, cacheHeaders } = await loadEditionOr404(params.id, params.tab);
  if (params.tab === 'estatisticas') {
    const stats = await editionStats(edition.id);
    return data({ edition, origin, editions: [], stats }, { headers: statsCacheHeaders(edition.id) });
  }
  const editions = await listWorkEditions(edition.workId);
  return data({ edition, origin, editions, stats: null }, { headers: cacheHeaders });
}

export default function EditionTab({ loaderData }: Route.ComponentProps) {
  const { edition, editions, stats } = loaderData;
  if (stats) {
    return (
      <EditionPage edition={edition}>
        <EditionStatsView title={edition.title} stats={stats} />
      </EditionPage>
    );
  }
  return (
    <EditionPage edition={edition}>
      <section aria-labelledby="outras-edicoes">
        <h2 id="outras-edicoes" className="font-serif text-xl font-semibold">
          Edições de {edition.title}
        </h2>
        <p className="text-sm text-muted">Traduções, editoras e formatos da mesma obra, as mais lidas primeiro.</p>
        <EditionList editions={editions} />
      </section>
    </EditionPage>
  );
}
