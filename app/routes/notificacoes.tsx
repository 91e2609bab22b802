import { Form } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/notificacoes';
import { Button } from '~/components/ui/button';
import { Foca } from '~/components/ui/foca';
import { ReaderAvatarLink, ReaderLink } from '~/features/profiles/components/reader-link';
import { markNotificationsRead } from '~/features/social/mutations.server';
import { listNotifications } from '~/features/social/queries.server';
import { formatDateTime } from '~/lib/format';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Notificações · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const page = Math.max(1, Math.min(1000, Number(new URL(request.url).searchParams.get('pagina')) || 1));
  return { page, ...(await listNotifications(viewer, page)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  await markNotificationsRead(viewer, 'all');
  return { success: 'Tudo marcado como lido.' };
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const unread = loaderData.items.some((n) => !n.read);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <header className="flex items-center justify-between gap-2">
        <h1 className="font-serif text-3xl font-bold">Notificações</h1>
        {unread ? (
          <Form method="post">
            <Button type="submit" variant="secondary">
              Marcar tudo como lido
            </Button>
          </Form>
        ) : null}
      </header>
      {loaderData.items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-8 text-center">
          <Foca mood="sleeping" size={120} />
          <p className="text-muted">Nada por aqui ainda. Quando alguém seguir você ou comentar suas leituras, avisamos.</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-2">
          {loaderData.items.map((n) => (
            <li key={n.id} className={`flex gap-3 rounded-xl border p-4 ${n.read ? 'border-line bg-paper' : 'border-mar bg-surface'}`}>
              {n.actor ? <ReaderAvatarLink reader={n.actor} size={40} /> : null}
              <div className="flex min-w-0 flex-col gap-1">
                {n.actor ? <ReaderLink reader={n.actor} className="self-start font-semibold" /> : null}
                <p>
                  {!n.read ? <span className="sr-only">Não lida: </span> : null}
                  {n.link ? <Link to={n.link}>{n.text}</Link> : n.text}
                </p>
                <p className="text-sm text-muted">{formatDateTime(n.createdAt)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {loaderData.hasMore ? <Link to={`/notificacoes?pagina=${loaderData.page + 1}`}>Mais antigas</Link> : null}
    </div>
  );
}
