import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';

type Suggestion = { id: string; title: string; authors: string; year: string | null };

const DEBOUNCE_MS = 200;
const MIN_QUERY = 2;
const noSubscription = () => () => undefined;

/**
 * The LC's book: before JavaScript, a text field that takes an edition's id or its page's address (checked by
 * the server); with it, an ARIA combobox over the catalogue's suggestions (/api/catalogo/sugestoes, as the
 * header search) that fills the field with the chosen edition's id and says which book it is.
 */
export function EditionPicker({
  name,
  defaultValue,
  defaultTitle,
  error,
}: {
  name: string;
  defaultValue: string;
  defaultTitle: string | null;
  error?: string | undefined;
}) {
  const id = useId();
  const [value, setValue] = useState(defaultValue);
  const [chosen, setChosen] = useState<string | null>(defaultTitle);
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The server (and a browser without JavaScript) renders the plain field; hydration swaps in the combobox.
  const enhanced = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

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
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer.current);
      controller.abort();
    };
  }, [query]);

  const choose = (s: Suggestion) => {
    setValue(s.id);
    setChosen([s.title, s.authors].filter(Boolean).join(' · '));
    setQuery('');
    setSuggestions([]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!suggestions.length) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter' && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === 'Escape') setSuggestions([]);
  };
  const open = suggestions.length > 0 && query.trim().length >= MIN_QUERY;
  const errorId = `${id}-error`;

  if (!enhanced) {
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-raw`} className="font-medium">
          Livro (endereço ou código da edição)
        </label>
        <input
          id={`${id}-raw`}
          name={name}
          defaultValue={defaultValue}
          required
          placeholder="https://…/ed/…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2"
        />
        {defaultTitle ? <p className="text-sm text-muted">Agora: {defaultTitle}</p> : null}
        {error ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="relative flex flex-col gap-1">
      <input type="hidden" name={name} value={value} />
      <label htmlFor={`${id}-search`} className="font-medium">
        Livro da LC
      </label>
      <p id={`${id}-chosen`} className="text-sm" aria-live="polite">
        {chosen ? `Escolhido: ${chosen}` : 'Nenhum livro escolhido ainda.'}
      </p>
      <input
        id={`${id}-search`}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Busque pelo título, autor ou ISBN"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && active >= 0 ? `${id}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-chosen`, error ? errorId : ''].filter(Boolean).join(' ')}
        className="min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2"
      />
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label="Livros encontrados"
        hidden={!open}
        className="absolute left-0 right-0 top-full z-50 mt-1 overflow-hidden rounded-lg border border-line bg-surface shadow-lg"
      >
        {suggestions.map((s, i) => (
          <li
            key={s.id}
            id={`${id}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(s);
            }}
            className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-paper' : ''}`}
          >
            <span className="block font-medium">{s.title}</span>
            <span className="block text-xs text-muted">{[s.authors, s.year].filter(Boolean).join(' · ')}</span>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
