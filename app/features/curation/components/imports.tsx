import { Form, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { ReaderLink } from '~/features/profiles/components/reader-link';
import { Button, ButtonLink } from '~/components/ui/button';
import { FormMessage, TextArea } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { ProgressBar } from '~/components/ui/progress-bar';
import { type FormResult, fieldError, isFailure, typed } from '~/lib/form-result';
import { formatDateTime, formatNumber } from '~/lib/format';
import { IMPORT_LIMITS_TEXT } from '../import-file';
import { IMPORT_OUTCOME_LABELS, IMPORT_OUTCOME_SLUGS, type CatalogImportDetail, type CatalogImportSummary, type ImportRowOutcome } from '../types';

const card = 'flex flex-col gap-3 rounded-xl border border-line bg-surface p-4';

const tones: Record<ImportRowOutcome, string> = {
  new: 'border-mar text-mar',
  created: 'border-ok text-ok',
  existing: 'border-line text-muted',
  duplicate: 'border-line text-muted',
  error: 'border-danger text-danger',
};

function OutcomeBadge({ outcome }: { outcome: ImportRowOutcome }) {
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tones[outcome]}`}>
      {IMPORT_OUTCOME_LABELS[outcome]}
    </span>
  );
}

/** The upload form: a file or pasted text; the file field carries every message about the file. */
export function ImportUploadForm({ result }: { result: FormResult | undefined }) {
  const navigation = useNavigation();
  const error = fieldError(result, 'arquivo');
  return (
    <Form method="post" encType="multipart/form-data" className={card} aria-labelledby="enviar">
      <h2 id="enviar" className="font-serif text-xl font-semibold">
        Enviar planilha
      </h2>
      <p className="text-sm text-muted">
        CSV ou TSV em UTF-8 (com ou sem BOM), separado por vírgula, ponto e vírgula ou tabulação, {IMPORT_LIMITS_TEXT}. A primeira linha é o cabeçalho: título
        (obrigatório; ou “obra”), subtítulo, autores, tradutor, ilustrador, adaptação, editora, selo, ISBN (10 ou 13), ASIN, páginas, ano ou data de publicação,
        formato, idioma, gêneros, sinopse, coleção, posição, título original, idioma original e ano da primeira publicação — em português ou inglês, em
        maiúsculas ou não. Na coluna de autores, “ADAPTAÇÃO:” e “ILUSTRAÇÕES:” (ou “(ADAPT.)” e “(ILUSTR.)”) dão o papel de cada nome. Outras colunas são
        ignoradas.
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor="arquivo" className="font-medium">
          Arquivo
        </label>
        <input
          id="arquivo"
          name="arquivo"
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          className="min-h-11 rounded-lg border border-line bg-surface px-3 py-2"
          {...(error ? { 'aria-invalid': true, 'aria-describedby': 'arquivo-error' } : {})}
        />
        {error ? (
          <p id="arquivo-error" className="text-sm font-medium text-danger" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <TextArea
        label="Ou cole o conteúdo da planilha"
        name="texto"
        defaultValue={typed(result, 'texto')}
        spellCheck={false}
        className="min-h-28 w-full rounded-lg border border-line bg-surface px-3 py-2 font-mono text-sm"
      />
      {isFailure(result) && result.formError ? <FormMessage>{result.formError}</FormMessage> : null}
      <div>
        <Button type="submit" pending={navigation.state === 'submitting'} pendingLabel="Lendo o arquivo…">
          Ver prévia
        </Button>
      </div>
    </Form>
  );
}

export function ImportList({ imports }: { imports: CatalogImportSummary[] }) {
  if (imports.length === 0) return <p className="text-muted">Nenhuma importação ainda. Envie uma planilha acima para ver a prévia.</p>;
  return (
    <ul className="flex flex-col gap-2">
      {imports.map((item) => (
        <li key={item.id} className="flex flex-col gap-1 rounded-xl border border-line bg-surface p-3">
          <Link to={`/gerenciar/catalogo/importar/${item.id}`} className="break-all font-semibold">
            {item.fileName}
          </Link>
          <p className="text-sm text-muted">
            {STATUS_TEXT[item.status](item)}
            {item.curator ? (
              <>
                {' '}
                · <ReaderLink reader={item.curator}>@{item.curator.username}</ReaderLink>
              </>
            ) : null}{' '}
            · {lines(item.total)}
            {item.status === 'imported' ? ` · ${formatNumber(item.counts.created)} ${item.counts.created === 1 ? 'edição criada' : 'edições criadas'}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}

const STATUS_TEXT: Record<CatalogImportSummary['status'], (item: CatalogImportSummary) => string> = {
  reading: (item) => `Enviada em ${formatDateTime(item.createdAt)}, lendo o arquivo`,
  preview: (item) => `Prévia de ${formatDateTime(item.createdAt)}, não confirmada`,
  importing: (item) => `Enviada em ${formatDateTime(item.createdAt)}, importando`,
  imported: (item) => `Importada em ${formatDateTime(item.importedAt ?? item.createdAt)}`,
};

const lines = (n: number) => `${formatNumber(n)} ${n === 1 ? 'linha' : 'linhas'}`;

/** The outcomes each stage shows, in order: while importing, rows go from `new` to `created` (or `existing`). */
const OUTCOME_ORDER: Record<CatalogImportSummary['status'], ImportRowOutcome[]> = {
  reading: ['new', 'existing', 'duplicate', 'error'],
  preview: ['new', 'existing', 'duplicate', 'error'],
  importing: ['new', 'created', 'existing', 'duplicate', 'error'],
  imported: ['created', 'existing', 'duplicate', 'error'],
};

/** The preview before confirming, or the report after: counts that filter the rows, and the rows. */
export function ImportDetail({ detail, filter, search }: { detail: CatalogImportDetail; filter: ImportRowOutcome | undefined; search: string }) {
  const navigation = useNavigation();
  const base = `/gerenciar/catalogo/importar/${detail.id}`;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">
        <span className="break-all">{detail.fileName}</span> · {lines(detail.total)} · enviada em {formatDateTime(detail.createdAt)}
        {detail.curator ? (
          <>
            {' '}
            por <ReaderLink reader={detail.curator}>@{detail.curator.username}</ReaderLink>
          </>
        ) : null}
        {detail.importedAt ? ` · importada em ${formatDateTime(detail.importedAt)}` : ''}
      </p>
      {detail.ignoredColumns.length ? <p className="text-sm text-muted">Colunas ignoradas: {detail.ignoredColumns.join(', ')}.</p> : null}
      <nav aria-label="Filtrar linhas" className="flex flex-wrap gap-2">
        <FilterLink to={base} current={!filter} label={`Todas: ${formatNumber(detail.total)}`} />
        {OUTCOME_ORDER[detail.status].map((outcome) => (
          <FilterLink
            key={outcome}
            to={`${base}?situacao=${IMPORT_OUTCOME_SLUGS[outcome]}`}
            current={filter === outcome}
            label={`${capitalized(IMPORT_OUTCOME_LABELS[outcome])}: ${formatNumber(detail.counts[outcome])}`}
          />
        ))}
      </nav>
      {detail.progress ? (
        <section aria-labelledby="progresso" className={card}>
          <h2 id="progresso" className="font-serif text-xl font-semibold">
            {detail.status === 'reading' ? 'Lendo o arquivo' : 'Importando'}
          </h2>
          <div aria-live="polite">
            <ProgressBar
              fraction={detail.progress.total ? detail.progress.done / detail.progress.total : 0}
              label={
                detail.status === 'reading'
                  ? `${formatNumber(detail.progress.done)} de ${lines(detail.progress.total)} lidas`
                  : `${formatNumber(detail.progress.done)} de ${formatNumber(detail.progress.total)} ${detail.progress.total === 1 ? 'edição' : 'edições'}`
              }
            />
          </div>
          <p className="text-sm text-muted">
            Pode fechar esta página: {detail.status === 'reading' ? 'a leitura' : 'a importação'} continua, mesmo se o servidor reiniciar
            {detail.status === 'reading' ? ', e a prévia fica aqui.' : ', e o relatório fica aqui.'}
          </p>
        </section>
      ) : detail.status === 'preview' ? (
        <Form method="post" className={card}>
          <p>
            {detail.counts.new > 0
              ? `Confirmar cria ${formatNumber(detail.counts.new)} ${detail.counts.new === 1 ? 'edição' : 'edições'}. As linhas já no catálogo, duplicadas ou com erro não são importadas.`
              : 'Nenhuma linha nova para importar: corrija a planilha e envie de novo.'}
          </p>
          <div>
            <Button
              type="submit"
              name="intent"
              value="confirmar"
              variant="accent"
              disabled={detail.counts.new === 0}
              pending={navigation.state === 'submitting'}
              pendingLabel="Começando…"
            >
              Confirmar importação
            </Button>
          </div>
        </Form>
      ) : (
        <p>
          <ButtonLink to={`${base}/relatorio.csv`} reloadDocument variant="secondary">
            Baixar relatório (CSV)
          </ButtonLink>
        </p>
      )}
      <ImportRowsTable detail={detail} />
      <Pagination page={detail.page} pageSize={detail.pageSize} total={detail.rowsTotal} search={search} />
    </div>
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function FilterLink({ to, current, label }: { to: string; current: boolean; label: string }) {
  return (
    <Link
      to={to}
      aria-current={current ? 'page' : undefined}
      className={`min-h-11 rounded-full border px-4 py-2.5 text-sm no-underline ${current ? 'border-mar bg-mar text-on-mar' : 'border-line bg-surface'}`}
    >
      {label}
    </Link>
  );
}

function ImportRowsTable({ detail }: { detail: CatalogImportDetail }) {
  if (detail.rows.length === 0) return <p className="text-muted">Nenhuma linha nessa situação.</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-surface">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Linhas do arquivo e o que acontece com cada uma</caption>
        <thead>
          <tr className="border-b border-line">
            {[
              ['Linha', 'w-14'],
              ['Edição', ''],
              ['Situação', 'w-[45%]'],
            ].map(([column, width]) => (
              <th key={column} scope="col" className={`p-2 ${width}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {detail.rows.map((row) => (
            <tr key={row.line} className="border-b border-line align-top last:border-0">
              <td className="p-2 tabular-nums">{row.line}</td>
              <td className="break-words p-2">
                {row.editionPath ? <Link to={row.editionPath}>{row.title || '(sem título)'}</Link> : row.title || '(sem título)'}
                {row.isbn13 ? (
                  <span className="block text-muted">
                    ISBN <span className="whitespace-nowrap tabular-nums">{row.isbn13}</span>
                  </span>
                ) : null}
              </td>
              <td className="flex flex-col items-start gap-1 break-words p-2">
                <OutcomeBadge outcome={row.outcome} />
                {row.message ? <span>{row.message}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
