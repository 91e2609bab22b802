import { useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Button, buttonClass } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { Foca } from '~/components/ui/foca';
import { usePosting } from '~/features/reading/components/use-posting';
import { type FormResult, fieldError, typed } from '~/lib/form-result';
import { formatNumber, formatTime } from '~/lib/format';
import type { RunningFocusSession } from '../types';
import { FOCUS_FINISH_GRACE_MINUTES } from '../vocabulary';
import { FocusTimer, ReceivedAt, useSecondsLeft } from './focus-timer';

const REACHED_LABELS = { page: 'Página em que parou', percent: 'Porcentagem lida', minute: 'Minuto em que parou' } as const;

/**
 * The running session: the countdown by the server's clock; while it runs, "Desistir" (half the minutes, confirmed
 * in a second step that works without JavaScript); once it has ended, the page reached (optional, in the unit the
 * form shows, posted with it) and "Concluir". When the time runs out with the page open, the heading takes the focus:
 * the form under it has changed.
 */
export function RunningSession({ session, serverNow, result }: { session: RunningFocusSession; serverNow: string; result: FormResult | undefined }) {
  const secondsLeft = useSecondsLeft(session.endsAt, serverNow);
  const busy = usePosting();
  const ended = secondsLeft <= 0;
  const heading = useRef<HTMLHeadingElement>(null);
  const wasRunning = useRef(!ended);
  useEffect(() => {
    if (ended && wasRunning.current) heading.current?.focus();
    wasRunning.current = !ended;
  }, [ended]);
  return (
    <section aria-labelledby="sessao-atual" className="flex flex-col items-center gap-4 rounded-xl border border-line bg-surface p-6 text-center">
      <h2 id="sessao-atual" ref={heading} tabIndex={-1} className="font-serif text-xl font-semibold focus:outline-none">
        {ended ? 'Tempo esgotado' : 'Sessão em andamento'}
      </h2>
      <Foca mood={ended ? 'celebrating' : 'reading'} size={120} />
      <p>
        Lendo <Link to={`/ed/${session.edition.id}`}>{session.edition.title}</Link> por {formatNumber(session.plannedMinutes)} minutos, até{' '}
        {formatTime(session.endsAt)}.
      </p>
      <ReceivedAt serverNow={serverNow} />
      <FocusTimer secondsLeft={secondsLeft} />
      {ended ? (
        <Form method="post" className="flex w-full max-w-sm flex-col items-stretch gap-3 text-left">
          <input type="hidden" name="intent" value="concluir" />
          <input type="hidden" name="session" value={session.id} />
          <input type="hidden" name="unit" value={session.unit} />
          <TextField
            label={REACHED_LABELS[session.unit]}
            name="value"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={typed(result, 'value')}
            error={fieldError(result, 'value')}
            hint={`Opcional: atualiza seu progresso${session.currentValue != null ? ` (agora em ${formatNumber(session.currentValue)})` : ''}. Você tem ${FOCUS_FINISH_GRACE_MINUTES} minutos depois do fim para concluir.`}
          />
          <Button type="submit" variant="accent" disabled={busy}>
            Concluir sessão
          </Button>
        </Form>
      ) : (
        <details className="flex flex-col items-center">
          <summary className={buttonClass('secondary', 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}>Desistir</summary>
          <Form method="post" className="mt-3 flex flex-col items-center gap-2">
            <input type="hidden" name="intent" value="desistir" />
            <input type="hidden" name="session" value={session.id} />
            <p className="text-sm text-muted">Desistindo, a sessão fica interrompida e conta metade dos minutos.</p>
            <Button type="submit" variant="danger" disabled={busy}>
              Sim, desistir
            </Button>
          </Form>
        </details>
      )}
    </section>
  );
}
