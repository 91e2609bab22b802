import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { type FormResult, isFailure } from '~/lib/form-result';
import type { ShelfDetail } from '../types';
import { ShelfForm } from './shelf-form';
import { AddShelfItem } from './shelf-items';

/** The owner's tools on /estante/{id}: add a book, filter the bookshelf by this shelf, edit, delete (confirmed first). */
export function ShelfOwnerTools({ shelf, addable, result }: { shelf: ShelfDetail; addable: { id: string; title: string }[]; result: FormResult | undefined }) {
  const failure = isFailure(result) && result.fields.intent !== 'editar' ? result : null;
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      {failure ? <FormMessage>{failure.formError || Object.values(failure.fieldErrors)[0]}</FormMessage> : null}
      <AddShelfItem entries={addable} />
      <p className="text-sm">
        <Link to={`/estante?estante=${shelf.id}`}>Ver na minha estante, com filtros</Link>
      </p>
      <details open={isFailure(result) && result.fields.intent === 'editar'}>
        <summary className="min-h-11 cursor-pointer py-2 font-semibold">Editar estante</summary>
        <ShelfForm intent="editar" shelf={shelf} result={result} submitLabel="Salvar estante" />
      </details>
      <details>
        <summary className="min-h-11 cursor-pointer py-2 text-sm text-muted">Excluir estante</summary>
        <Form method="post" className="flex flex-col items-start gap-2">
          <input type="hidden" name="intent" value="excluir" />
          <p className="text-sm">A estante “{shelf.name}” será excluída. Os livros continuam na sua estante.</p>
          <Button type="submit" variant="danger">
            Excluir estante
          </Button>
        </Form>
      </details>
    </div>
  );
}
