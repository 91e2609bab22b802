import { data, redirect } from 'react-router';
import type { Route } from './+types/lc.$identificador.gerenciar';
import type { ForbiddenData } from '~/components/layout/forbidden';
import { FormMessage } from '~/components/ui/field';
import { GroupReadHeader } from '~/features/lcs/components/group-read-header';
import { HostTools } from '~/features/lcs/components/host-tools';
import { runHostAction } from '~/features/lcs/host-action.server';
import { loadGroupReadForRoute } from '~/features/lcs/page.server';
import { can } from '~/features/lcs/policy';
import { listBooks, listParticipants, listStages } from '~/features/lcs/queries.server';
import { scheduleFormFields } from '~/features/lcs/schedule-edit.server';
import { isFailure, isSuccess } from '~/lib/form-result';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `Gerenciar · ${data.lc.title} · LC · Maratona` }] : [{ title: 'LC não encontrada · Maratona' }];

/** Host tools: edit, shift the schedule, invite, remove or ban participants, close early. Only for who manages the LC. */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireViewer(args);
  const lc = await loadGroupReadForRoute(args);
  // A reader who sees the LC but does not run it is told so (403, in Portuguese); a hidden one was 404 above.
  if (!can(lc, lc.standing, 'manage'))
    throw data<ForbiddenData>(
      {
        message: lc.host.kind === 'club' ? 'Só a equipe do clube que organiza esta LC pode gerenciá-la.' : 'Só quem organiza esta LC pode gerenciá-la.',
        back: { to: `/lc/${lc.slug}`, label: 'Voltar para a LC' },
      },
      { status: 403 },
    );
  const [participants, books, stages] = await Promise.all([listParticipants(viewer, lc), listBooks(lc.id), listStages(lc.id)]);
  const scheduleFields = scheduleFormFields(
    lc,
    stages,
    books.map((book) => book.id),
  );
  return { lc, participants, books, scheduleFields };
}

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  const lc = await loadGroupReadForRoute(args);
  const form = await args.request.formData();
  const result = await runHostAction(viewer, lc.id, form);
  // A new identificador moves the page: the browser follows to it (the old one keeps redirecting).
  const slug = form.get('slug');
  if (isSuccess(result) && form.get('intent') === 'detalhes' && typeof slug === 'string' && slug.trim().toLowerCase() !== lc.slug)
    throw redirect(`/lc/${slug.trim().toLowerCase()}/gerenciar`);
  return result;
}

export default function ManageGroupReadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lc, participants, books, scheduleFields } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <GroupReadHeader lc={lc} current="gerenciar" />
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      <FormMessage>{isFailure(actionData) ? (actionData.formError ?? null) : null}</FormMessage>
      <HostTools lc={lc} participants={participants} books={books} scheduleFields={scheduleFields} result={actionData} />
    </div>
  );
}
