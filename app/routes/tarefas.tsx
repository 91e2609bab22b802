import type { Route } from './+types/tarefas';
import { FocaTabs } from '~/features/focus/components/game';
import { TaskSectionView } from '~/features/tasks/components/task-list';
import { getTaskBoard } from '~/features/tasks/queries.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Tarefas · Foca · Maratona' }];

/**
 * The viewer's daily and weekly tasks (PRODUCT.md §J2, decision 0085): read-only. Progress comes only from what the
 * reader does elsewhere, counted in those events' transactions: this route has no action.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const now = new Date();
  return { board: await getTaskBoard(viewer, now), now: now.toISOString() };
}

export default function TarefasPage({ loaderData }: Route.ComponentProps) {
  const { board, now } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <h1 className="font-serif text-3xl font-bold">Tarefas</h1>
        <FocaTabs current="/tarefas" />
        <p className="text-muted">
          Elas andam sozinhas com o que você faz no Maratona: sessões de foco, atts, progresso, resenhas, salas e desafios de maratona. Cada recompensa vem uma
          vez por dia ou por semana.
        </p>
        {board.hasCompanion ? null : (
          <p>Você ainda não tem uma companhia: o XP das tarefas só vale depois que o seu primeiro ovinho chocar. Os ovinhos das tarefas chegam mesmo assim.</p>
        )}
      </header>
      {board.sections.map((section) => (
        <TaskSectionView key={section.period} section={section} now={now} hasCompanion={board.hasCompanion} />
      ))}
    </div>
  );
}
