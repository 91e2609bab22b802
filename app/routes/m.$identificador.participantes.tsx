import { data, useLocation } from 'react-router';
import type { Route } from './+types/m.$identificador.participantes';
import { Link } from '~/components/link';
import { Pagination } from '~/components/ui/pagination';
import { MarathonHeader } from '~/features/marathons/components/marathon-header';
import { loadMarathonForRoute, marathonPageHeaders } from '~/features/marathons/page.server';
import { listParticipants } from '~/features/marathons/queries.server';
import { participantsPageQuery } from '~/features/marathons/validation';
import { readerCacheTags } from '~/features/profiles/cache';
import { publicPageHeadersFromLoader, withCacheTags } from '~/server/cache-headers';
import { getViewer } from '~/server/viewer.server';

export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `Participantes · ${data.marathon.name} · Maratona` }] : [{ title: 'Maratona não encontrada · Maratona' }];

/**
 * Who takes part, in the order they registered, with their level or team, a page at a time. The visitors' copy is
 * tagged with each reader shown, so a rename or a suspension drops it.
 */
export async function loader(args: Route.LoaderArgs) {
  const marathon = await loadMarathonForRoute(args);
  const { pagina } = participantsPageQuery.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const participants = await listParticipants(await getViewer(args), marathon.id, { page: pagina });
  const headers = withCacheTags(marathonPageHeaders(marathon), readerCacheTags(participants.items.map((p) => p.userId)));
  return data({ marathon, participants }, { headers });
}

export default function MarathonParticipantsPage({ loaderData }: Route.ComponentProps) {
  const { marathon, participants } = loaderData;
  const location = useLocation();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <MarathonHeader marathon={marathon} current="participantes" />
      {participants.items.length ? (
        <ul className="grid gap-2 sm:grid-cols-2">
          {participants.items.map((p) => (
            <li key={p.userId} className="flex flex-col rounded-xl border border-line bg-surface p-3">
              {p.username ? <Link to={`/u/${p.username}`}>{p.name || `@${p.username}`}</Link> : <span>{p.name}</span>}
              {p.group ? <span className="text-sm text-muted">{p.group}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>Ninguém se inscreveu ainda. {marathon.registration === 'aberta' ? 'Seja a primeira pessoa!' : ''}</p>
      )}
      <Pagination page={participants.page} pageSize={participants.pageSize} total={participants.total} search={location.search} />
    </div>
  );
}
