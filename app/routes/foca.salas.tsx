import { redirect } from 'react-router';
import type { Route } from './+types/foca.salas';
import { FormMessage } from '~/components/ui/field';
import { CreateRoomForm, JoinByCodeForm, RoomCards } from '~/features/focus/rooms/components/room-lists';
import { createFocusRoom, joinFocusRoom } from '~/features/focus/rooms/mutations.server';
import { listFocusRooms, roomIdByCode } from '~/features/focus/rooms/queries.server';
import { roomsActionInput, roomsQuery } from '~/features/focus/rooms/validation';
import { isFailure } from '~/lib/form-result';
import { failureFromError, parseForm } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Salas de foco · Maratona' }];

/** The focus rooms (PRODUCT.md §J, decision 0083): the viewer's rooms, the public ones, create one, join by code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const query = roomsQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { ...(await listFocusRooms(viewer)), code: query.codigo ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const parsed = parseForm(await request.formData(), roomsActionInput);
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  try {
    if (input.intent === 'criar') {
      const { id } = await createFocusRoom(viewer, input);
      return redirect(`/foca/salas/${id}`);
    }
    const id = await roomIdByCode(viewer, input.code);
    await joinFocusRoom(viewer, id, input.code);
    return redirect(`/foca/salas/${id}`);
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

export default function FocusRoomsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mine, open, code } = loaderData;
  const intent = isFailure(actionData) ? actionData.fields.intent : undefined;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="font-serif text-3xl font-bold">Salas de foco</h1>
        <p className="text-muted">Leia junto: quem cria a sala começa uma sprint, e o cronômetro de todo mundo corre junto.</p>
      </header>
      <FormMessage>{isFailure(actionData) ? actionData.formError : null}</FormMessage>
      {mine.length ? (
        <section aria-labelledby="suas-salas" className="flex flex-col gap-3">
          <h2 id="suas-salas" className="font-serif text-xl font-semibold">
            Suas salas
          </h2>
          <RoomCards rooms={mine} />
        </section>
      ) : null}
      <JoinByCodeForm code={code} result={intent === 'entrar-com-codigo' ? actionData : undefined} />
      <section aria-labelledby="salas-publicas" className="flex flex-col gap-3">
        <h2 id="salas-publicas" className="font-serif text-xl font-semibold">
          Salas públicas
        </h2>
        {open.length ? <RoomCards rooms={open} /> : <p className="text-muted">Nenhuma sala pública aberta agora. Que tal criar uma?</p>}
      </section>
      <CreateRoomForm result={intent === 'criar' ? actionData : undefined} />
    </div>
  );
}
