import type { Route } from './+types/clube.$identificador.admin.beneficios';
import { Link } from '~/components/link';
import { FormMessage } from '~/components/ui/field';
import { AdminNav } from '~/features/clubs/admin/components/admin-nav';
import { ClubHeader } from '~/features/clubs/components/club-header';
import { runBenefitAdminAction } from '~/features/clubs/plans/actions.server';
import { loadClubForAdminRoute } from '~/features/clubs/plans/admin-page.server';
import { BenefitAdminList } from '~/features/clubs/plans/components/benefit-admin-list';
import { BenefitForm } from '~/features/clubs/plans/components/benefit-form';
import { getClubPlansAdmin } from '~/features/clubs/plans/queries.server';
import { isSuccess } from '~/lib/form-result';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Benefícios · Admin · ${data.club.name} · Maratona` : 'Página não encontrada · Maratona' },
];

/** /clube/{identificador}/admin/beneficios: what plans give, and which plans give it (others: 404). */
export async function loader(args: Route.LoaderArgs) {
  const { viewer, club } = await loadClubForAdminRoute(args);
  return { club, admin: await getClubPlansAdmin(viewer, club.id) };
}

export async function action(args: Route.ActionArgs) {
  const { viewer, club } = await loadClubForAdminRoute(args);
  return runBenefitAdminAction(viewer, club.id, await args.request.formData());
}

export default function ClubBenefitsAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { club, admin } = loaderData;
  const base = `/clube/${club.slug}`;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <ClubHeader club={club} current="admin" signedIn />
      <AdminNav club={club} current="beneficios" />
      <div className="flex flex-col gap-1">
        <h2 className="font-serif text-2xl font-semibold">Benefícios</h2>
        <p className="text-muted">
          O que cada plano dá aos membros. Marque aqui os planos de cada benefício, ou em <Link to={`${base}/admin/planos`}>Planos</Link>.
        </p>
      </div>
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      <BenefitAdminList admin={admin} result={actionData} />
      <section aria-labelledby="novo-beneficio" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        <h2 id="novo-beneficio" className="font-serif text-xl font-semibold">
          Novo benefício
        </h2>
        <BenefitForm plans={admin.plans} result={actionData} />
      </section>
    </div>
  );
}
