import { Link } from '~/components/link';
import { Avatar } from '~/components/ui/avatar';
import { formatDate, formatNumber } from '~/lib/format';
import { REMOVED_READER } from '~/features/accounts/removed-reader';
import type { ConversationCard } from '../types';
import { RemovedMessage } from './removed-message';

/** /sussurros: each conversation with the other reader, the last message the viewer sees, and how many are unread. */
export function ConversationList({ conversations, searched }: { conversations: readonly ConversationCard[]; searched: boolean }) {
  if (conversations.length === 0)
    return (
      <p className="rounded-xl border border-line bg-surface p-4 text-muted">
        {searched
          ? 'Nenhuma conversa com alguém com esse nome.'
          : 'Você ainda não tem conversas. Abra o perfil de alguém e toque em “Sussurrar” para começar uma.'}
      </p>
    );
  return (
    <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface">
      {conversations.map((conversation) => {
        const name = conversation.counterpart?.name ?? REMOVED_READER;
        const unread = conversation.unread > 0;
        return (
          <li key={conversation.id}>
            <Link to={`/sussurros/${conversation.id}`} className="flex min-h-16 items-center gap-3 p-3 text-ink no-underline hover:bg-paper">
              <Avatar name={name} image={conversation.counterpart?.image ?? null} size={44} />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex min-w-0 items-baseline justify-between gap-2">
                  <span className={`min-w-0 truncate ${unread ? 'font-bold' : 'font-semibold'}`}>
                    {name}
                    {conversation.counterpart ? <span className="ml-1 text-sm font-normal text-muted">@{conversation.counterpart.username}</span> : null}
                  </span>
                  {conversation.lastMessage ? (
                    <time dateTime={conversation.lastMessage.createdAt} className="shrink-0 text-xs text-muted">
                      {formatDate(conversation.lastMessage.createdAt)}
                    </time>
                  ) : null}
                </span>
                <span className={`truncate text-sm ${unread ? 'text-ink' : 'text-muted'}`}>
                  {conversation.lastMessage?.removed ? (
                    <RemovedMessage />
                  ) : conversation.lastMessage ? (
                    `${conversation.lastMessage.mine ? 'Você: ' : ''}${conversation.lastMessage.body || '📷 Imagem'}`
                  ) : (
                    'Sem mensagens'
                  )}
                </span>
              </span>
              {unread ? (
                <span className="min-w-6 rounded-full bg-coral px-2 text-center text-sm font-bold text-on-coral">
                  {formatNumber(conversation.unread)}
                  <span className="sr-only"> {conversation.unread === 1 ? 'mensagem não lida' : 'mensagens não lidas'}</span>
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
