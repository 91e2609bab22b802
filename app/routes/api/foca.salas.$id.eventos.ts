import type { Route } from './+types/foca.salas.$id.eventos';
import { followRoom, roomViewFor } from '~/features/focus/rooms/live.server';
import { markAbsent, markPresent } from '~/features/focus/rooms/mutations.server';
import { roomAccess } from '~/features/focus/rooms/queries.server';
import { roomIdParam } from '~/features/focus/rooms/validation';
import { orNotFound } from '~/server/errors';
import { eventStream } from '~/server/realtime.server';
import { getViewer } from '~/server/viewer.server';

/**
 * A member's live connection to a room (decisions 0083, 0087): while it is open the member is present (`seen_at`,
 * set as it opens, then kept by the server's heartbeat for all its connections to the room, so every server agrees),
 * and every change of the room arrives as a `sala` event carrying the room as the page shows it to this member
 * (`view`: the loader's data but the bookshelf), or `closed`. Not a member: 404, as the room page. Each heartbeat
 * asks again whether the member may reach the room; once they may not (a block with the host, the host suspended,
 * they left), the stream ends — at once when a change shows it.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getViewer({ request, context });
  if (!viewer) return new Response(null, { status: 401 });
  const id = roomIdParam.safeParse(params.id);
  if (!id.success) return new Response(null, { status: 404 });
  const room = await orNotFound(roomAccess(viewer, id.data));
  if (!room.member) return new Response(null, { status: 404 });
  return eventStream(request, async (send, end) => {
    const unfollow = await followRoom(room.id, {
      viewer,
      end,
      change: (change) => {
        if (!('snapshot' in change)) {
          send('sala', { kind: 'closed' });
          end();
          return;
        }
        const view = roomViewFor(change.snapshot, viewer);
        if (view) send('sala', { kind: change.kind, view });
        else end();
      },
    });
    if (!(await markPresent(viewer, room.id).catch(() => true))) end();
    return async () => {
      await unfollow();
      await markAbsent(viewer, room.id);
    };
  });
}
