import { data } from 'react-router';
import type { Route } from './+types/m.$identificador.progresso';
import type { ForbiddenData } from '~/components/layout/forbidden';
import { getBoard, searchShelfForBoard } from '~/features/marathons/board.server';
import { runBoardAction } from '~/features/marathons/board-action.server';
import { BoardInvitation, BoardView } from '~/features/marathons/components/board';
import { MarathonHeader } from '~/features/marathons/components/marathon-header';
import { loadMarathonForRoute, marathonPageHeaders } from '~/features/marathons/page.server';
import { BANNED_MESSAGE } from '~/features/marathons/policy';
import { boardSearchQuery } from '~/features/marathons/validation';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { getViewer, requireViewer } from '~/server/viewer.server';

/** Visitors get the invitation from the cache (the marathon's tags); a participant's board is theirs alone. */
export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `Meu progresso · ${data.marathon.name} · Maratona` }] : [{ title: 'Maratona não encontrada · Maratona' }];

/**
 * My board (decision 0076): an active participant's challenges, links, ticks and scores, with the shelf search of
 * one challenge's "vincular" box (`?desafio=&busca=`). Who may not see the marathon gets 404; a visitor or a reader
 * not in it, the invitation to register; the banned, no board (403).
 */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await getViewer(args);
  const marathon = await loadMarathonForRoute(args);
  if (marathon.standing.status === 'banned')
    throw data<ForbiddenData>({ message: BANNED_MESSAGE, back: { to: `/m/${marathon.slug}`, label: 'Voltar para a maratona' } }, { status: 403 });
  if (!viewer || marathon.standing.status !== 'active') return data({ marathon, board: null, search: null }, { headers: marathonPageHeaders(marathon) });
  const query = boardSearchQuery.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const [board, matches] = await Promise.all([
    getBoard(viewer, marathon.id),
    query.desafio ? searchShelfForBoard(viewer, marathon.id, query.busca) : Promise.resolve(null),
  ]);
  return data({ marathon, board, search: matches ? { challengeId: query.desafio, q: query.busca, matches } : null });
}

/** Link, save or unlink an edition; tick or untick an atividade. */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  const marathon = await loadMarathonForRoute(args);
  return runBoardAction(viewer, marathon, await args.request.formData());
}

export default function MarathonBoardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { marathon, board, search } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <MarathonHeader marathon={marathon} current="progresso" />
      {board ? <BoardView marathon={marathon} board={board} search={search} result={actionData} /> : <BoardInvitation marathon={marathon} />}
    </div>
  );
}
