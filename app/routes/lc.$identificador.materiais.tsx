import { data } from 'react-router';
import type { Route } from './+types/lc.$identificador.materiais';
import { FormMessage } from '~/components/ui/field';
import { GroupReadHeader } from '~/features/lcs/components/group-read-header';
import { MaterialForms, MaterialsList } from '~/features/lcs/components/materials-list';
import { runMaterialAction } from '~/features/lcs/materials/action.server';
import { listMaterials } from '~/features/lcs/materials/materials.server';
import { groupReadPageHeaders, loadGroupReadForRoute } from '~/features/lcs/page.server';
import { can } from '~/features/lcs/policy';
import { isFailure, isSuccess } from '~/lib/form-result';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { requireViewer } from '~/server/viewer.server';

/** Visitors get the cached page (every change to the materials drops it); a signed-in reader's copy is theirs alone. */
export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `Materiais · ${data.lc.title} · LC · Maratona` }] : [{ title: 'LC não encontrada · Maratona' }];

/** The LC's materials: links and files, in the host's order; the hosts add, reorder and remove them here. */
export async function loader(args: Route.LoaderArgs) {
  const lc = await loadGroupReadForRoute(args);
  return data({ lc, materials: await listMaterials(lc), manage: can(lc, lc.standing, 'manage') }, { headers: groupReadPageHeaders(lc) });
}

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  const lc = await loadGroupReadForRoute(args);
  return runMaterialAction(viewer, lc.id, await args.request.formData());
}

export default function MaterialsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lc, materials, manage } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <GroupReadHeader lc={lc} current="materiais" />
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      <FormMessage>{isFailure(actionData) ? (actionData.formError ?? null) : null}</FormMessage>
      <section aria-labelledby="materiais" className="flex flex-col gap-3">
        <h2 id="materiais" className="font-serif text-xl font-semibold">
          Materiais
        </h2>
        <MaterialsList materials={materials} manage={manage} />
      </section>
      {manage ? <MaterialForms result={actionData} count={materials.length} /> : null}
    </div>
  );
}
