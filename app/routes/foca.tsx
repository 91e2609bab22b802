import type { Route } from './+types/foca';
import { Link } from '~/components/link';
import { FormMessage } from '~/components/ui/field';
import { FocusSessionList } from '~/features/focus/components/session-list';
import { RunningSession } from '~/features/focus/components/running-session';
import { StartFocusForm } from '~/features/focus/components/start-form';
import { FOCUS_RECENT_MAX } from '~/features/focus/policy';
import { getFocusToday, recentFocusSessions } from '~/features/focus/queries.server';
import { CompanionCard, EggCard, FocaTabs } from '~/features/focus/components/game';
import { getFocaGame } from '~/features/focus/game-queries.server';
import { type FocusClosed, finishFocusSession, giveUpFocusSession, startFocusSession } from '~/features/focus/sessions.server';
import { focusActionInput } from '~/features/focus/validation';
import { FOCUS_DAILY_CAP_MINUTES } from '~/features/focus/vocabulary';
import { DAILY_TASK_COUNT } from '~/features/tasks/tasks';
import { listCurrentlyReading } from '~/features/reading/home.server';
import { isFailure, isSuccess } from '~/lib/form-result';
import { formatNumber } from '~/lib/format';
import { failureFromError, parseForm } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Foca · Maratona' }];

/**
 * The game home (PRODUCT.md §J): the running session or the form to start one, today's minutes, the companion and
 * the eggs incubating (one statement, getFocaGame), the latest sessions.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  // The running session first: one left open past its end closes then, and is listed closed.
  const today = await getFocusToday(viewer);
  const [recent, reading, game] = await Promise.all([
    recentFocusSessions(viewer, FOCUS_RECENT_MAX),
    today.running ? [] : listCurrentlyReading(viewer),
    getFocaGame(viewer),
  ]);
  return { ...today, recent, books: reading.map((book) => book.edition), game };
}

/** Start, give up, finish: always the viewer's own session; the server decides every time and minute. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const parsed = parseForm(await request.formData(), focusActionInput);
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  try {
    if (input.intent === 'iniciar') {
      await startFocusSession(viewer, { editionId: input.edition, plannedMinutes: input.minutes });
      return { success: 'Sessão começou. Boa leitura!' };
    }
    const closed =
      input.intent === 'desistir' ? await giveUpFocusSession(viewer, input.session) : await finishFocusSession(viewer, input.session, input.progress);
    return { success: closedMessage(closed, input.intent === 'concluir' && input.progress != null) };
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

/** What the reader is told once their session closed, by how it closed (not by the button pressed). */
function closedMessage({ status, credited }: FocusClosed, progressLogged: boolean): string {
  const minutes = `${formatNumber(credited)} min`;
  if (status === 'given_up') return `Sessão interrompida: ${minutes} contaram.`;
  if (status === 'finished') return `Sessão concluída: ${minutes} de foco.`;
  return progressLogged
    ? `A sessão já tinha se encerrado sozinha (${minutes} de foco); seu progresso foi anotado.`
    : `A sessão já tinha se encerrado sozinha: ${minutes} de foco.`;
}

export default function FocaPage({ loaderData, actionData }: Route.ComponentProps) {
  const { running, serverNow, minutesToday, recent, books, game } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <h1 className="font-serif text-3xl font-bold">Foca</h1>
        <FocaTabs current="/foca" />
        <p className="text-muted">
          Hoje: <strong className="tabular-nums text-ink">{formatNumber(minutesToday)} min</strong> de foco (até {formatNumber(FOCUS_DAILY_CAP_MINUTES / 60)} h
          por dia contam).
        </p>
        <p>
          <Link to="/foca/salas">Salas de foco</Link>: leia junto com outras pessoas, no mesmo cronômetro.
        </p>
        <p>
          <Link to="/tarefas">Tarefas de hoje</Link>:{' '}
          <span className="tabular-nums">
            {formatNumber(game.tasksDoneToday)} de {formatNumber(DAILY_TASK_COUNT)}
          </span>{' '}
          concluídas.
        </p>
      </header>
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      <FormMessage>{isFailure(actionData) ? actionData.formError : null}</FormMessage>
      {running ? (
        <RunningSession key={running.id} session={running} serverNow={serverNow} result={actionData} />
      ) : (
        <StartFocusForm books={books} result={actionData} />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="companhia" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
          <h2 id="companhia" className="font-serif text-xl font-semibold">
            Sua companhia
          </h2>
          <CompanionCard companion={game.companion} />
        </section>
        <section aria-labelledby="seus-ovinhos" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
          <div className="flex items-baseline justify-between gap-2">
            <h2 id="seus-ovinhos" className="font-serif text-xl font-semibold">
              Ovinhos
            </h2>
            <Link to="/foca/ovinhos">{game.waiting ? 'Ver todos' : 'Detalhes'}</Link>
          </div>
          {game.incubating.length ? (
            <ul className="flex flex-col gap-2">
              {game.incubating.map((egg) => (
                <EggCard key={egg.id} egg={egg} />
              ))}
            </ul>
          ) : (
            <p className="text-muted">Nenhum ovinho chocando. A primeira sessão de foco já dá um.</p>
          )}
        </section>
      </div>
      <section aria-labelledby="sessoes-recentes" className="flex flex-col gap-3">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="sessoes-recentes" className="font-serif text-xl font-semibold">
            Suas sessões
          </h2>
          {recent.length ? <Link to="/foca/logs">Ver todas</Link> : null}
        </div>
        {recent.length ? <FocusSessionList sessions={recent} /> : <p className="text-muted">Nenhuma sessão ainda.</p>}
      </section>
    </div>
  );
}
