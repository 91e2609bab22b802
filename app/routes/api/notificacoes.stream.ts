import type { Route } from './+types/notificacoes.stream';
import { notificationsChannel } from '~/features/social/mutations.server';
import { countUnreadNotifications } from '~/features/social/queries.server';
import { countUnreadConversations, inboxChannel } from '~/features/whispers/queries.server';
import { eventStream, subscribe } from '~/server/realtime.server';
import { getViewer } from '~/server/viewer.server';

/**
 * The header's live counts, on one connection: the bell's unread notifications (`unread`) and the whispers' unread
 * conversations (`sussurros`, decision 0088), each pushed when it changes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer({ request, context });
  if (!viewer) return new Response(null, { status: 401 });
  return eventStream(request, async (send) => {
    const [unread, whispers] = await Promise.all([countUnreadNotifications(viewer), countUnreadConversations(viewer)]);
    send('unread', unread);
    send('sussurros', whispers);
    const stopNotifications = await subscribe(notificationsChannel(viewer.id), () => {
      void countUnreadNotifications(viewer).then((n) => send('unread', n));
    });
    const stopWhispers = await subscribe(inboxChannel(viewer.id), () => {
      void countUnreadConversations(viewer).then((n) => send('sussurros', n));
    });
    return async () => {
      await stopNotifications();
      await stopWhispers();
    };
  });
}
