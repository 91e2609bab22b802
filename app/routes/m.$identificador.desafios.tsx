import { data } from 'react-router';
import type { Route } from './+types/m.$identificador.desafios';
import { MarathonHeader } from '~/features/marathons/components/marathon-header';
import { ChallengeList } from '~/features/marathons/components/challenge-list';
import { loadMarathonForRoute, marathonPageHeaders } from '~/features/marathons/page.server';
import { listRevealedChallenges } from '~/features/marathons/queries.server';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { getViewer } from '~/server/viewer.server';

export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `Desafios · ${data.marathon.name} · Maratona` }] : [{ title: 'Maratona não encontrada · Maratona' }];

/**
 * The challenges revealed so far, by category. Nothing before its reveal day leaves the server, for anyone (the
 * organisers see theirs in Gerenciar), so the page, its `.data` and the cache hold only what is revealed. A
 * visitor's cached copy is dropped when a challenge is added; a reveal day passing is picked up by the cache's
 * short lifetime (decision 0074).
 */
export async function loader(args: Route.LoaderArgs) {
  const marathon = await loadMarathonForRoute(args);
  const categories = await listRevealedChallenges(await getViewer(args), marathon.id);
  return data({ marathon, categories }, { headers: marathonPageHeaders(marathon) });
}

export default function MarathonChallengesPage({ loaderData }: Route.ComponentProps) {
  const { marathon, categories } = loaderData;
  const myLevel = marathon.mode === 'levels' ? marathon.groups.findIndex((g) => g.id === marathon.myGroupId) : -1;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <MarathonHeader marathon={marathon} current="desafios" />
      {categories.length ? (
        <ChallengeList categories={categories} myLevel={myLevel >= 0 ? myLevel : null} />
      ) : (
        <p>Nenhum desafio revelado ainda. Volte quando a maratona começar: os desafios aparecem nas datas marcadas por quem organiza.</p>
      )}
    </div>
  );
}
