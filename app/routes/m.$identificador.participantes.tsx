import { data } from 'react-router';
import type { Route } from './+types/m.$identificador.participantes';
import { Link } from '~/components/link';
import { MarathonHeader } from '~/features/marathons/components/marathon-header';
import { loadMarathonForRoute, marathonPageHeaders } from '~/features/marathons/page.server';
import { listParticipants } from '~/features/marathons/queries.server';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { getViewer } from '~/server/viewer.server';

export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `Participantes · ${data.marathon.name} · Maratona` }] : [{ title: 'Maratona não encontrada · Maratona' }];

/** Who takes part, in the order they registered, with their level or team. */
export async function loader(args: Route.LoaderArgs) {
  const marathon = await loadMarathonForRoute(args);
  const participants = (await listParticipants(await getViewer(args), marathon.id)).filter((p) => p.status === 'active');
  return data({ marathon, participants }, { headers: marathonPageHeaders(marathon) });
}

export default function MarathonParticipantsPage({ loaderData }: Route.ComponentProps) {
  const { marathon, participants } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <MarathonHeader marathon={marathon} current="participantes" />
      {participants.length ? (
        <ul className="grid gap-2 sm:grid-cols-2">
          {participants.map((p) => (
            <li key={p.userId} className="flex flex-col rounded-xl border border-line bg-surface p-3">
              {p.username ? <Link to={`/u/${p.username}`}>{p.name || `@${p.username}`}</Link> : <span>{p.name}</span>}
              {p.group ? <span className="text-sm text-muted">{p.group}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>Ninguém se inscreveu ainda. {marathon.registration === 'aberta' ? 'Seja a primeira pessoa!' : ''}</p>
      )}
    </div>
  );
}
