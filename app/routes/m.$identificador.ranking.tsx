import { useLocation } from 'react-router';
import type { Route } from './+types/m.$identificador.ranking';
import { Link } from '~/components/link';
import { Pagination } from '~/components/ui/pagination';
import { MarathonHeader } from '~/features/marathons/components/marathon-header';
import { RankingTable, TeamRankingTable } from '~/features/marathons/components/ranking-table';
import { loadMarathonForRoute } from '~/features/marathons/page.server';
import { getRanking } from '~/features/marathons/ranking.server';
import { rankingQuery } from '~/features/marathons/validation';
import { getViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `Ranking · ${data.marathon.name} · Maratona` }] : [{ title: 'Maratona não encontrada · Maratona' }];

/**
 * The ranking: participants by points (ties to who got there first), 100 a page, the viewer's row wherever it falls;
 * by team in teams mode; one level at a time in levels mode (`?nivel=`). Scores move all the time, so the page is
 * never kept in the visitors' cache: it is built cheap instead (a walk of the ranking's index; decision 0077).
 */
export async function loader(args: Route.LoaderArgs) {
  const marathon = await loadMarathonForRoute(args);
  const query = rankingQuery.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const level = marathon.mode === 'levels' && query.nivel ? (marathon.groups[query.nivel - 1] ?? null) : null;
  const ranking = await getRanking(await getViewer(args), marathon.id, { page: query.pagina, levelId: level?.id ?? null });
  return { marathon, ranking, level: level ? { number: query.nivel, name: level.name } : null };
}

const pill = (active: boolean) =>
  `inline-flex min-h-11 items-center rounded-full border px-4 no-underline ${active ? 'border-mar bg-mar text-on-mar' : 'border-line bg-surface text-ink'}`;

export default function MarathonRankingPage({ loaderData }: Route.ComponentProps) {
  const { marathon, ranking, level } = loaderData;
  const location = useLocation();
  const base = `/m/${marathon.slug}/ranking`;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <MarathonHeader marathon={marathon} current="ranking" />
      <p className="text-sm text-muted">Pontos dos desafios feitos; no empate, fica à frente quem chegou primeiro à pontuação.</p>
      {ranking.teams.length ? (
        <section aria-labelledby="equipes" className="flex flex-col gap-3">
          <h2 id="equipes" className="font-serif text-xl font-semibold">
            Equipes
          </h2>
          <TeamRankingTable teams={ranking.teams} />
        </section>
      ) : null}
      <section aria-labelledby="individual" className="flex flex-col gap-3">
        <h2 id="individual" className="font-serif text-xl font-semibold">
          {level ? `Individual · ${level.name}` : 'Individual'}
        </h2>
        {marathon.mode === 'levels' ? (
          <nav aria-label="Filtrar por nível" className="flex flex-wrap gap-2">
            <Link to={base} aria-current={!level ? 'true' : undefined} className={pill(!level)}>
              Todos os níveis
            </Link>
            {marathon.groups.map((group, i) => (
              <Link
                key={group.id}
                to={`${base}?nivel=${i + 1}`}
                aria-current={level?.number === i + 1 ? 'true' : undefined}
                className={pill(level?.number === i + 1)}
              >
                {group.name}
              </Link>
            ))}
          </nav>
        ) : null}
        {ranking.rows.length || ranking.me ? (
          <RankingTable rows={ranking.rows} me={ranking.me} caption={level ? `Ranking do nível ${level.name}` : 'Ranking individual'} />
        ) : (
          <p>{ranking.page > 1 ? 'Esta página do ranking está vazia.' : 'Ninguém no ranking ainda.'}</p>
        )}
        <Pagination page={ranking.page} pageSize={ranking.pageSize} total={ranking.total} search={location.search} />
      </section>
    </div>
  );
}
