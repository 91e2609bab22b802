import { data } from 'react-router';
import type { Route } from './+types/f';
import { Link } from '~/components/link';
import { FOCUS_RANKING_CACHE_TAG } from '~/features/focus/cache';
import { FocusRankingTable } from '~/features/focus/components/focus-ranking-table';
import { listTopFocusPlayers } from '~/features/focus/ranking.server';
import type { FocusRankingRow } from '~/features/focus/types';
import { readerCacheTags } from '~/features/profiles/cache';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { getViewer } from '~/server/viewer.server';

/** Visitors get the cached page, dropped when a session credits minutes or a reader it lists changes (decision 0084). */
export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = () => [{ title: 'Destaques da Foca · Maratona' }];

/** /f, the foca's top players (PRODUCT.md §J): the first readers of this week and of all time, as the global ranking shows them. */
export async function loader(args: Route.LoaderArgs) {
  const top = await listTopFocusPlayers(await getViewer(args));
  const tags = [FOCUS_RANKING_CACHE_TAG, ...readerCacheTags([...top.week, ...top.allTime].map((row) => row.userId))];
  return data(top, { headers: { 'X-Cache-Tags': tags.join(',') } });
}

function TopList({ id, title, rows, empty, more }: { id: string; title: string; rows: FocusRankingRow[]; empty: string; more: { to: string; label: string } }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={id} className="font-serif text-xl font-semibold">
          {title}
        </h2>
        <Link to={more.to}>{more.label}</Link>
      </div>
      {rows.length ? <FocusRankingTable rows={rows} me={null} caption={title} /> : <p className="text-muted">{empty}</p>}
    </section>
  );
}

const LISTS = [
  {
    id: 'destaques-semana',
    period: 'week',
    title: 'Nesta semana',
    empty: 'Ninguém tem minutos nesta semana ainda.',
    more: { to: '/foca/ranking', label: 'Ranking da semana' },
  },
  {
    id: 'destaques-geral',
    period: 'allTime',
    title: 'Desde sempre',
    empty: 'Ninguém tem minutos ainda.',
    more: { to: '/foca/ranking?periodo=geral', label: 'Ranking geral' },
  },
] as const;

export default function TopPlayersPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="font-serif text-3xl font-bold">Destaques da Foca</h1>
        <p className="text-muted">
          Quem mais leu com foco, em minutos das sessões encerradas. <Link to="/foca">Comece a sua sessão</Link>.
        </p>
      </header>
      {LISTS.map((list) => (
        <TopList key={list.id} {...list} rows={loaderData[list.period]} />
      ))}
    </div>
  );
}
