import { data } from 'react-router';
import type { Route } from './+types/m.$identificador.gerenciar';
import type { ForbiddenData } from '~/components/layout/forbidden';
import { OrganizerFrame } from '~/features/marathons/components/organizer-frame';
import { Link } from '~/components/link';
import { OrganizerTools } from '~/features/marathons/components/organizer-tools';
import { runOrganizerAction } from '~/features/marathons/organizer-action.server';
import { loadMarathonForRoute } from '~/features/marathons/page.server';
import { can } from '~/features/marathons/policy';
import { listChallengeOptions, listManagedChallenges, listParticipants } from '~/features/marathons/queries.server';
import { participantsPageQuery } from '~/features/marathons/validation';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `Gerenciar · ${data.marathon.name} · Maratona` }] : [{ title: 'Maratona não encontrada · Maratona' }];

/** Organiser tools: basics, challenges (with those scheduled for later), participants. Only organisers and site admins. */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireViewer(args);
  const marathon = await loadMarathonForRoute(args);
  // A reader who sees the marathon but does not organise it is told so (403, in Portuguese); a hidden one was 404 above.
  if (!can(marathon, marathon.standing, 'manage'))
    throw data<ForbiddenData>(
      { message: 'Só quem organiza esta maratona pode gerenciá-la.', back: { to: `/m/${marathon.slug}`, label: 'Voltar para a maratona' } },
      { status: 403 },
    );
  const { pagina } = participantsPageQuery.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const [challenges, options, participants] = await Promise.all([
    listManagedChallenges(viewer, marathon.id),
    listChallengeOptions(viewer, marathon.id),
    listParticipants(viewer, marathon.id, { page: pagina, withBanned: true }),
  ]);
  return { marathon, challenges, options, participants };
}

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  const marathon = await loadMarathonForRoute(args);
  return runOrganizerAction(viewer, marathon, await args.request.formData());
}

export default function MarathonManagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { marathon } = loaderData;
  return (
    <OrganizerFrame marathon={marathon} result={actionData}>
      <p className="rounded-xl border border-line bg-surface p-4">
        <Link to={`/m/${marathon.slug}/gerenciar/webhooks`}>Webhooks</Link>: envie as atualizações dos participantes para o seu sistema, com o registro de
        entregas.
      </p>
      <OrganizerTools {...loaderData} result={actionData} />
    </OrganizerFrame>
  );
}
