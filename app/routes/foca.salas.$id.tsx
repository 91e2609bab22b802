import { data, redirect } from 'react-router';
import type { Route } from './+types/foca.salas.$id';
import { FormMessage } from '~/components/ui/field';
import { getFocusToday } from '~/features/focus/queries.server';
import { FocusRoomView } from '~/features/focus/rooms/components/room-view';
import { chooseRoomBook, closeFocusRoom, inviteToFocusRoom, joinFocusRoom, leaveFocusRoom, startRoomSprint } from '~/features/focus/rooms/mutations.server';
import { getFocusRoomPage } from '~/features/focus/rooms/queries.server';
import { roomActionInput, roomIdParam } from '~/features/focus/rooms/validation';
import { finishFocusSession, giveUpFocusSession } from '~/features/focus/sessions.server';
import { focusActionInput } from '~/features/focus/validation';
import { listCurrentlyReading } from '~/features/reading/home.server';
import { isFailure, isSuccess } from '~/lib/form-result';
import { formatNumber } from '~/lib/format';
import { AppError, orNotFound } from '~/server/errors';
import { failureFromError, parseForm } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.room.name ?? 'Sala de foco'} · Salas de foco · Maratona` }];

function roomIdOr404(raw: string | undefined): string {
  const id = roomIdParam.safeParse(raw);
  if (!id.success) throw data(null, { status: 404 });
  return id.data;
}

/**
 * A focus room (decision 0083): who is in it now, the sprint (the same countdown for everyone, by the server's
 * clock) and its results. A private room is 404 to anyone who is not a member.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const room = await orNotFound(getFocusRoomPage(viewer, roomIdOr404(params.id)));
  if (!room.viewerIsMember) return { room, running: null, ownSessionRunning: false, books: [] };
  const mine = room.sprint?.results.find((result) => result.userId === viewer.id && result.status === 'running');
  const [today, reading] = await Promise.all([mine || room.sprint?.running ? getFocusToday(viewer) : null, listCurrentlyReading(viewer)]);
  const running = today?.running ?? null;
  return {
    room,
    running: running && running.id === mine?.sessionId ? running : null,
    // A session of their own (or another room's) still running when the sprint began kept them out of it: the page says so.
    ownSessionRunning: Boolean(running && running.id !== mine?.sessionId),
    books: reading.map((book) => book.edition),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const roomId = roomIdOr404(params.id);
  const form = await request.formData();
  const intent = form.get('intent');
  // Giving up and finishing the viewer's own session: /foca's forms and rules (the session is theirs alone).
  if (intent === 'desistir' || intent === 'concluir') {
    const parsed = parseForm(form, focusActionInput);
    if (!parsed.ok) return parsed.failure;
    const input = parsed.value;
    try {
      if (input.intent === 'iniciar') throw new AppError('invalid_input', 'Sessões só suas começam em /foca.');
      const { status, credited } =
        input.intent === 'desistir' ? await giveUpFocusSession(viewer, input.session) : await finishFocusSession(viewer, input.session, input.progress);
      const minutes = `${formatNumber(credited)} min`;
      return { success: status === 'given_up' ? `Você desistiu da sprint: ${minutes} contaram.` : `Sessão concluída: ${minutes} de foco.` };
    } catch (error) {
      return failureFromError(error, parsed.fields);
    }
  }
  const parsed = parseForm(form, roomActionInput);
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  try {
    switch (input.intent) {
      case 'entrar':
        await joinFocusRoom(viewer, roomId);
        return { success: 'Você entrou na sala. Escolha o livro que vai ler nas sprints.' };
      case 'sair':
        await leaveFocusRoom(viewer, roomId);
        return redirect('/foca/salas');
      case 'fechar':
        await closeFocusRoom(viewer, roomId);
        return redirect('/foca/salas');
      case 'livro':
        await chooseRoomBook(viewer, roomId, input.edition);
        return { success: input.edition ? 'Livro escolhido.' : 'Você fica sem livro nas próximas sprints.' };
      case 'sprint': {
        const { sessions } = await startRoomSprint(viewer, roomId, input.minutes);
        return { success: `Sprint começou: ${sessions === 1 ? '1 pessoa está lendo' : `${sessions} pessoas estão lendo`}.` };
      }
      case 'convidar':
        await inviteToFocusRoom(viewer, roomId, input.username);
        return { success: `Convite enviado para @${input.username}.` };
    }
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

export default function FocusRoomPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <FocusRoomView {...loaderData} result={actionData}>
        <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
        <FormMessage>{isFailure(actionData) ? actionData.formError : null}</FormMessage>
      </FocusRoomView>
    </div>
  );
}
