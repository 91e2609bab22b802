import { data, useLocation } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/lc.$identificador.participantes';
import { Pagination } from '~/components/ui/pagination';
import { ProgressBar } from '~/components/ui/progress-bar';
import { GroupReadHeader } from '~/features/lcs/components/group-read-header';
import { PaceChip } from '~/features/lcs/components/pace-chip';
import { groupReadPageHeaders, loadGroupReadForRoute } from '~/features/lcs/page.server';
import { saoPauloToday } from '~/features/lcs/policy';
import { passedLabel, scheduleStanding } from '~/features/lcs/progress';
import { listParticipantsProgress } from '~/features/lcs/progress.server';
import { listStages } from '~/features/lcs/queries.server';
import { ReaderLink } from '~/features/profiles/components/reader-link';
import { formatNumber } from '~/lib/format';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { getViewer } from '~/server/viewer.server';

/** A visitor is shown the count alone (their copy may be cached under the LC's tag); readers along see everyone's progress. */
export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `Participantes · ${data.lc.title} · LC · Maratona` }] : [{ title: 'LC não encontrada · Maratona' }];

const query = z.object({ pagina: z.coerce.number().int().min(1).max(10_000).catch(1) });

/** Each active participant along the schedule (etapas passed; ahead, on time or behind today's etapa), a page at a time. */
export async function loader(args: Route.LoaderArgs) {
  const lc = await loadGroupReadForRoute(args);
  const viewer = await getViewer(args);
  const { pagina } = query.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const [list, stages] = await Promise.all([listParticipantsProgress(viewer, lc.id, pagina), listStages(lc.id)]);
  const today = saoPauloToday();
  const participants =
    list?.participants.map((p) => ({ ...p, standing: scheduleStanding(stages, new Set(p.passedStageIds), today), passedStageIds: undefined })) ?? null;
  return data(
    { lc, signedIn: viewer !== null, participants, total: list?.total ?? lc.participantCount, page: pagina, pageSize: list?.pageSize ?? 50 },
    { headers: groupReadPageHeaders(lc) },
  );
}

export default function ParticipantsPage({ loaderData }: Route.ComponentProps) {
  const { lc, signedIn, participants, total, page, pageSize } = loaderData;
  const location = useLocation();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <GroupReadHeader lc={lc} current="participantes" />
      <section aria-labelledby="participantes" className="flex flex-col gap-3">
        <h2 id="participantes" className="font-serif text-xl font-semibold">
          Participantes ({formatNumber(total)})
        </h2>
        {participants === null ? (
          <p className="text-muted">
            {signedIn
              ? 'Entre na LC para ver em que etapa cada participante está.'
              : 'Entre na sua conta e participe da LC para ver o progresso de cada participante.'}
          </p>
        ) : participants.length === 0 ? (
          <p className="text-muted">Ninguém entrou ainda.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface">
            {participants.map((p) => (
              <li key={p.userId} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <ReaderLink reader={{ username: p.username, name: p.name, image: p.image }} avatarSize={32} className="font-semibold" />
                <div className="flex items-center gap-3 sm:w-80">
                  <ProgressBar className="flex-1" fraction={p.standing.total ? p.standing.passed / p.standing.total : 0} label={passedLabel(p.standing)} />
                  <PaceChip pace={p.standing.pace} />
                </div>
              </li>
            ))}
          </ul>
        )}
        {participants ? <Pagination page={page} pageSize={pageSize} total={total} search={location.search} /> : null}
      </section>
    </div>
  );
}
