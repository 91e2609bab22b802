import { useEffect, useState } from 'react';

/** "24:59", "1:02:03". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/**
 * Seconds left until `endsAt`, by the server's clock: the page's first render uses the loader's figure, then the
 * browser ticks from the offset between its clock and the server's (measured when the data arrived), recomputing
 * from the end each second — so a reload, a laptop waking from sleep or another tab all show the same time.
 */
export function useSecondsLeft(endsAt: string, serverNow: string): number {
  const initial = (Date.parse(endsAt) - Date.parse(serverNow)) / 1000;
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    const offset = Date.parse(serverNow) - Date.now();
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

/** The countdown, large, as a timer (not read aloud each second); the end is announced once. */
export function FocusTimer({ secondsLeft, size = 'large' }: { secondsLeft: number; size?: 'large' | 'small' }) {
  const ended = secondsLeft <= 0;
  return (
    <div className="flex flex-col items-center">
      <p role="timer" aria-label="Tempo restante" className={`font-bold tabular-nums ${size === 'large' ? 'text-6xl' : 'text-3xl'}`}>
        {formatCountdown(secondsLeft)}
      </p>
      <p role="status" className="text-sm text-muted">
        {ended ? 'Tempo esgotado!' : ''}
      </p>
    </div>
  );
}
