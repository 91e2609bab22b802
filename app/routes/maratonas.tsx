import { data } from 'react-router';
import type { Route } from './+types/maratonas';
import { Link } from '~/components/link';
import { ButtonLink } from '~/components/ui/button';
import { Pagination } from '~/components/ui/pagination';
import { TabNav } from '~/components/ui/tab-nav';
import { MARATHONS_CACHE_TAG } from '~/features/marathons/cache';
import { MarathonList } from '~/features/marathons/components/marathon-list';
import { type DirectorySection, listMarathons } from '~/features/marathons/queries.server';
import { MARATHON_DIRECTORY_SECTIONS, marathonDirectoryQuery } from '~/features/marathons/validation';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { getViewer } from '~/server/viewer.server';
import { DirectoryFilter, DirectorySearch } from '~/components/ui/directory-search';

export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = () => [
  { title: 'Maratonas literárias · Maratona' },
  { name: 'description', content: 'Maratonas literárias no Maratona: desafios de leitura com datas, categorias e pontos, oficiais e da comunidade.' },
];

const SECTION_LABELS: Record<DirectorySection, string> = { acontecendo: 'Acontecendo', proximas: 'Próximas', encerradas: 'Encerradas' };
const KIND_LABELS = { todas: 'Todas', oficiais: 'Oficiais', comunidade: 'Da comunidade' } as const;

/**
 * The directory: public marathons by section and kind, searched by name without accents; cached for visitors. A signed-in
 * reader's copy also leaves out the marathons of an organiser in a block with them.
 */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const query = marathonDirectoryQuery.parse(Object.fromEntries(url.searchParams));
  const directory = await listMarathons(await getViewer(args), query);
  // Tagged with each organiser shown too: a rename, a suspension or a club turned private drops the copy.
  const tags = new Set([MARATHONS_CACHE_TAG, ...directory.marathons.flatMap((m) => (m.organizerCacheTag ? [m.organizerCacheTag] : []))]);
  return data({ directory, query, search: url.search }, { headers: { 'X-Cache-Tags': [...tags].join(',') } });
}

export default function MarathonsPage({ loaderData }: Route.ComponentProps) {
  const { directory, query } = loaderData;
  const keep = (fase: DirectorySection, tipo: keyof typeof KIND_LABELS = query.tipo) => {
    const params = new URLSearchParams();
    if (fase !== 'acontecendo') params.set('fase', fase);
    if (tipo !== 'todas') params.set('tipo', tipo);
    if (query.q) params.set('q', query.q);
    const search = params.toString();
    return search ? `/maratonas?${search}` : '/maratonas';
  };
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">Maratonas</h1>
        <ButtonLink to="/criar/maratona" variant="accent">
          Criar maratona
        </ButtonLink>
      </div>
      <TabNav label="Quando" tabs={MARATHON_DIRECTORY_SECTIONS.map((fase) => ({ to: keep(fase), label: SECTION_LABELS[fase], active: query.fase === fase }))} />
      <DirectorySearch label="Buscar maratonas" q={query.q} kept={query.fase !== 'acontecendo' ? { fase: query.fase } : {}}>
        <DirectoryFilter label="Tipo" name="tipo" value={query.tipo} options={Object.entries(KIND_LABELS)} />
      </DirectorySearch>
      {directory.marathons.length ? (
        <MarathonList marathons={directory.marathons} />
      ) : query.q || query.tipo !== 'todas' ? (
        <p>
          Nenhuma maratona encontrada. <Link to={keep(query.fase, 'todas').replace(/\?.*$/, '')}>Ver todas</Link> ou{' '}
          <Link to="/criar/maratona">crie a sua</Link>.
        </p>
      ) : (
        <p>
          Nenhuma maratona {SECTION_LABELS[query.fase].toLowerCase()} agora. <Link to="/criar/maratona">Crie uma maratona</Link> e chame seus amigos.
        </p>
      )}
      <Pagination page={directory.page} pageSize={directory.pageSize} total={directory.total} search={loaderData.search} />
    </div>
  );
}
