import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { SelectField } from '~/components/ui/field';
import type { ShelfChoice } from '../types';

/** "Adicionar a uma estante": the reader's custom shelves, with the ones that already hold this book listed for removal. */
export function AddToShelf({ choices, busy }: { choices: ShelfChoice[]; busy: boolean }) {
  const available = choices.filter((c) => !c.contains);
  const holding = choices.filter((c) => c.contains);
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      <h3 className="font-semibold">Minhas estantes</h3>
      {holding.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {holding.map((shelf) => (
            <li key={shelf.id} className="flex flex-wrap items-center gap-2">
              <Link to={`/estante/${shelf.id}`}>{shelf.name}</Link>
              <Form method="post">
                <input type="hidden" name="intent" value="tirar-da-estante" />
                <input type="hidden" name="shelf" value={shelf.id} />
                <Button type="submit" variant="quiet" disabled={busy} aria-label={`Tirar de “${shelf.name}”`}>
                  Tirar
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      {available.length > 0 ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="adicionar-a-estante" />
          <SelectField id="adicionar-estante" name="shelf" label="Adicionar a uma estante">
            {available.map((shelf) => (
              <option key={shelf.id} value={shelf.id}>
                {shelf.name}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="secondary" disabled={busy}>
            Adicionar
          </Button>
        </Form>
      ) : null}
      <p className="text-sm">
        <Link to="/estantes">{choices.length === 0 ? 'Criar uma estante' : 'Ver minhas estantes'}</Link>
      </p>
    </div>
  );
}
