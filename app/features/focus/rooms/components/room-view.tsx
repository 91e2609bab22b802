import { type ReactNode, useEffect, useState } from 'react';
import { Form, useNavigate, useRevalidator } from 'react-router';
import { Link } from '~/components/link';
import { Avatar } from '~/components/ui/avatar';
import { Button, buttonClass } from '~/components/ui/button';
import { SelectField, TextField } from '~/components/ui/field';
import type { CoverCard } from '~/features/catalog/types';
import { InviteForm } from '~/features/clubs/admin/components/invite-form';
import { usePosting } from '~/features/reading/components/use-posting';
import { type FormResult, fieldError, typed } from '~/lib/form-result';
import { formatNumber, formatTime } from '~/lib/format';
import { FocusTimer, ReceivedAt, useSecondsLeft } from '../../components/focus-timer';
import { RunningSession } from '../../components/running-session';
import { SpeciesArt } from '../../components/species-art';
import { progressText } from '../../components/session-list';
import { petDisplayName } from '../../species';
import type { RunningFocusSession } from '../../types';
import { FOCUS_MAX_MINUTES, FOCUS_MIN_MINUTES, FOCUS_ROOM_VISIBILITY_LABELS, FOCUS_STATUS_LABELS } from '../../vocabulary';
import type { FocusRoomMember, FocusRoomPage, FocusRoomSprint } from '../types';

/** The room as the page shows it: the loader's data, or the newer state a live event brought. */
type RoomState = { room: FocusRoomPage; running: RunningFocusSession | null; ownSessionRunning: boolean };

/**
 * The room's live connection (members only): while the page is open the member is present, and every change of the
 * room (someone arrives or leaves, a book chosen, a sprint started or a result in) arrives with the room as it is now
 * for this member (decision 0087), shown at once without reloading the page; a room closed by its host sends everyone
 * back to the list. Whichever is newer by the server's clock is shown: the loader's data (after the member's own
 * action) or the last event's.
 */
function useRoomLive(loaded: RoomState): RoomState {
  const navigate = useNavigate();
  const [live, setLive] = useState<RoomState | null>(null);
  const { id, viewerIsMember } = loaded.room;
  useEffect(() => {
    if (!viewerIsMember) return;
    const source = new EventSource(`/api/foca/salas/${id}/eventos`);
    source.addEventListener('sala', (event) => {
      const change = JSON.parse((event as MessageEvent<string>).data) as { kind: string; view?: RoomState };
      if (change.kind === 'closed') void navigate('/foca/salas');
      else if (change.view) setLive(change.view);
    });
    return () => source.close();
  }, [id, viewerIsMember, navigate]);
  return live && live.room.id === id && live.room.serverNow > loaded.room.serverNow ? live : loaded;
}

type RoomViewProps = {
  room: FocusRoomPage;
  running: RunningFocusSession | null;
  /** The viewer had a session of their own running when the sprint began: it kept them out of it. */
  ownSessionRunning: boolean;
  books: readonly CoverCard[];
  result: FormResult | undefined;
  children: ReactNode;
};

/** A room page: the room, the sprint (the viewer's own session in it, or the room's countdown), results, members, tools. */
export function FocusRoomView({ books, result, children, ...loaded }: RoomViewProps) {
  const { room, running, ownSessionRunning } = useRoomLive(loaded);
  const busy = usePosting();
  const sprint = room.sprint;
  return (
    <>
      <header className="flex flex-col gap-1">
        <p className="text-sm text-muted">
          <Link to="/foca/salas">Salas de foco</Link>
        </p>
        <h1 className="font-serif text-3xl font-bold">{room.name}</h1>
        <p className="text-muted">
          Sala {FOCUS_ROOM_VISIBILITY_LABELS[room.visibility].toLowerCase()} criada por @{room.host.username}
          {room.code ? (
            <>
              {' '}
              · código <strong className="font-mono text-ink">{room.code}</strong>
            </>
          ) : null}
        </p>
      </header>
      {children}
      {!room.viewerIsMember ? (
        <Form method="post">
          <input type="hidden" name="intent" value="entrar" />
          <Button type="submit" variant="accent" disabled={busy}>
            Entrar na sala
          </Button>
        </Form>
      ) : null}
      {running ? (
        <RunningSession key={running.id} session={running} serverNow={room.serverNow} result={result} />
      ) : sprint?.running ? (
        <SprintCountdown key={sprint.id} sprint={sprint} serverNow={room.serverNow} member={room.viewerIsMember} ownSessionRunning={ownSessionRunning} />
      ) : room.viewerIsHost ? (
        <StartSprintForm result={result} />
      ) : (
        <p className="rounded-xl border border-line bg-surface p-4 text-muted">Quando @{room.host.username} começar uma sprint, o cronômetro aparece aqui.</p>
      )}
      {sprint?.results.length ? <SprintResults sprint={sprint} /> : null}
      <MemberList members={room.members} />
      {room.viewerIsMember ? <BookChoice books={books} chosen={room.viewerEditionId} result={result} /> : null}
      {room.viewerIsHost ? <InviteForm result={result} /> : null}
      {room.viewerIsMember ? <LeaveOrClose host={room.viewerIsHost} sprintRunning={Boolean(sprint?.running)} /> : null}
    </>
  );
}

/** The room's sprint for a member without a session in it (no book, another session running, arrived later): the same countdown. */
function SprintCountdown({
  sprint,
  serverNow,
  member,
  ownSessionRunning,
}: {
  sprint: FocusRoomSprint;
  serverNow: string;
  member: boolean;
  ownSessionRunning: boolean;
}) {
  const secondsLeft = useSecondsLeft(sprint.endsAt, serverNow);
  const { revalidate } = useRevalidator();
  const ended = secondsLeft <= 0;
  // At the end the results are in: read the room again.
  useEffect(() => {
    if (ended) void revalidate();
  }, [ended, revalidate]);
  return (
    <section aria-labelledby="sprint" className="flex flex-col items-center gap-3 rounded-xl border border-line bg-surface p-6 text-center">
      <h2 id="sprint" className="font-serif text-xl font-semibold">
        Sprint em andamento
      </h2>
      <p>
        {formatNumber(sprint.plannedMinutes)} minutos, até {formatTime(sprint.endsAt)}.
      </p>
      <ReceivedAt serverNow={serverNow} />
      <FocusTimer secondsLeft={secondsLeft} />
      {!member ? null : ownSessionRunning ? (
        <p className="text-sm text-muted">
          Você não está nesta sprint: sua sessão de foco ainda estava em andamento quando ela começou. Termine-a em <Link to="/foca">Foca</Link> para entrar na
          próxima.
        </p>
      ) : (
        <p className="text-sm text-muted">Você não está nesta sprint: com um livro escolhido e a sala aberta, você entra na próxima.</p>
      )}
    </section>
  );
}

/** The host starts a sprint: only the duration; its start and end are the server's clock. */
function StartSprintForm({ result }: { result: FormResult | undefined }) {
  const busy = usePosting();
  return (
    <section aria-labelledby="nova-sprint" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h2 id="nova-sprint" className="font-serif text-xl font-semibold">
        Começar uma sprint
      </h2>
      <p className="text-sm text-muted">Quem está na sala agora, com um livro escolhido, entra na sprint. Quem está sem livro fica de fora desta vez.</p>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="sprint" />
        <div className="w-48">
          <TextField
            label="Duração (minutos)"
            name="minutes"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={typed(result, 'minutes', '25')}
            error={fieldError(result, 'minutes')}
            hint={`De ${FOCUS_MIN_MINUTES} a ${FOCUS_MAX_MINUTES}.`}
          />
        </div>
        <Button type="submit" variant="accent" disabled={busy} className="mb-6">
          Começar sprint
        </Button>
      </Form>
    </section>
  );
}

/** Who is in the sprint and how it went: each member's minutes and the page they reached. */
function SprintResults({ sprint }: { sprint: FocusRoomSprint }) {
  return (
    <section aria-labelledby="resultado" className="flex flex-col gap-3">
      <h2 id="resultado" className="font-serif text-xl font-semibold">
        {sprint.running ? 'Nesta sprint' : 'Resultado da última sprint'}
      </h2>
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface">
        {sprint.results.map((row) => {
          const progress = progressText(row);
          return (
            <li key={row.sessionId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3">
              <div className="flex min-w-0 flex-col">
                <span className="font-semibold">
                  {row.name} <span className="font-normal text-muted">@{row.username}</span>
                </span>
                <span className="text-sm text-muted">
                  {row.edition.title}
                  {progress ? ` · ${progress}` : ''}
                </span>
              </div>
              <span className="text-sm">
                {row.status === 'running' && !sprint.running ? 'Falta concluir' : FOCUS_STATUS_LABELS[row.status]}
                {row.status === 'running' ? '' : ` · ${formatNumber(row.creditedMinutes)} min`}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The room's members, present first: avatar, name, the book they bring (or "sem livro"). */
function MemberList({ members }: { members: readonly FocusRoomMember[] }) {
  const present = members.filter((member) => member.present).length;
  return (
    <section aria-labelledby="membros" className="flex flex-col gap-3">
      <h2 id="membros" className="font-serif text-xl font-semibold">
        Na sala{' '}
        <span className="text-base font-normal text-muted">
          ({formatNumber(present)} agora, {formatNumber(members.length)} no total)
        </span>
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {members.map((member) => (
          <li key={member.id} className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3">
            <Avatar name={member.name} image={member.image} size={44} />
            <div className="flex min-w-0 flex-col">
              <span className="font-semibold">
                <Link to={`/u/${member.username}`}>{member.name}</Link>
                {member.host ? <span className="text-sm font-normal text-muted"> · criou a sala</span> : null}
              </span>
              <span className="truncate text-sm text-muted">{member.edition ? member.edition.title : 'sem livro'}</span>
              <span className={`text-sm ${member.present ? 'font-medium text-ink' : 'text-muted'}`}>{member.present ? 'Na sala agora' : 'Fora da sala'}</span>
            </div>
            {member.companion ? (
              <SpeciesArt
                species={member.companion.species}
                size={48}
                className={`ml-auto shrink-0 ${member.present ? '' : 'opacity-50'}`}
                title={`${petDisplayName(member.companion)}, companhia de ${member.name}`}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The book the member brings to the sprints: one they are reading, or none (they sit the sprints out). */
function BookChoice({ books, chosen, result }: { books: readonly CoverCard[]; chosen: string | null; result: FormResult | undefined }) {
  const busy = usePosting();
  return (
    <section aria-labelledby="seu-livro" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h2 id="seu-livro" className="font-serif text-xl font-semibold">
        Seu livro nas sprints
      </h2>
      {books.length ? (
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="livro" />
          <div className="min-w-0 flex-1 basis-64">
            <SelectField label="Livro" name="edition" defaultValue={typed(result, 'edition', chosen ?? '')} error={fieldError(result, 'edition')}>
              <option value="">Sem livro (fico de fora das sprints)</option>
              {books.map((book) => (
                <option key={book.id} value={book.id}>
                  {book.title}
                </option>
              ))}
            </SelectField>
          </div>
          <Button type="submit" disabled={busy} className="mb-0.5">
            Salvar livro
          </Button>
        </Form>
      ) : (
        <p>
          As sprints são com um livro que você está lendo. Marque um livro como “Lendo” na <Link to="/estante">sua estante</Link> e volte aqui.
        </p>
      )}
    </section>
  );
}

/** Leaving (a member; during a sprint it is giving up) or closing the room (its host), each confirmed in a second step. */
function LeaveOrClose({ host, sprintRunning }: { host: boolean; sprintRunning: boolean }) {
  const busy = usePosting();
  return (
    <details className="self-start">
      <summary className={buttonClass('secondary', 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}>
        {host ? 'Fechar a sala' : 'Sair da sala'}
      </summary>
      <Form method="post" className="mt-3 flex flex-col items-start gap-2">
        <input type="hidden" name="intent" value={host ? 'fechar' : 'sair'} />
        <p className="text-sm text-muted">
          {host
            ? 'A sala, seus membros e as sprints saem. Uma sprint em andamento continua como a sessão de cada um.'
            : sprintRunning
              ? 'Sair durante a sprint conta como desistir: sua sessão fica interrompida e conta metade dos minutos.'
              : 'Você pode voltar depois, se a sala for pública ou com o código.'}
        </p>
        <Button type="submit" variant="danger" disabled={busy}>
          {host ? 'Sim, fechar a sala' : 'Sim, sair'}
        </Button>
      </Form>
    </details>
  );
}
