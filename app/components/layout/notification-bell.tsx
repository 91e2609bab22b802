import * as bellDrawing from 'lucide-react/icons/bell';
import { lucide } from '~/components/ui/icons';
import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Link } from '~/components/link';

const Bell = lucide(bellDrawing);

/** The bell's count follows the reader's notifications live over server-sent events. */
export function NotificationBell({ unread, userId }: { unread: number; userId: string }) {
  const [count, setCount] = useState(unread);
  // A new count from the server (a navigation's loader) replaces the live one, set while rendering as React
  // advises for state that follows a prop.
  const [loaded, setLoaded] = useState(unread);
  if (unread !== loaded) {
    setLoaded(unread);
    setCount(unread);
  }
  const revalidator = useRevalidator();
  useEffect(() => {
    const source = new EventSource('/api/notificacoes/stream');
    source.addEventListener('unread', (event) => setCount(Number((event as MessageEvent<string>).data) || 0));
    return () => source.close();
  }, [userId, revalidator]);
  const label = count === 0 ? 'Notificações' : `Notificações: ${count} não ${count === 1 ? 'lida' : 'lidas'}`;
  return (
    <Link to="/notificacoes" aria-label={label} className="relative inline-flex size-11 items-center justify-center rounded-lg text-muted hover:text-ink">
      <Bell aria-hidden="true" size={20} />
      {count > 0 ? (
        <span aria-hidden="true" className="absolute right-1 top-1 min-w-5 rounded-full bg-coral px-1 text-center text-xs font-bold text-on-coral">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
