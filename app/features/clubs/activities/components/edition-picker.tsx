import { useId, useState } from 'react';
import { useEnhanced } from '~/lib/use-enhanced';
import { type Suggestion, useSuggestions } from '~/features/catalog/components/use-suggestions';

/** The LC's book is an edition: the clubs the search also suggests are left out. */
const KINDS = ['edition'] as const;

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
  // The server (and a browser without JavaScript) renders the plain field; hydration swaps in the combobox.
  const enhanced = useEnhanced();

  const { suggestions, expanded: open, active, onKeyDown, close } = useSuggestions(query, KINDS);
  const choose = (s: Suggestion) => {
    setValue(s.id);
    setChosen([s.title, s.detail].filter(Boolean).join(' · '));
    setQuery('');
    close();
  };
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
        onKeyDown={(event) => onKeyDown(event, choose)}
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
            <span className="block text-xs text-muted">{s.detail}</span>
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
