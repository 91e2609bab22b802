import type { Route } from './+types/notificacoes.stream';
import { notificationsChannel } from '~/features/social/mutations.server';
import { countUnreadNotifications } from '~/features/social/queries.server';
import { eventStream, subscribe } from '~/server/realtime.server';
import { getViewer } from '~/server/viewer.server';

/** The viewer's unread count, pushed whenever it changes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer({ request, context });
  if (!viewer) return new Response(null, { status: 401 });
  return eventStream(request, async (send) => {
    send('unread', await countUnreadNotifications(viewer));
    return subscribe(notificationsChannel(viewer.id), () => {
      void countUnreadNotifications(viewer).then((n) => send('unread', n));
    });
  });
}
