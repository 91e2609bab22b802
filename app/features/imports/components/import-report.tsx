import { Link } from '~/components/link';
import { buttonClass } from '~/components/ui/button';
import { ProgressBar } from '~/components/ui/progress-bar';
import { formatNumber } from '~/lib/format';
import type { ReaderImportDetail } from '../types';
import { REPORT_ADDED_LIST } from '../limits';
import { FailedRows } from './import-rows';

/** "cerca de 3 minutos" from the pace so far; null until there is a pace to speak of. */
function remaining(item: ReaderImportDetail, now: number): string | null {
  if (!item.startedAt) return null;
  const elapsed = now - Date.parse(item.startedAt);
  const done = item.applied - (item.counts.failed ?? 0);
  const left = item.total - item.applied;
  if (done <= 0 || elapsed <= 0 || left <= 0) return null;
  const seconds = Math.ceil(((elapsed / done) * left) / 1000);
  if (seconds < 60) return 'menos de um minuto';
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? 'cerca de 1 minuto' : `cerca de ${formatNumber(minutes)} minutos`;
}

/** The progress of a running import, then its report: counts, the rows not imported, the books added. */
export function ImportReport({ item, now }: { item: ReaderImportDetail; now: number }) {
  if (item.status === 'queued') {
    const eta = remaining(item, now);
    return (
      <section aria-labelledby="progresso" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        <h2 id="progresso" className="font-serif text-xl font-bold">
          Progresso
        </h2>
        <div aria-live="polite">
          <ProgressBar
            fraction={item.total ? item.applied / item.total : 0}
            label={`${formatNumber(item.applied)} de ${formatNumber(item.total)} linhas${eta ? ` · ${eta} restantes` : ''}`}
          />
        </div>
        <p className="text-sm text-muted">Pode fechar esta página: a importação continua, mesmo se o servidor reiniciar, e o relatório fica aqui.</p>
      </section>
    );
  }
  const counts = item.counts;
  return (
    <>
      <section aria-labelledby="resultado" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        <h2 id="resultado" className="font-serif text-xl font-bold">
          Resultado
        </h2>
        <ul className="flex list-disc flex-col gap-1 pl-5">
          {counts.added ? <li>{counts.added === 1 ? '1 livro novo na sua estante' : `${formatNumber(counts.added)} livros novos na sua estante`}</li> : null}
          {counts.updated ? (
            <li>
              {counts.updated === 1
                ? '1 livro que já estava lá ganhou informações'
                : `${formatNumber(counts.updated)} livros que já estavam lá ganharam informações`}
            </li>
          ) : null}
          {counts.unchanged ? (
            <li>{counts.unchanged === 1 ? '1 livro já estava igual' : `${formatNumber(counts.unchanged)} livros já estavam iguais`}</li>
          ) : null}
          {counts.catalogMatched ? (
            <li>{counts.catalogMatched === 1 ? '1 livro encontrado no catálogo' : `${formatNumber(counts.catalogMatched)} livros encontrados no catálogo`}</li>
          ) : null}
          {counts.catalogCreated ? (
            <li>
              {counts.catalogCreated === 1
                ? '1 livro entrou no catálogo como edição nova, marcada para os curadores revisarem'
                : `${formatNumber(counts.catalogCreated)} livros entraram no catálogo como edições novas, marcadas para os curadores revisarem`}
            </li>
          ) : null}
          {counts.failed ? <li>{counts.failed === 1 ? '1 linha não importada' : `${formatNumber(counts.failed)} linhas não importadas`}</li> : null}
          {counts.ignored ? (
            <li>
              {counts.ignored === 1
                ? '1 linha sem status ficou de fora, como você pediu'
                : `${formatNumber(counts.ignored)} linhas sem status ficaram de fora, como você pediu`}
            </li>
          ) : null}
        </ul>
        <Link to="/estante" className={buttonClass('primary', 'self-start')}>
          Ver minha estante
        </Link>
      </section>
      {item.failed.length ? <FailedRows item={item} /> : null}
      {item.added.length ? (
        <section aria-labelledby="adicionados" className="flex flex-col gap-2">
          <h2 id="adicionados" className="font-serif text-xl font-bold">
            Livros adicionados
          </h2>
          <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface">
            {item.added.map((row) => (
              <li key={row.line} className="p-3">
                {row.editionId ? <Link to={`/ed/${row.editionId}`}>{row.title}</Link> : row.title}
                {row.authors.length ? <span className="text-sm text-muted"> — {row.authors.join(', ')}</span> : null}
              </li>
            ))}
          </ul>
          {(counts.added ?? 0) > item.added.length ? (
            <p className="text-sm text-muted">Mostramos os primeiros {formatNumber(REPORT_ADDED_LIST)}; todos estão na sua estante.</p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
