import { Link } from '~/components/link';
import { Avatar } from '~/components/ui/avatar';
import { formatDateTime, formatNumber } from '~/lib/format';
import { REMOVED_READER } from '~/features/accounts/removed-reader';
import type { HomeWhispers } from '../types';

/**
 * /home's "Sussurros" (decision 0091): the conversations with something unread — who, when, how many — and the way to
 * /sussurros. Never the text. Nothing at all when nothing is unread.
 */
export function HomeWhispersCard({ conversations, total }: HomeWhispers) {
  if (conversations.length === 0) return null;
  return (
    <section aria-labelledby="sussurros-nao-lidos" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="sussurros-nao-lidos" className="font-serif text-xl font-semibold">
          Sussurros
        </h2>
        <Link to="/sussurros">{total > conversations.length ? `Ver as ${formatNumber(total)}` : 'Ver todas'}</Link>
      </div>
      <ul className="flex flex-col gap-1">
        {conversations.map((conversation) => {
          const name = conversation.counterpart?.name ?? REMOVED_READER;
          return (
            <li key={conversation.id}>
              <Link
                to={`/sussurros/${conversation.id}`}
                className="-mx-2 flex min-h-12 items-center gap-3 rounded-lg px-2 py-1 text-ink no-underline hover:bg-paper"
              >
                <Avatar name={name} image={conversation.counterpart?.image ?? null} size={36} />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-semibold">{name}</span>
                  <time dateTime={conversation.lastMessageAt} className="text-xs text-muted">
                    {formatDateTime(conversation.lastMessageAt)}
                  </time>
                </span>
                <span className="shrink-0 rounded-full bg-coral px-2 text-center text-sm font-bold text-on-coral">
                  {formatNumber(conversation.unread)}
                  <span className="sr-only"> {conversation.unread === 1 ? 'mensagem não lida' : 'mensagens não lidas'}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
