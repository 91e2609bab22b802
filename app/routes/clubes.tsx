import { data } from 'react-router';
import type { Route } from './+types/clubes';
import { Link } from '~/components/link';
import { ButtonLink } from '~/components/ui/button';
import { Pagination } from '~/components/ui/pagination';
import { CLUBS_CACHE_TAG } from '~/features/clubs/cache';
import { ClubList } from '~/features/clubs/components/club-list';
import { CATEGORY_LABELS } from '~/features/clubs/labels';
import { listClubDirectory } from '~/features/clubs/queries.server';
import { clubDirectoryQuery } from '~/features/clubs/validation';
import { CLUB_CATEGORIES } from '~/features/clubs/vocabulary';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { DirectoryFilter, DirectorySearch } from '~/components/ui/directory-search';

export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = () => [
  { title: 'Clubes de leitura · Maratona' },
  { name: 'description', content: 'Encontre clubes de leitura no Maratona: fantasia, clássicos, literatura brasileira e muito mais.' },
];

/** The directory: open and moderated clubs, searched without accents, by category, by members or activity. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = clubDirectoryQuery.parse(Object.fromEntries(url.searchParams));
  const directory = await listClubDirectory(query);
  return data({ directory, query, search: url.search }, { headers: { 'X-Cache-Tags': CLUBS_CACHE_TAG } });
}

export default function ClubsPage({ loaderData }: Route.ComponentProps) {
  const { directory, query } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">Clubes</h1>
        <ButtonLink to="/criar" variant="accent">
          Criar clube
        </ButtonLink>
      </div>
      <DirectorySearch label="Buscar clubes" q={query.q}>
        <DirectoryFilter
          label="Categoria"
          name="categoria"
          value={query.categoria ?? ''}
          options={[['', 'Todas'], ...CLUB_CATEGORIES.map((category) => [category, CATEGORY_LABELS[category]] as const)]}
        />
        <DirectoryFilter
          label="Ordem"
          name="ordem"
          value={query.ordem}
          options={[
            ['membros', 'Mais membros'],
            ['atividade', 'Mais ativos'],
          ]}
        />
      </DirectorySearch>
      {directory.clubs.length ? (
        <ClubList clubs={directory.clubs} />
      ) : query.q || query.categoria ? (
        <p>
          Nenhum clube encontrado. <Link to="/clubes">Ver todos os clubes</Link> ou <Link to="/criar">crie o seu</Link>.
        </p>
      ) : (
        <p>
          Ainda não há clubes. <Link to="/criar">Crie o primeiro</Link>.
        </p>
      )}
      <Pagination page={directory.page} pageSize={directory.pageSize} total={directory.total} search={loaderData.search} />
    </div>
  );
}
