import { data } from 'react-router';
import type { Route } from './+types/clube.$identificador.planos';
import { FormMessage } from '~/components/ui/field';
import { clubCacheTag } from '~/features/clubs/cache';
import { ClubHeader } from '~/features/clubs/components/club-header';
import { loadClubForRoute } from '~/features/clubs/page.server';
import { runSubscribeAction } from '~/features/clubs/plans/actions.server';
import { PlanCards } from '~/features/clubs/plans/components/plan-cards';
import { listClubPlans } from '~/features/clubs/plans/queries.server';
import { isFailure, isSuccess } from '~/lib/form-result';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { orNotFound } from '~/server/errors';
import { getViewer, requireViewer } from '~/server/viewer.server';

/** Visitors get the cached page (dropped by every change to plans, benefits or members); a reader's copy is theirs. */
export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [{ title: `Planos · ${data.club.name} · Maratona` }, { name: 'description', content: `Os planos do clube ${data.club.name} e o que cada um inclui.` }]
    : [{ title: 'Clube não encontrado · Maratona' }];

/** /clube/{identificador}/planos: the plans side by side, with their benefits and the subscribe call. */
export async function loader(args: Route.LoaderArgs) {
  const club = await loadClubForRoute(args);
  const viewer = await getViewer(args);
  const page = await orNotFound(listClubPlans(viewer, club.id));
  return data({ club, page, signedIn: viewer !== null }, { headers: { 'X-Cache-Tags': clubCacheTag(club.id) } });
}

/** Take a plan (joining an open club on the way) or leave a free one. */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  const club = await loadClubForRoute(args);
  return runSubscribeAction(viewer, club.id, await args.request.formData());
}

export default function ClubPlansPage({ loaderData, actionData }: Route.ComponentProps) {
  const { club, page, signedIn } = loaderData;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <ClubHeader club={club} current="planos" signedIn={signedIn} />
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      <FormMessage>{isFailure(actionData) ? (actionData.formError ?? Object.values(actionData.fieldErrors)[0]) : null}</FormMessage>
      <section aria-labelledby="planos-titulo" className="flex flex-col gap-4">
        <div>
          <h2 id="planos-titulo" className="font-serif text-2xl font-semibold">
            Planos do clube
          </h2>
          <p className="text-muted">Escolha como participar. Planos gratuitos valem na hora; os pagos chegam com os pagamentos do Maratona.</p>
        </div>
        <PlanCards club={club} page={page} signedIn={signedIn} />
      </section>
    </div>
  );
}
