import type { Route } from './+types/clube.$identificador.admin.planos';
import { Link } from '~/components/link';
import { FormMessage } from '~/components/ui/field';
import { AdminNav } from '~/features/clubs/admin/components/admin-nav';
import { ClubHeader } from '~/features/clubs/components/club-header';
import { runPlanAdminAction } from '~/features/clubs/plans/actions.server';
import { loadClubForAdminRoute } from '~/features/clubs/plans/admin-page.server';
import { PlanAdminList } from '~/features/clubs/plans/components/plan-admin-list';
import { PlanForm } from '~/features/clubs/plans/components/plan-form';
import { getClubPlansAdmin } from '~/features/clubs/plans/queries.server';
import { isSuccess } from '~/lib/form-result';

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Planos · Admin · ${data.club.name} · Maratona` : 'Página não encontrada · Maratona' }];

/** /clube/{identificador}/admin/planos: the owner's and admins' plans (others: 404). */
export async function loader(args: Route.LoaderArgs) {
  const { viewer, club } = await loadClubForAdminRoute(args);
  return { club, admin: await getClubPlansAdmin(viewer, club.id) };
}

export async function action(args: Route.ActionArgs) {
  const { viewer, club } = await loadClubForAdminRoute(args);
  return runPlanAdminAction(viewer, club.id, await args.request.formData());
}

export default function ClubPlansAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { club, admin } = loaderData;
  const base = `/clube/${club.slug}`;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <ClubHeader club={club} current="admin" signedIn />
      <AdminNav club={club} current="planos" />
      <div className="flex flex-col gap-1">
        <h2 className="font-serif text-2xl font-semibold">Planos</h2>
        <p className="text-muted">
          Preços mensais em reais. Um plano com membros pode ser arquivado, não excluído. Os benefícios de cada plano vêm de{' '}
          <Link to={`${base}/admin/beneficios`}>Benefícios</Link>.
        </p>
      </div>
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      <PlanAdminList admin={admin} result={actionData} />
      <section aria-labelledby="novo-plano" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        <h2 id="novo-plano" className="font-serif text-xl font-semibold">
          Novo plano
        </h2>
        <PlanForm benefits={admin.benefits} result={actionData} />
      </section>
    </div>
  );
}
