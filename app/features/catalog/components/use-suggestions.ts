import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/** What /api/catalogo/sugestoes suggests: an edition, a club, a marathon, a reader's foca page or a species, where it leads and a line about it. */
export type Suggestion = { kind: 'edition' | 'club' | 'marathon' | 'reader' | 'species'; id: string; title: string; detail: string; href: string };

const DEBOUNCE_MS = 150;
const MIN_QUERY = 2;
const NONE: Suggestion[] = [];

/**
 * The suggestions of an ARIA combobox over /api/catalogo/sugestoes (the header search, the LC's book picker):
 * fetched as the reader pauses typing, only of `kinds`, with the list's open state, its active option and its
 * keys (arrows move, Enter hands the active one to `onChoose`, Escape closes).
 */
export function useSuggestions(query: string, kinds: readonly Suggestion['kind'][]) {
  const [fetched, setFetched] = useState<Suggestion[]>(NONE);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const kindsKey = kinds.join(',');
  // Under two letters nothing is suggested, whatever the last answer was.
  const suggestions = query.trim().length < MIN_QUERY ? NONE : fetched;

  useEffect(() => {
    clearTimeout(timer.current);
    if (query.trim().length < MIN_QUERY) return;
    const controller = new AbortController();
    const wanted = new Set(kindsKey.split(','));
    timer.current = setTimeout(() => {
      fetch(`/api/catalogo/sugestoes?q=${encodeURIComponent(query)}`, { signal: controller.signal })
        .then((r) => (r.ok ? (r.json() as Promise<{ suggestions: Suggestion[] }>) : { suggestions: NONE }))
        .then((body) => {
          setFetched(body.suggestions.filter((s) => wanted.has(s.kind)));
          setActive(-1);
          setOpen(true);
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer.current);
      controller.abort();
    };
  }, [query, kindsKey]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, onChoose: (suggestion: Suggestion) => void) => {
    if (event.key === 'ArrowDown' && suggestions.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Escape') {
      close();
    } else if (event.key === 'Enter' && open && active >= 0 && suggestions[active]) {
      event.preventDefault();
      onChoose(suggestions[active]);
    }
  };
  return { suggestions, expanded: open && suggestions.length > 0, active, onKeyDown, close, reopen: () => setOpen(true) };
}
