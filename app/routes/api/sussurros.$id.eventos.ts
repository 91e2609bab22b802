import type { Route } from './+types/sussurros.$id.eventos';
import { conversationAccess, conversationChannel } from '~/features/whispers/queries.server';
import { whisperIdParam } from '~/features/whispers/validation';
import { isAppError } from '~/server/errors';
import { eventStream, subscribe } from '~/server/realtime.server';
import { getViewer } from '~/server/viewer.server';

/**
 * A conversation's live connection (decision 0088): its two readers only (401 signed out, 404 to anyone else, as the
 * page). Every new message, read mark or block arrives as a `sussurro` event and the page reloads the thread; each
 * event asks again whether the reader may still see the conversation, and the stream ends once they may not.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getViewer({ request, context });
  if (!viewer) return new Response(null, { status: 401 });
  const id = whisperIdParam.safeParse(params.id);
  if (!id.success) return new Response(null, { status: 404 });
  try {
    await conversationAccess(viewer, id.data);
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return new Response(null, { status: 404 });
    throw error;
  }
  return eventStream(request, async (send, end) =>
    subscribe(conversationChannel(id.data), (payload) => {
      void conversationAccess(viewer, id.data).then(
        () => send('sussurro', payload),
        () => {
          // A block or a suspension since the page opened: it reloads into the 404 the page now is.
          send('sussurro', { kind: 'closed' });
          end();
        },
      );
    }),
  );
}
