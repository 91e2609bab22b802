import { Link } from '~/components/link';
import { ButtonLink } from '~/components/ui/button';
import { formatNumber } from '~/lib/format';
import type { RunningFocusSession } from '../types';
import { ReceivedAt, formatCountdown, useSecondsLeft } from './focus-timer';

function RunningLine({ session, serverNow }: { session: RunningFocusSession; serverNow: string }) {
  const secondsLeft = useSecondsLeft(session.endsAt, serverNow);
  return (
    <p>
      <ReceivedAt serverNow={serverNow} />
      Lendo <Link to={`/ed/${session.edition.id}`}>{session.edition.title}</Link>:{' '}
      {secondsLeft > 0 ? (
        <>
          faltam{' '}
          <span role="timer" className="font-semibold tabular-nums">
            {formatCountdown(secondsLeft)}
          </span>
        </>
      ) : (
        'tempo esgotado'
      )}
      . <Link to="/foca">{secondsLeft > 0 ? 'Abrir a sessão' : 'Concluir a sessão'}</Link>
    </p>
  );
}

/** /home's "Foca": today's minutes of focus, and the running session or a way to start one. */
export function HomeFocusCard({ minutesToday, running, serverNow }: { minutesToday: number; running: RunningFocusSession | null; serverNow: string }) {
  return (
    <section aria-labelledby="foca-hoje" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="foca-hoje" className="font-serif text-xl font-semibold">
          Foca
        </h2>
        <span className="flex gap-3">
          <Link to="/tarefas">Tarefas</Link>
          <Link to="/foca/logs">Sessões</Link>
        </span>
      </div>
      <p className="text-sm text-muted">Hoje: {formatNumber(minutesToday)} min de foco</p>
      {running ? (
        <RunningLine session={running} serverNow={serverNow} />
      ) : (
        <ButtonLink to="/foca" variant="secondary" className="self-start">
          Começar uma sessão de foco
        </ButtonLink>
      )}
    </section>
  );
}
