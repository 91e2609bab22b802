import { data } from 'react-router';
import type { Route } from './+types/foca.ranking';
import { Link } from '~/components/link';
import { Foca } from '~/components/ui/foca';
import { Pagination } from '~/components/ui/pagination';
import { TabNav } from '~/components/ui/tab-nav';
import { FOCUS_RANKING_CACHE_TAG } from '~/features/focus/cache';
import { FocusRankingTable } from '~/features/focus/components/focus-ranking-table';
import { getFollowingFocusRanking, getGlobalFocusRanking } from '~/features/focus/ranking.server';
import { focusRankingQuery } from '~/features/focus/validation';
import { FOCUS_PERIOD_WORDS, FOCUS_PERIODS, type FocusPeriod } from '~/features/focus/vocabulary';
import { readerCacheTags } from '~/features/profiles/cache';
import { formatNumber } from '~/lib/format';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { getViewer, requireViewer } from '~/server/viewer.server';

/** Visitors get the cached global ranking, dropped when a session credits minutes or a reader it lists changes (decision 0084). */
export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = () => [{ title: 'Ranking da Foca · Maratona' }];

/**
 * The focus ranking (PRODUCT.md §J): minutes of closed sessions this week (from Monday 00:00 in São Paulo), this
 * month or all time; everyone the viewer may see, or only the people they follow (signed in). 50 a page, the
 * viewer's own place wherever it falls.
 */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const query = focusRankingQuery.parse(Object.fromEntries(url.searchParams));
  const viewer = query.following ? await requireViewer(args) : await getViewer(args);
  const options = { period: query.period, page: query.page };
  const ranking = viewer && query.following ? await getFollowingFocusRanking(viewer, options) : await getGlobalFocusRanking(viewer, options);
  const tags = [FOCUS_RANKING_CACHE_TAG, ...readerCacheTags(ranking.rows.map((row) => row.userId))];
  return data(
    { ranking, period: query.period, following: query.following, signedIn: viewer !== null, search: url.search },
    { headers: { 'X-Cache-Tags': tags.join(',') } },
  );
}

const href = (period: FocusPeriod, following: boolean) => {
  const params = new URLSearchParams();
  if (period !== 'week') params.set('periodo', FOCUS_PERIOD_WORDS[period].param);
  if (following) params.set('entre', 'seguindo');
  const query = params.toString();
  return query ? `/foca/ranking?${query}` : '/foca/ranking';
};

export default function FocaRankingPage({ loaderData }: Route.ComponentProps) {
  const { ranking, period, following, signedIn, search } = loaderData;
  const words = FOCUS_PERIOD_WORDS[period];
  const who = following ? 'entre quem você segue' : 'entre todos';
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h1 className="font-serif text-3xl font-bold">Ranking da Foca</h1>
        <p className="text-muted">
          Minutos de foco das sessões encerradas; a semana começa na segunda-feira, 0h de Brasília. No empate, fica à frente quem chegou primeiro.
        </p>
      </header>
      <TabNav label="Período" tabs={FOCUS_PERIODS.map((p) => ({ to: href(p, following), label: FOCUS_PERIOD_WORDS[p].label, active: p === period }))} />
      <TabNav
        label="De quem"
        tabs={[
          { to: href(period, false), label: 'Todos', active: !following },
          { to: href(period, true), label: 'Seguindo', active: following },
        ]}
      />
      {ranking.me ? (
        <p className="rounded-lg border border-line bg-surface p-3">
          Você: <strong>{formatNumber(ranking.me.position)}º</strong> · {formatNumber(ranking.me.minutes)} min
        </p>
      ) : signedIn ? (
        <p className="text-muted">
          Você ainda não tem minutos {words.caption}. <Link to="/foca">Comece uma sessão de foco</Link>.
        </p>
      ) : null}
      {ranking.rows.length ? (
        <>
          <FocusRankingTable rows={ranking.rows} me={ranking.me} caption={`Ranking de minutos de foco ${words.caption}, ${who}`} />
          <Pagination page={ranking.page} pageSize={ranking.pageSize} total={ranking.total} search={search} />
        </>
      ) : (
        <div className="flex flex-col items-center gap-2 py-8 text-center">
          <Foca mood="sleeping" size={96} />
          <p className="text-muted" role="status">
            {following ? `Ninguém que você segue tem minutos ${words.caption}.` : `Ninguém tem minutos ${words.caption} ainda.`}{' '}
            <Link to="/foca">Comece uma sessão de foco</Link>.
          </p>
        </div>
      )}
    </div>
  );
}
