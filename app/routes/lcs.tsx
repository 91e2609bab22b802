import { data } from 'react-router';
import type { Route } from './+types/lcs';
import { Link } from '~/components/link';
import { ButtonLink } from '~/components/ui/button';
import { Pagination } from '~/components/ui/pagination';
import { TabNav } from '~/components/ui/tab-nav';
import { GROUP_READS_CACHE_TAG } from '~/features/lcs/cache';
import { GroupReadList } from '~/features/lcs/components/group-read-list';
import { listDirectoryClubs, listGroupReadDirectory } from '~/features/lcs/queries.server';
import { groupReadDirectoryQuery } from '~/features/lcs/validation';
import { GROUP_READ_PHASES, type GroupReadPhase } from '~/features/lcs/vocabulary';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { getViewer } from '~/server/viewer.server';
import { DirectoryFilter, DirectorySearch } from '~/components/ui/directory-search';

export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = () => [
  { title: 'LCs: leituras conjuntas · Maratona' },
  { name: 'description', content: 'Encontre leituras conjuntas (LCs) no Maratona: leia junto, no mesmo ritmo, com um cronograma por etapas.' },
];

const PHASE_TABS: Record<GroupReadPhase, string> = { aberta: 'Abertas', 'em-andamento': 'Em andamento', encerrada: 'Encerradas' };

/** The directory: public LCs by phase, searched by title without accents, by the club that hosts them. */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const query = groupReadDirectoryQuery.parse(Object.fromEntries(url.searchParams));
  const viewer = await getViewer(args);
  const [directory, clubs] = await Promise.all([listGroupReadDirectory(viewer, query), listDirectoryClubs()]);
  return data({ directory, clubs, query, search: url.search }, { headers: { 'X-Cache-Tags': GROUP_READS_CACHE_TAG } });
}

export default function GroupReadsPage({ loaderData }: Route.ComponentProps) {
  const { directory, clubs, query } = loaderData;
  const keep = (fase: GroupReadPhase) => {
    const params = new URLSearchParams();
    if (fase !== 'aberta') params.set('fase', fase);
    if (query.q) params.set('q', query.q);
    if (query.clube) params.set('clube', query.clube);
    const search = params.toString();
    return search ? `/lcs?${search}` : '/lcs';
  };
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">LCs</h1>
        <ButtonLink to="/criar/lc" variant="accent">
          Criar LC
        </ButtonLink>
      </div>
      <TabNav label="Fases das LCs" tabs={GROUP_READ_PHASES.map((fase) => ({ to: keep(fase), label: PHASE_TABS[fase], active: query.fase === fase }))} />
      <DirectorySearch label="Buscar LCs" q={query.q} kept={query.fase !== 'aberta' ? { fase: query.fase } : {}}>
        {clubs.length ? (
          <DirectoryFilter
            label="Clube"
            name="clube"
            value={query.clube ?? ''}
            options={[['', 'Todos'], ...clubs.map((club) => [club.slug, club.name] as const)]}
          />
        ) : null}
      </DirectorySearch>
      {directory.groupReads.length ? (
        <GroupReadList groupReads={directory.groupReads} />
      ) : query.q || query.clube ? (
        <p>
          Nenhuma LC encontrada. <Link to={keep(query.fase).replace(/\?.*$/, '')}>Ver todas</Link> ou <Link to="/criar/lc">crie a sua</Link>.
        </p>
      ) : (
        <p>
          Nenhuma LC {PHASE_TABS[query.fase].toLowerCase()} agora. <Link to="/criar/lc">Crie uma LC</Link> e chame seus amigos.
        </p>
      )}
      <Pagination page={directory.page} pageSize={directory.pageSize} total={directory.total} search={loaderData.search} />
    </div>
  );
}
