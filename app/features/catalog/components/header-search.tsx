import { useId, useState } from 'react';
import * as searchDrawing from 'lucide-react/icons/search';
import { lucide } from '~/components/ui/icons';
import { Form, useNavigate } from 'react-router';
import { type Suggestion, useSuggestions } from './use-suggestions';

const Search = lucide(searchDrawing);
const KINDS = ['edition', 'club', 'marathon', 'reader', 'species'] as const;

/**
 * The header's search: a plain GET form to /catalogo (works before JavaScript), enhanced into an ARIA
 * combobox that suggests editions, clubs, marathons, readers' foca pages and species as the reader types.
 */
export function HeaderSearch() {
  const listId = useId();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const { suggestions, expanded, active, onKeyDown, close, reopen } = useSuggestions(query, KINDS);
  const choose = (suggestion: Suggestion) => {
    close();
    setQuery('');
    void navigate(suggestion.href);
  };
  return (
    <Form method="get" action="/catalogo" role="search" className="relative" onSubmit={close}>
      <label htmlFor={`${listId}-input`} className="sr-only">
        Buscar livros, leitores, clubes, maratonas e espécies
      </label>
      <Search aria-hidden="true" size={18} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted" />
      <input
        id={`${listId}-input`}
        name="q"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => onKeyDown(event, choose)}
        onBlur={() => setTimeout(close, 150)}
        onFocus={() => suggestions.length && reopen()}
        placeholder="Buscar livros, leitores…"
        autoComplete="off"
        maxLength={200}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        className="min-h-10 w-60 rounded-lg border border-line bg-surface py-2 pl-9 pr-3 text-sm text-ink placeholder:text-muted"
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
