import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { SelectField } from '~/components/ui/field';
import { VISIBILITIES, VISIBILITY_LABELS } from '~/features/social/vocabulary';
import { type FormResult, fieldError, typed } from '~/lib/form-result';
import { formatNumber } from '~/lib/format';
import type { ReaderImportDetail } from '../types';
import { NoStatusQuestion } from './import-no-status';

/**
 * The confirm form of the preview: what to do with rows without a status, who sees the custom shelves the file
 * creates, and the button that says how many books will be imported — the rows the reader chose to ignore left out.
 */
export function ImportConfirm({ item, result }: { item: ReaderImportDetail; result: FormResult | undefined }) {
  const navigation = useNavigation();
  const [ignoreNoStatus, setIgnoreNoStatus] = useState(typed(result, 'sem_status') === 'ignorar');
  const books = item.total - (item.counts.failed ?? 0) - (ignoreNoStatus ? (item.counts.noStatus ?? 0) : 0);
  return (
    <Form
      method="post"
      className="flex flex-wrap items-center gap-3"
      onChange={(event) => {
        const input = event.target;
        if (input instanceof HTMLInputElement && input.name === 'sem_status') setIgnoreNoStatus(input.value === 'ignorar');
      }}
    >
      {item.counts.noStatus ? <NoStatusQuestion rows={item.counts.noStatus} result={result} /> : null}
      {item.newShelves.length ? <NewShelvesQuestion shelves={item.newShelves} chosen={item.shelfVisibility} result={result} /> : null}
      <Button type="submit" name="intent" value="confirmar" pending={navigation.formData?.get('intent') === 'confirmar'} pendingLabel="Começando…">
        Importar {formatNumber(books)} {books === 1 ? 'livro' : 'livros'}
      </Button>
      <Button type="submit" name="intent" value="descartar" variant="quiet">
        Descartar e enviar outro arquivo
      </Button>
    </Form>
  );
}

/**
 * The custom shelves the file creates, with their books, and one audience for all of them (Goodreads and Skoob
 * have none per shelf): private unless the reader chooses otherwise. Shelves the reader already has keep theirs.
 */
function NewShelvesQuestion({
  shelves,
  chosen,
  result,
}: {
  shelves: ReaderImportDetail['newShelves'];
  chosen: ReaderImportDetail['shelfVisibility'];
  result: FormResult | undefined;
}) {
  return (
    <fieldset className="flex w-full flex-col gap-2 rounded-xl border border-line bg-surface p-4" aria-describedby="estantes-novas-explica">
      <legend className="font-serif text-xl font-bold">{shelves.length === 1 ? '1 estante nova' : `${formatNumber(shelves.length)} estantes novas`}</legend>
      <p id="estantes-novas-explica" className="text-sm text-muted">
        O arquivo traz estantes que você ainda não tem no Maratona. Elas serão criadas com os livros de cada uma; as estantes que você já tem continuam com quem
        pode vê-las hoje.
      </p>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {shelves.map((shelf) => (
          <li key={shelf.name}>
            <span className="font-medium">{shelf.name}</span>: {formatNumber(shelf.books)} {shelf.books === 1 ? 'livro' : 'livros'}
          </li>
        ))}
      </ul>
      <SelectField
        label="Quem pode ver as estantes novas"
        name="estantes_visibilidade"
        id="estantes-visibilidade"
        hint="Você pode mudar cada estante depois, na página dela. Com o perfil restrito, uma estante pública fica só para seguidores."
        defaultValue={typed(result, 'estantes_visibilidade', chosen)}
        error={fieldError(result, 'estantes_visibilidade')}
      >
        {VISIBILITIES.map((value) => (
          <option key={value} value={value}>
            {VISIBILITY_LABELS[value]}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}
