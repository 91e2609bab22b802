import { useEffect, useState } from 'react';

/** "24:59", "1:02:03". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

declare global {
  interface Window {
    /** The browser's clock when the server's HTML carrying each `serverNow` was parsed (ReceivedAt). */
    __focusReceivedAt?: Record<string, number>;
  }
}

/**
 * Stamps the browser's clock the moment the server's HTML carrying `serverNow` is parsed, before the JavaScript
 * loads and hydrates: the offset between the clocks is then not off by the loading time. React never runs a script
 * it renders itself, so after a client navigation (the data arrives and renders at once) there is no stamp and the
 * offset is measured at the first effect.
 */
export function ReceivedAt({ serverNow }: { serverNow: string }) {
  const key = JSON.stringify(serverNow);
  return <script dangerouslySetInnerHTML={{ __html: `(window.__focusReceivedAt=window.__focusReceivedAt||{})[${key}]=Date.now()` }} />;
}

/**
 * Seconds left until `endsAt`, by the server's clock: the page's first render uses the loader's figure, then the
 * browser ticks from the offset between its clock and the server's (measured when the data arrived: ReceivedAt),
 * recomputing from the end each second — so a reload, a laptop waking from sleep or another tab all show the same time.
 */
export function useSecondsLeft(endsAt: string, serverNow: string): number {
  const initial = (Date.parse(endsAt) - Date.parse(serverNow)) / 1000;
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    const offset = Date.parse(serverNow) - (window.__focusReceivedAt?.[serverNow] ?? Date.now());
    const tick = () => setLeft((Date.parse(endsAt) - (Date.now() + offset)) / 1000);
    tick();
    const timer = window.setInterval(tick, 1000);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [endsAt, serverNow]);
  return Math.max(0, left);
}

/**
 * The countdown, large, as a timer (not read aloud each second), under a visible label (a name on the timer itself
 * would hide the time from screen readers); the end is announced once.
 */
export function FocusTimer({ secondsLeft, size = 'large' }: { secondsLeft: number; size?: 'large' | 'small' }) {
  const ended = secondsLeft <= 0;
  return (
    <div className="flex flex-col items-center">
      <p className="text-sm text-muted">Tempo restante</p>
      <p role="timer" className={`font-bold tabular-nums ${size === 'large' ? 'text-6xl' : 'text-3xl'}`}>
        {formatCountdown(secondsLeft)}
      </p>
      <p role="status" className="text-sm text-muted">
        {ended ? 'Tempo esgotado!' : ''}
      </p>
    </div>
  );
}
