import { Form, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { type FormResult, fieldError, typed } from '~/lib/form-result';
import { formatNumber } from '~/lib/format';
import type { ImportRowView, ReaderImportDetail } from '../types';

const STATE_TEXT = (row: ImportRowView) =>
  row.outcome === 'chosen'
    ? row.editionId === row.suggestion?.id
      ? 'Você confirmou esta edição.'
      : `Você escolheu outra edição: ${row.title}.`
    : row.outcome === 'new'
      ? row.sameWork
        ? 'Entra no catálogo como outra edição desta obra, para os curadores revisarem.'
        : 'Entra no catálogo como um livro novo, para os curadores revisarem.'
      : 'Esperando sua resposta (sem resposta, entra como livro novo).';

/** Near titles the reader confirms, replaces with another edition, or sends in as new books. */
export function ImportSuggestions({ item, result }: { item: ReaderImportDetail; result: FormResult | undefined }) {
  const navigation = useNavigation();
  const waiting = item.counts.confirm ?? 0;
  // "All the same" answers only the suggestions of the same edition; another edition of a work is answered one by one.
  const sameEditionWaiting = item.toConfirm.filter((row) => row.outcome === 'confirm' && !row.otherEdition).length;
  return (
    <section aria-labelledby="confira" className="flex flex-col gap-3">
      <h2 id="confira" className="font-serif text-xl font-bold">
        Confira estes livros
      </h2>
      <p>
        O título no arquivo é parecido, mas não igual, ao de uma edição do catálogo. Diga se é o mesmo livro, indique outra edição ou deixe entrar como novo.
        {waiting ? ` ${waiting === 1 ? 'Falta 1 resposta' : `Faltam ${formatNumber(waiting)} respostas`}.` : ''}
      </p>
      {sameEditionWaiting > 1 ? (
        <Form method="post">
          <Button
            type="submit"
            name="intent"
            value="aceitar-todas"
            variant="secondary"
            pending={navigation.formData?.get('intent') === 'aceitar-todas'}
            pendingLabel="Confirmando…"
          >
            É o mesmo livro em todas
          </Button>
        </Form>
      ) : null}
      <ul className="flex flex-col gap-3">
        {item.toConfirm.map((row) => (
          <li key={row.line} className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-3">
            <p>
              <span className="text-sm text-muted">Linha {row.line} · no arquivo: </span>
              <span className="font-medium">{row.fileTitle}</span>
              {row.authors.length ? <span className="text-muted"> — {row.authors.join(', ')}</span> : null}
            </p>
            {row.suggestion ? (
              <p>
                <span className="text-sm text-muted">{row.otherEdition ? 'No catálogo, outra edição da mesma obra (em outro idioma): ' : 'No catálogo: '}</span>
                <Link to={`/ed/${row.suggestion.id}`}>{row.suggestion.title}</Link>
                {row.suggestion.authors.length ? <span className="text-muted"> — {row.suggestion.authors.join(', ')}</span> : null}
              </p>
            ) : null}
            <p className="text-sm" aria-live="polite">
              {STATE_TEXT(row)}
            </p>
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="decidir" />
              <input type="hidden" name="linha" value={row.line} />
              <Button type="submit" name="escolha" value="esta" variant="secondary" disabled={navigation.state !== 'idle'}>
                {row.otherEdition ? 'É a mesma obra: entra como outra edição' : 'É este'}
                <span className="sr-only"> (linha {row.line})</span>
              </Button>
              <Button type="submit" name="escolha" value="nova" variant="quiet" disabled={navigation.state !== 'idle'}>
                Não é: entra como novo<span className="sr-only"> (linha {row.line})</span>
              </Button>
            </Form>
            <details open={Boolean(fieldError(result, `edicao_${row.line}`))}>
              <summary className="min-h-11 cursor-pointer py-2 text-sm">É outra edição</summary>
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="decidir" />
                <input type="hidden" name="linha" value={row.line} />
                <input type="hidden" name="escolha" value="outra" />
                <div className="min-w-64 flex-1">
                  <TextField
                    label={`Endereço da edição certa (linha ${row.line})`}
                    name="edicao"
                    placeholder="https://…/ed/…"
                    defaultValue={typed(result, 'linha') === String(row.line) ? typed(result, 'edicao') : ''}
                    error={fieldError(result, `edicao_${row.line}`)}
                  />
                </div>
                <Button type="submit" variant="secondary" disabled={navigation.state !== 'idle'}>
                  Usar esta edição
                </Button>
              </Form>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
