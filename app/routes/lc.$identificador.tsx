import { data } from 'react-router';
import type { Route } from './+types/lc.$identificador';
import { Link } from '~/components/link';
import { FormMessage } from '~/components/ui/field';
import { Prose } from '~/components/ui/prose';
import { GroupReadHeader } from '~/features/lcs/components/group-read-header';
import { StageList } from '~/features/lcs/components/stage-list';
import { runJoinAction } from '~/features/lcs/join-action.server';
import { groupReadPageHeaders, loadGroupReadForRoute } from '~/features/lcs/page.server';
import { saoPauloToday } from '~/features/lcs/policy';
import { listMaterials } from '~/features/lcs/materials/materials.server';
import { listStages } from '~/features/lcs/queries.server';
import { nextStage } from '~/features/lcs/schedule';
import { isFailure, isSuccess } from '~/lib/form-result';
import { renderMarkdown } from '~/lib/markdown';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { requireViewer } from '~/server/viewer.server';

/** Visitors get the cached page (dropped by every change that shows here); a signed-in reader's copy is theirs alone. */
export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: `${data.lc.title} · LC · Maratona` },
        { name: 'description', content: data.lc.summary.slice(0, 160) || `A leitura conjunta ${data.lc.title} no Maratona.` },
      ]
    : [{ title: 'LC não encontrada · Maratona' }];

/** An LC's home: about, the next etapa, materials, and the join button in the viewer's state. */
export async function loader(args: Route.LoaderArgs) {
  const lc = await loadGroupReadForRoute(args);
  const [stages, materials] = await Promise.all([listStages(lc.id), listMaterials(lc)]);
  const next = lc.phase === 'encerrada' ? null : nextStage(stages, saoPauloToday());
  return data({ lc, next, stageCount: stages.length, materials, descriptionHtml: renderMarkdown(lc.description) }, { headers: groupReadPageHeaders(lc) });
}

/** Join (or take a place on the waiting list), accept or decline an invitation, leave. */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  const lc = await loadGroupReadForRoute(args);
  return runJoinAction(viewer, lc.id, await args.request.formData());
}

export default function GroupReadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lc, next, stageCount, materials, descriptionHtml } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <GroupReadHeader lc={lc} current="sobre" />
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      <FormMessage>{isFailure(actionData) ? (actionData.formError ?? Object.values(actionData.fieldErrors)[0]) : null}</FormMessage>
      <section aria-labelledby="proxima-etapa" className="flex flex-col gap-2">
        <h2 id="proxima-etapa" className="font-serif text-xl font-semibold">
          {lc.phase === 'aberta' ? 'Primeira etapa' : 'Próxima etapa'}
        </h2>
        {next ? (
          <StageList stages={[next]} current={lc.phase === 'em-andamento' ? next.id : null} showBooks />
        ) : (
          <p>{lc.phase === 'encerrada' ? 'Esta LC terminou.' : 'O cronograma ainda não tem etapas.'}</p>
        )}
        {stageCount > 1 ? <Link to={`/lc/${lc.slug}/cronograma`}>Ver o cronograma completo ({stageCount} etapas)</Link> : null}
      </section>
      <section aria-labelledby="sobre" className="flex flex-col gap-2">
        <h2 id="sobre" className="font-serif text-xl font-semibold">
          Sobre
        </h2>
        {lc.description ? <Prose html={descriptionHtml} /> : <p className="text-muted">Quem organiza ainda não escreveu uma descrição.</p>}
      </section>
      {materials.length > 0 ? (
        <section aria-labelledby="materiais" className="flex flex-col gap-2">
          <h2 id="materiais" className="font-serif text-xl font-semibold">
            Materiais
          </h2>
          <ul className="flex list-disc flex-col gap-1 pl-6">
            {materials.map((material) => (
              <li key={material.id}>
                <a href={material.url} rel="nofollow ugc noopener" target="_blank">
                  {material.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
