import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

/**
 * Loads the page's data again every `everyMs` while `active` (an archive being built, an import running),
 * so what the server finishes appears by itself; a load still in flight is not doubled.
 */
export function useRevalidateWhile(active: boolean, everyMs: number) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, revalidator]);
}
