import type { Route } from './+types/criar.lc';
import { GroupReadWizard } from '~/features/lcs/components/group-read-wizard';
import { listHostableClubs } from '~/features/lcs/queries.server';
import { initialWizard, runWizard } from '~/features/lcs/wizard.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Criar LC · Maratona' }];

/** The LC wizard (PRODUCT.md §F): books, dates, the schedule generated and then edited, cap, visibility, materials. */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireViewer(args);
  const [initial, clubs] = await Promise.all([initialWizard(viewer), listHostableClubs(viewer)]);
  return { initial, clubs };
}

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  return runWizard(viewer, await args.request.formData());
}

export default function CreateGroupReadPage({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData.initial;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <h1 className="font-serif text-3xl font-bold">Criar LC</h1>
      <p className="text-muted">Uma leitura conjunta: um ou mais livros lidos juntos, no mesmo ritmo, etapa por etapa.</p>
      {/* A new state (a step, an error) renders a new form, so every field takes the values the server sent back. */}
      <GroupReadWizard key={JSON.stringify([state.step, state.fields, state.fieldErrors])} state={state} clubs={loaderData.clubs} />
    </div>
  );
}
