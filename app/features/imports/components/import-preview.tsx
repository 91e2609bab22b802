import { Form, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { TableHead } from '~/components/ui/table-head';
import { SelectField } from '~/components/ui/field';
import { type FormResult, fieldError, typed } from '~/lib/form-result';
import { formatNumber } from '~/lib/format';
import { IMPORT_FIELD_LABELS } from '../fields';
import type { ReaderImportDetail } from '../types';
import { PREVIEW_SAMPLE_SIZE } from '../limits';
import { FailedRows, OUTCOME_TEXT } from './import-rows';
import { ImportSuggestions } from './import-suggestions';
import { FileSummaryItems } from './import-file-summary';
import { IMPORT_FIELDS } from '../vocabulary';

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

const DATE_ORDERS = [
  ['dmy', 'Dia/mês/ano (31/12/2025)'],
  ['mdy', 'Mês/dia/ano (12/31/2025)'],
] as const;

/** What the import will do, a sample of rows, and the column mapping and date order the reader may change. */
export function ImportPreview({ item, result }: { item: ReaderImportDetail; result: FormResult | undefined }) {
  const navigation = useNavigation();
  const found = (item.counts.isbn ?? 0) + (item.counts.id ?? 0) + (item.counts.title ?? 0) + (item.counts.chosen ?? 0);
  const mapped = new Set(Object.values(item.mapping));
  // The date order is asked only when the file's dates leave it open (always, for a preview read before the file's summary was kept).
  const dates = item.counts.file?.dates ?? 'ambiguous';
  return (
    <>
      <section aria-labelledby="resumo" className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4">
        <h2 id="resumo" className="font-serif text-xl font-bold">
          O que vai acontecer
        </h2>
        <ul className="flex list-disc flex-col gap-1 pl-5">
          <li>
            {plural(found, 'livro encontrado', 'livros encontrados')} no catálogo
            {found
              ? ` (${[item.counts.isbn ? `${formatNumber(item.counts.isbn)} pelo ISBN` : '', item.counts.id ? `${formatNumber(item.counts.id)} pela edição do Maratona` : '', item.counts.title ? `${formatNumber(item.counts.title)} pelo título e autor` : '', item.counts.chosen ? `${formatNumber(item.counts.chosen)} ${item.counts.chosen === 1 ? 'escolhido' : 'escolhidos'} por você` : ''].filter(Boolean).join(', ')})`
              : ''}
            .
          </li>
          {item.counts.confirm ? (
            <li>{plural(item.counts.confirm, 'livro parecido espera', 'livros parecidos esperam')} sua confirmação (logo abaixo).</li>
          ) : null}
          {item.counts.new ? (
            <li>
              {plural(item.counts.new, 'livro entra no catálogo agora, marcado', 'livros entram no catálogo agora, marcados')} para os curadores revisarem.
              Nenhum livro fica de fora.
            </li>
          ) : null}
          {item.counts.failed ? (
            <li>{plural(item.counts.failed, 'linha não pode ser importada', 'linhas não podem ser importadas')} (motivos abaixo).</li>
          ) : null}
          {item.counts.file ? <FileSummaryItems summary={item.counts.file} /> : null}
          {item.counts.noStatus ? (
            <li>
              {plural(item.counts.noStatus, 'linha não tem status', 'linhas não têm status')}: nunca contam como lidas; você escolhe o que fazer com{' '}
              {item.counts.noStatus === 1 ? 'ela' : 'elas'} antes de importar (no fim da página).
            </li>
          ) : null}
        </ul>
        <p className="text-sm text-muted">
          Livros que já estão na sua estante não são duplicados: o que já está preenchido aqui fica como está, e o status só avança (lido &gt; lendo &gt;
          pausado ou abandonado &gt; quero ler), a não ser que o arquivo traga uma data mais nova.
        </p>
      </section>

      {item.toConfirm.length ? <ImportSuggestions item={item} result={result} /> : null}

      <section aria-labelledby="amostra" className="flex flex-col gap-2">
        <h2 id="amostra" className="font-serif text-xl font-bold">
          {item.total > PREVIEW_SAMPLE_SIZE ? `As primeiras ${PREVIEW_SAMPLE_SIZE} linhas` : 'As linhas do arquivo'}
        </h2>
        <div className="overflow-x-auto rounded-xl border border-line bg-surface">
          <table className="w-full text-left text-sm">
            <TableHead
              columns={[
                { label: 'Linha', className: 'p-2' },
                { label: 'Livro', className: 'p-2' },
                { label: 'O que acontece', className: 'p-2' },
              ]}
            />
            <tbody>
              {item.sample.map((row) => (
                <tr key={row.line} className="border-b border-line last:border-0 align-top">
                  <td className="p-2 tabular-nums">{row.line}</td>
                  <td className="p-2">
                    <span className="font-medium">{row.fileTitle}</span>
                    {row.authors.length ? <span className="text-muted"> — {row.authors.join(', ')}</span> : null}
                    {row.warnings.map((w) => (
                      <p key={w} className="text-xs text-muted">
                        {w}
                      </p>
                    ))}
                  </td>
                  <td className="p-2">{row.outcome === 'failed' ? row.reason : OUTCOME_TEXT[row.outcome]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {item.failed.length ? <FailedRows item={item} /> : null}

      <Form method="post" className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4" aria-labelledby="ajustar">
        <h2 id="ajustar" className="font-serif text-xl font-bold">
          Algo errado? Ajuste a leitura do arquivo
        </h2>
        {dates === 'ambiguous' ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="font-medium">Como as datas estão escritas?</legend>
            {!item.dateOrderDetected ? (
              <p className="text-sm text-muted">
                Nenhuma data do arquivo tem dia maior que 12, então não dá para saber sozinho. Confira numa data que você conhece.
              </p>
            ) : null}
            {DATE_ORDERS.map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="ordem" value={value} defaultChecked={(typed(result, 'ordem') || item.dateOrder) === value} />
                {label}
              </label>
            ))}
          </fieldset>
        ) : dates === 'detected' ? (
          <p className="text-sm">
            Datas lidas como {DATE_ORDERS.find(([value]) => value === item.dateOrder)![1].toLowerCase()}: o próprio arquivo mostra a ordem, numa data com o dia
            maior que 12.
          </p>
        ) : null}
        <details open={Boolean(fieldError(result, 'coluna_title'))}>
          <summary className="min-h-11 cursor-pointer py-2 font-medium">Colunas do arquivo</summary>
          <p className="text-sm text-muted">Achamos as colunas pelo nome. Se alguma informação veio na coluna errada, escolha a certa.</p>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {IMPORT_FIELDS.filter((field) => field !== 'bookId' || item.source === 'maratona').map((field) => (
              <SelectField
                key={field}
                label={IMPORT_FIELD_LABELS[field]}
                name={`coluna_${field}`}
                defaultValue={typed(result, `coluna_${field}`, item.mapping[field] ?? '')}
                error={fieldError(result, `coluna_${field}`)}
              >
                <option value="">(nenhuma)</option>
                {item.header.map((name) => (
                  <option key={name} value={name}>
                    {name}
                    {!mapped.has(name) ? ' (sem uso)' : ''}
                  </option>
                ))}
              </SelectField>
            ))}
          </div>
        </details>
        <Button
          type="submit"
          name="intent"
          value="ajustar"
          variant="secondary"
          className="self-start"
          pending={navigation.formData?.get('intent') === 'ajustar'}
          pendingLabel="Lendo de novo…"
        >
          Ler o arquivo de novo
        </Button>
      </Form>
    </>
  );
}
