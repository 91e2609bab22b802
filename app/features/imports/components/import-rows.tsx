import { formatNumber } from '~/lib/format';
import type { ReaderImportDetail } from '../types';
import { REPORT_FAILED_LIST } from '../limits';
import type { RowOutcome } from '../vocabulary';

export const OUTCOME_TEXT: Record<Exclude<RowOutcome, 'failed'>, string> = {
  isbn: 'Encontrado pelo ISBN',
  id: 'Encontrado (edição do Maratona)',
  title: 'Encontrado pelo título e autor',
  confirm: 'Parecido com um livro do catálogo: confira abaixo',
  chosen: 'Você escolheu a edição',
  new: 'Entra no catálogo, para os curadores revisarem',
};

/** Every row that is not imported, with its reason, and the CSV of them to fix and send again. */
export function FailedRows({ item }: { item: ReaderImportDetail }) {
  const failed = item.counts.failed ?? 0;
  return (
    <section aria-labelledby="com-erro" className="flex flex-col gap-2">
      <h2 id="com-erro" className="font-serif text-xl font-bold">
        {failed === 1 ? 'Linha não importada' : `${formatNumber(failed)} linhas não importadas`}
      </h2>
      <p>
        <a href={`/configuracoes/importacoes/${item.id}/linhas-com-erro.csv`} download>
          Baixar estas linhas em CSV
        </a>{' '}
        para corrigir numa planilha e enviar de novo: o resto não é duplicado.
      </p>
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface">
        {item.failed.map((row) => (
          <li key={row.line} className="p-3 text-sm">
            <span className="font-medium">Linha {row.line}</span>
            {row.title ? <> · {row.title}</> : null}: {row.reason}
          </li>
        ))}
      </ul>
      {failed > item.failed.length ? <p className="text-sm text-muted">Mostramos as primeiras {formatNumber(REPORT_FAILED_LIST)}; o CSV tem todas.</p> : null}
    </section>
  );
}
