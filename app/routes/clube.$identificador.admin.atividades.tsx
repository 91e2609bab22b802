import type { Route } from './+types/clube.$identificador.admin.atividades';
import { FormMessage } from '~/components/ui/field';
import { runActivityAdminAction } from '~/features/clubs/activities/actions.server';
import { ActivityAdminList } from '~/features/clubs/activities/components/activity-admin-list';
import { ActivityForm } from '~/features/clubs/activities/components/activity-form';
import { agendaPath } from '~/features/clubs/activities/feed.server';
import { listActivitiesAdmin } from '~/features/clubs/activities/queries.server';
import { AdminNav } from '~/features/clubs/admin/components/admin-nav';
import { ClubHeader } from '~/features/clubs/components/club-header';
import { ACTIVITY_KIND_LABELS } from '~/features/clubs/labels';
import { loadClubForAdminRoute } from '~/features/clubs/plans/admin-page.server';
import { ACTIVITY_KINDS } from '~/features/clubs/vocabulary';
import { isSuccess } from '~/lib/form-result';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Atividades · Admin · ${data.club.name} · Maratona` : 'Página não encontrada · Maratona' },
];

/** /clube/{identificador}/admin/atividades: LC do mês, live meetings and club marathons (others: 404). */
export async function loader(args: Route.LoaderArgs) {
  const { viewer, club } = await loadClubForAdminRoute(args);
  return { club, activities: await listActivitiesAdmin(viewer, club.id), agenda: agendaPath(club, viewer) };
}

export async function action(args: Route.ActionArgs) {
  const { viewer, club } = await loadClubForAdminRoute(args);
  return runActivityAdminAction(viewer, club.id, await args.request.formData());
}

export default function ClubActivitiesAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { club, activities, agenda } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <ClubHeader club={club} current="admin" signedIn />
      <AdminNav club={club} current="atividades" />
      <div className="flex flex-col gap-1">
        <h2 className="font-serif text-2xl font-semibold">Atividades</h2>
        <p className="text-muted">
          As próximas aparecem na página do clube e na <a href={agenda}>agenda do clube (iCal)</a>; os membros recebem um lembrete na véspera. Datas e horários
          de Brasília.
        </p>
      </div>
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      <section aria-labelledby="marcar" className="flex flex-col gap-3">
        <h2 id="marcar" className="font-serif text-xl font-semibold">
          Marcar atividade
        </h2>
        {ACTIVITY_KINDS.map((kind) => (
          <details
            key={kind}
            className="rounded-xl border border-line bg-surface p-4"
            open={actionData !== undefined && 'fields' in actionData && actionData.fields.form === `atividade-nova-${kind}`}
          >
            <summary className="min-h-11 cursor-pointer content-center font-semibold">{ACTIVITY_KIND_LABELS[kind]}</summary>
            <div className="pt-3">
              <ActivityForm kind={kind} result={actionData} />
            </div>
          </details>
        ))}
      </section>
      <section aria-labelledby="proximas" className="flex flex-col gap-3">
        <h2 id="proximas" className="font-serif text-xl font-semibold">
          Próximas
        </h2>
        <ActivityAdminList activities={activities.upcoming} result={actionData} empty="Nenhuma atividade marcada. Marque a primeira acima." />
      </section>
      {activities.past.length ? (
        <section aria-labelledby="passadas" className="flex flex-col gap-3">
          <h2 id="passadas" className="font-serif text-xl font-semibold">
            Já aconteceram
          </h2>
          <ActivityAdminList activities={activities.past} result={actionData} empty="" />
        </section>
      ) : null}
    </div>
  );
}
