import * as bellDrawing from 'lucide-react/icons/bell';
import * as whispersDrawing from 'lucide-react/icons/message-circle';
import { lucide } from '~/components/ui/icons';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from '~/components/link';

const Bell = lucide(bellDrawing);
const Whispers = lucide(whispersDrawing);

/** A count that follows the server's (a navigation's loader) and, between navigations, the live one. */
function useLiveCount(loaded: number): [number, (n: number) => void] {
  const [count, setCount] = useState(loaded);
  // A new count from the server replaces the live one, set while rendering as React advises for state that follows a prop.
  const [seen, setSeen] = useState(loaded);
  if (loaded !== seen) {
    setSeen(loaded);
    setCount(loaded);
  }
  return [count, setCount];
}

function CountLink({ to, label, count, children }: { to: string; label: string; count: number; children: ReactNode }) {
  return (
    <Link to={to} aria-label={label} className="relative inline-flex size-11 items-center justify-center rounded-lg text-muted hover:text-ink">
      {children}
      {count > 0 ? (
        <span aria-hidden="true" className="absolute right-1 top-1 min-w-5 rounded-full bg-coral px-1 text-center text-xs font-bold text-on-coral">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * The header's whispers and bell, their counts live over one server-sent-events connection: unread conversations
 * (`sussurros`, decision 0088) and unread notifications (`unread`). Both are rendered with the page (the session's
 * statement reads them, decision 0091) and follow the stream between navigations.
 */
export function HeaderCounts({ unread, whispers: loadedWhispers, userId }: { unread: number; whispers: number; userId: string }) {
  const [notifications, setNotifications] = useLiveCount(unread);
  const [whispers, setWhispers] = useLiveCount(loadedWhispers);
  useEffect(() => {
    const source = new EventSource('/api/notificacoes/stream');
    const number = (event: Event) => Number((event as MessageEvent<string>).data) || 0;
    source.addEventListener('unread', (event) => setNotifications(number(event)));
    source.addEventListener('sussurros', (event) => setWhispers(number(event)));
    return () => source.close();
  }, [userId, setNotifications, setWhispers]);
  return (
    <>
      <CountLink
        to="/sussurros"
        label={whispers === 0 ? 'Sussurros' : `Sussurros: ${whispers} ${whispers === 1 ? 'conversa não lida' : 'conversas não lidas'}`}
        count={whispers}
      >
        <Whispers aria-hidden="true" size={20} />
      </CountLink>
      <CountLink
        to="/notificacoes"
        label={notifications === 0 ? 'Notificações' : `Notificações: ${notifications} não ${notifications === 1 ? 'lida' : 'lidas'}`}
        count={notifications}
      >
        <Bell aria-hidden="true" size={20} />
      </CountLink>
    </>
  );
}
