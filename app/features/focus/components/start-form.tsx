import { Form } from 'react-router';
import { Button, ButtonLink } from '~/components/ui/button';
import { SelectField, TextField } from '~/components/ui/field';
import { Foca } from '~/components/ui/foca';
import type { CoverCard } from '~/features/catalog/types';
import { usePosting } from '~/features/reading/components/use-posting';
import { type FormResult, fieldError, typed } from '~/lib/form-result';
import { FOCUS_MAX_MINUTES, FOCUS_MIN_MINUTES, FOCUS_PRESETS } from '../vocabulary';

/** Start a session: a book the reader is reading, a preset duration or another one (5–180 min). */
export function StartFocusForm({ books, result }: { books: readonly CoverCard[]; result: FormResult | undefined }) {
  const busy = usePosting();
  if (!books.length)
    return (
      <section aria-labelledby="comecar" className="flex flex-col items-start gap-3 rounded-xl border border-line bg-surface p-6 sm:flex-row sm:items-center">
        <Foca mood="sleeping" size={110} />
        <div className="flex flex-col items-start gap-3">
          <h2 id="comecar" className="font-serif text-xl font-semibold">
            Escolha um livro para começar
          </h2>
          <p>As sessões de foco são com um livro que você está lendo. Marque um livro como “Lendo” e volte aqui.</p>
          <ButtonLink to="/estante" variant="accent">
            Ir para a estante
          </ButtonLink>
        </div>
      </section>
    );
  const minutes = typed(result, 'minutes', String(FOCUS_PRESETS[0]));
  const minutesError = fieldError(result, 'minutes');
  return (
    <section aria-labelledby="comecar" className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-6">
      <h2 id="comecar" className="font-serif text-xl font-semibold">
        Começar uma sessão
      </h2>
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="iniciar" />
        <SelectField label="Livro" name="edition" defaultValue={typed(result, 'edition', books[0]!.id)} error={fieldError(result, 'edition')}>
          {books.map((book) => (
            <option key={book.id} value={book.id}>
              {book.title}
            </option>
          ))}
        </SelectField>
        <fieldset className="flex flex-col gap-2" aria-describedby={minutesError ? 'duracao-erro' : undefined}>
          <legend className="font-medium">Duração</legend>
          <div className="flex flex-wrap gap-2">
            {[...FOCUS_PRESETS.map(String), 'outra'].map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line px-3 has-[:checked]:border-mar has-[:checked]:bg-paper"
              >
                <input type="radio" name="minutes" value={value} defaultChecked={minutes === value} />
                {value === 'outra' ? 'Outra' : `${value} min`}
              </label>
            ))}
          </div>
          {minutesError ? (
            <p id="duracao-erro" role="alert" className="text-sm font-medium text-danger">
              {minutesError}
            </p>
          ) : null}
        </fieldset>
        <div className="w-48">
          <TextField
            label="Outra duração (minutos)"
            name="customMinutes"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={typed(result, 'customMinutes')}
            error={fieldError(result, 'customMinutes')}
            hint={`De ${FOCUS_MIN_MINUTES} a ${FOCUS_MAX_MINUTES}, com “Outra” marcada.`}
          />
        </div>
        <Button type="submit" variant="accent" disabled={busy} className="self-start">
          Começar
        </Button>
      </Form>
    </section>
  );
}
