import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import * as searchDrawing from 'lucide-react/icons/search';
import { lucide } from '~/components/ui/icons';
import { Form, useNavigate } from 'react-router';

const Search = lucide(searchDrawing);

/** An edition or a club the API suggests: where it leads and a line about it. */
type Suggestion = { id: string; title: string; detail: string; href: string };

const DEBOUNCE_MS = 150;
const MIN_QUERY = 2;
const NONE: Suggestion[] = [];

/**
 * The header's search: a plain GET form to /catalogo (works before JavaScript), enhanced into an ARIA
 * combobox that suggests editions, and clubs, as the reader types.
 */
export function HeaderSearch() {
  const listId = useId();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [fetched, setSuggestions] = useState<Suggestion[]>([]);
  // Under two letters nothing is suggested, whatever the last answer was.
  const suggestions = query.trim().length < MIN_QUERY ? NONE : fetched;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    clearTimeout(timer.current);
    if (query.trim().length < MIN_QUERY) return;
    const controller = new AbortController();
    timer.current = setTimeout(() => {
      fetch(`/api/catalogo/sugestoes?q=${encodeURIComponent(query)}`, { signal: controller.signal })
        .then((r) => (r.ok ? (r.json() as Promise<{ suggestions: Suggestion[] }>) : { suggestions: [] }))
        .then((body) => {
          setSuggestions(body.suggestions);
          setActive(-1);
          setOpen(true);
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer.current);
      controller.abort();
    };
  }, [query]);

  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    setQuery('');
    void navigate(suggestion.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && suggestions.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && open && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    }
  };

  const expanded = open && suggestions.length > 0;
  return (
    <Form method="get" action="/catalogo" role="search" className="relative" onSubmit={() => setOpen(false)}>
      <label htmlFor={`${listId}-input`} className="sr-only">
        Buscar livros e clubes
      </label>
      <Search aria-hidden="true" size={18} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted" />
      <input
        id={`${listId}-input`}
        name="q"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => suggestions.length && setOpen(true)}
        placeholder="Buscar livros e clubes"
        autoComplete="off"
        maxLength={200}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        className="min-h-10 w-64 rounded-lg border border-line bg-surface py-2 pl-9 pr-3 text-sm text-ink placeholder:text-muted lg:w-80"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Sugestões"
        hidden={!expanded}
        className="absolute left-0 right-0 top-full z-50 mt-1 overflow-hidden rounded-lg border border-line bg-surface shadow-lg"
      >
        {suggestions.map((suggestion, i) => (
          <li
            key={suggestion.href}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(suggestion);
            }}
            className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-paper' : ''}`}
          >
            <span className="block font-medium text-ink">{suggestion.title}</span>
            <span className="block text-xs text-muted">{suggestion.detail}</span>
          </li>
        ))}
      </ul>
    </Form>
  );
}
