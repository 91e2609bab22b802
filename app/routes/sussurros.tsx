import type { Route } from './+types/sussurros';
import { Link } from '~/components/link';
import { reportPath } from '~/features/moderation/reasons';
import { DirectorySearch } from '~/components/ui/directory-search';
import { FormMessage } from '~/components/ui/field';
import { ConversationList } from '~/features/whispers/components/conversation-list';
import { listConversations, viewerBlocks } from '~/features/whispers/queries.server';
import { conversationsQuery } from '~/features/whispers/validation';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Sussurros · Maratona' }];

/** The viewer's conversations (PRODUCT.md §I, decision 0088): the newest first, each with its last message and unread count. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const url = new URL(request.url);
  const { q, bloqueado } = conversationsQuery.parse(Object.fromEntries(url.searchParams));
  const [conversations, blocks] = await Promise.all([listConversations(viewer, q), bloqueado ? viewerBlocks(viewer, bloqueado) : null]);
  // "Bloquear" on a thread lands here with the username: said only when the viewer does block them (not from any link).
  return { conversations, q, blocked: blocks ? { username: bloqueado!, reportable: blocks.reportable } : null };
}

export default function WhispersPage({ loaderData }: Route.ComponentProps) {
  const { conversations, q, blocked } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="font-serif text-3xl font-bold">Sussurros</h1>
        <p className="text-muted">Conversas privadas entre você e outra pessoa. Só vocês dois leem.</p>
      </header>
      <FormMessage tone="success">
        {blocked ? (
          <>
            Você bloqueou @{blocked.username}. A conversa sumiu para vocês dois.
            {blocked.reportable ? (
              <>
                {' '}
                Se foi por algo que a pessoa escreveu, você ainda pode{' '}
                <Link to={reportPath('whisper', blocked.reportable)}>denunciar a última mensagem de @{blocked.username}</Link>.
              </>
            ) : null}
          </>
        ) : null}
      </FormMessage>
      <DirectorySearch label="Buscar conversa por nome ou @usuário" q={q} />
      <ConversationList conversations={conversations} searched={q !== ''} />
    </div>
  );
}
