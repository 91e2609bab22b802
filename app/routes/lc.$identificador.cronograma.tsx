import { data } from 'react-router';
import type { Route } from './+types/lc.$identificador.cronograma';
import { GroupReadHeader } from '~/features/lcs/components/group-read-header';
import { StageList } from '~/features/lcs/components/stage-list';
import { schedulePath } from '~/features/lcs/feed.server';
import { groupReadPageHeaders, loadGroupReadForRoute } from '~/features/lcs/page.server';
import { saoPauloToday } from '~/features/lcs/policy';
import { listStages } from '~/features/lcs/queries.server';
import { nextStage } from '~/features/lcs/schedule';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { getViewer } from '~/server/viewer.server';

export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `Cronograma · ${data.lc.title} · LC · Maratona` }] : [{ title: 'LC não encontrada · Maratona' }];

/** The schedule: every etapa in order, the one to read now marked, and the iCal feed (personal for a club's or private LC). */
export async function loader(args: Route.LoaderArgs) {
  const lc = await loadGroupReadForRoute(args);
  const viewer = await getViewer(args);
  const stages = await listStages(lc.id);
  const current = lc.phase === 'em-andamento' ? (nextStage(stages, saoPauloToday())?.id ?? null) : null;
  const books = new Set(stages.map((s) => s.editionId)).size;
  return data({ lc, stages, current, showBooks: books > 1, feed: schedulePath(lc, viewer) }, { headers: groupReadPageHeaders(lc) });
}

export default function SchedulePage({ loaderData }: Route.ComponentProps) {
  const { lc, stages, current, showBooks, feed } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <GroupReadHeader lc={lc} current="cronograma" />
      <section aria-labelledby="cronograma" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="cronograma" className="font-serif text-xl font-semibold">
            Cronograma
          </h2>
          <a href={feed} className="text-sm">
            Adicionar ao calendário (.ics)
          </a>
        </div>
        {feed.includes('chave=') ? <p className="text-xs text-muted">Este link é só seu: assine no seu app de calendário e não o compartilhe.</p> : null}
        <StageList stages={stages} current={current} showBooks={showBooks} />
      </section>
    </div>
  );
}
