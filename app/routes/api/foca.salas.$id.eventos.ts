import type { Route } from './+types/foca.salas.$id.eventos';
import { markAbsent, markPresent } from '~/features/focus/rooms/mutations.server';
import { FOCUS_ROOM_HEARTBEAT_SECONDS } from '~/features/focus/rooms/policy';
import { roomAccess, roomChannel } from '~/features/focus/rooms/queries.server';
import { roomIdParam } from '~/features/focus/rooms/validation';
import { orNotFound } from '~/server/errors';
import { eventStream, subscribe } from '~/server/realtime.server';
import { getViewer } from '~/server/viewer.server';

/**
 * A member's live connection to a room (decision 0083): while it is open the member is present (`seen_at`, refreshed
 * every heartbeat, so every server agrees), and every change of the room arrives as a `sala` event — the page then
 * reloads the room. Not a member: 404, as the room page. Each heartbeat asks again whether the member may see the
 * room (markPresent): once they may not (a block with the host, the host suspended), the stream ends.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getViewer({ request, context });
  if (!viewer) return new Response(null, { status: 401 });
  const id = roomIdParam.safeParse(params.id);
  if (!id.success) return new Response(null, { status: 404 });
  const room = await orNotFound(roomAccess(viewer, id.data));
  if (!room.member) return new Response(null, { status: 404 });
  return eventStream(request, async (send, end) => {
    const unsubscribe = await subscribe(roomChannel(room.id), (payload) => send('sala', payload));
    const stillPresent = () =>
      markPresent(viewer, room.id).then(
        (reaches) => (reaches ? undefined : end()),
        () => undefined,
      );
    await stillPresent();
    const heartbeat = setInterval(() => void stillPresent(), FOCUS_ROOM_HEARTBEAT_SECONDS * 1000);
    return async () => {
      clearInterval(heartbeat);
      await unsubscribe();
      await markAbsent(viewer, room.id);
    };
  });
}
