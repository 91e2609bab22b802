import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { usePosting } from '~/features/reading/components/use-posting';
import { type FormResult, fieldError, typed } from '~/lib/form-result';
import { formatNumber } from '~/lib/format';
import { FOCUS_ROOM_VISIBILITIES, FOCUS_ROOM_VISIBILITY_LABELS } from '../../vocabulary';
import type { FocusRoomCard } from '../types';

const people = (n: number) => `${formatNumber(n)} ${n === 1 ? 'pessoa' : 'pessoas'}`;

/** Rooms as a list: name, host, members (and how many are in the room now), whether a sprint runs. */
export function RoomCards({ rooms }: { rooms: readonly FocusRoomCard[] }) {
  return (
    <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface">
      {rooms.map((room) => (
        <li key={room.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3">
          <div className="flex min-w-0 flex-col">
            <Link to={`/foca/salas/${room.id}`} className="font-semibold">
              {room.name}
            </Link>
            <span className="text-sm text-muted">
              {FOCUS_ROOM_VISIBILITY_LABELS[room.visibility]} · criada por @{room.host.username} · {people(room.members)}, {formatNumber(room.present)} na sala
              agora
            </span>
          </div>
          <span className="text-sm">{room.sprintRunning ? 'Sprint em andamento' : 'Sem sprint agora'}</span>
        </li>
      ))}
    </ul>
  );
}

/** Join a room by its code (a private room is found only so); `?codigo=` from an invitation fills it in. */
export function JoinByCodeForm({ code, result }: { code: string; result: FormResult | undefined }) {
  const busy = usePosting();
  return (
    <section aria-labelledby="entrar-com-codigo" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h2 id="entrar-com-codigo" className="font-serif text-xl font-semibold">
        Entrar com código
      </h2>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="entrar-com-codigo" />
        <div className="w-56">
          <TextField
            label="Código da sala"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            defaultValue={typed(result, 'code', code)}
            error={fieldError(result, 'code')}
          />
        </div>
        <Button type="submit" disabled={busy} className="mb-0.5">
          Entrar na sala
        </Button>
      </Form>
    </section>
  );
}

/** Create a room: a name, public (listed here) or private (joined by its code). */
export function CreateRoomForm({ result }: { result: FormResult | undefined }) {
  const busy = usePosting();
  const visibility = typed(result, 'visibility', 'public');
  const visibilityError = fieldError(result, 'visibility');
  return (
    <section aria-labelledby="criar-sala" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h2 id="criar-sala" className="font-serif text-xl font-semibold">
        Criar uma sala
      </h2>
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="criar" />
        <TextField label="Nome da sala" name="name" maxLength={60} autoComplete="off" defaultValue={typed(result, 'name')} error={fieldError(result, 'name')} />
        <fieldset className="flex flex-col gap-2" aria-describedby={visibilityError ? 'visibilidade-erro' : undefined}>
          <legend className="font-medium">Quem pode entrar</legend>
          <div className="flex flex-wrap gap-2">
            {FOCUS_ROOM_VISIBILITIES.map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line px-3 has-[:checked]:border-mar has-[:checked]:bg-paper"
              >
                <input type="radio" name="visibility" value={value} defaultChecked={visibility === value} />
                {value === 'public' ? 'Pública: aparece nesta página' : 'Privada: só com o código'}
              </label>
            ))}
          </div>
          {visibilityError ? (
            <p id="visibilidade-erro" role="alert" className="text-sm font-medium text-danger">
              {visibilityError}
            </p>
          ) : null}
        </fieldset>
        <Button type="submit" variant="accent" disabled={busy} className="self-start">
          Criar sala
        </Button>
      </Form>
    </section>
  );
}
