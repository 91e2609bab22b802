import { Link } from '~/components/link';
import { formatDateTime, formatNumber } from '~/lib/format';
import type { ReaderImportSummary } from '../types';
import { IMPORT_SOURCES } from '../sources';

const STATUS_TEXT: Record<ReaderImportSummary['status'], string> = { preview: 'Prévia, esperando confirmação', queued: 'Importando…', done: 'Concluída' };

/** The reader's earlier imports, each leading to its preview, progress or report. */
export function ImportList({ imports }: { imports: ReaderImportSummary[] }) {
  if (!imports.length) return <p className="text-muted">Você ainda não importou nada.</p>;
  return (
    <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface">
      {imports.map((item) => (
        <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-2 p-3">
          <Link to={`/configuracoes/importacoes/${item.id}`} className="font-medium">
            {item.fileName}
          </Link>
          <span className="text-sm text-muted">
            {IMPORT_SOURCES[item.source].name} · {formatNumber(item.total)} {item.total === 1 ? 'linha' : 'linhas'} · {STATUS_TEXT[item.status]} ·{' '}
            {formatDateTime(item.createdAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}
