import { redirect } from 'react-router';
import type { Route } from './+types/criar.maratona';
import { listHostableClubs } from '~/features/lcs/queries.server';
import { MarathonWizard } from '~/features/marathons/components/marathon-wizard';
import { noticeUrl } from '~/features/marathons/page.server';
import { hasAcceptedNotice } from '~/features/marathons/queries.server';
import { initialMarathonWizard, runMarathonWizard } from '~/features/marathons/wizard.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Criar maratona · Maratona' }];

/**
 * The marathon wizard (PRODUCT.md §G): basics, dates, levels or teams, categories and challenges, visibility. A
 * reader reads /maratonas/aviso first; a site admin, who may create an official marathon, is asked only if they
 * choose a community one (createMarathon refuses it without the notice).
 */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireViewer(args);
  if (viewer.role !== 'admin' && !(await hasAcceptedNotice(viewer))) throw redirect(noticeUrl('/criar/maratona'));
  const [initial, clubs] = await Promise.all([initialMarathonWizard(viewer), listHostableClubs(viewer)]);
  return { initial, clubs, admin: viewer.role === 'admin' };
}

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  return runMarathonWizard(viewer, await args.request.formData());
}

export default function CreateMarathonPage({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData.initial;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <h1 className="font-serif text-3xl font-bold">Criar maratona</h1>
      <p className="text-muted">Uma maratona literária: datas, categorias de desafios com pontos, e desafios que podem ser revelados aos poucos.</p>
      {/* A new state (a step, an error) renders a new form, so every field takes the values the server sent back. */}
      <MarathonWizard key={JSON.stringify([state.step, state.fields, state.fieldErrors])} state={state} clubs={loaderData.clubs} admin={loaderData.admin} />
    </div>
  );
}
