import { formatNumber } from '~/lib/format';
import type { ShelfStatus } from '~/features/reading/vocabulary';
import type { FileSummary } from '../vocabulary';

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The statuses as the bookshelf names them (STATUS_LABELS), counted: "55 lidos, 84 quero ler, 3 lendo". */
const STATUS_COUNTS: [ShelfStatus, string, string][] = [
  ['read', 'lido', 'lidos'],
  ['want_to_read', 'quero ler', 'quero ler'],
  ['reading', 'lendo', 'lendo'],
  ['abandoned', 'abandonado', 'abandonados'],
  ['paused', 'pausado', 'pausados'],
];

/** "55 lidos, 84 quero ler, 3 lendo, 1 abandonado": the statuses the file gives, in the bookshelf's words; empty for none. */
export function statusCounts(statuses: FileSummary['statuses']): string {
  return STATUS_COUNTS.flatMap(([status, one, many]) => (statuses[status] ? [plural(statuses[status], one, many)] : [])).join(', ');
}

/**
 * What the whole file gives the bookshelf, as items of the preview's list: by status, with a rating, per
 * custom shelf; and how many rows have an ISBN a spreadsheet ruined.
 */
export function FileSummaryItems({ summary }: { summary: FileSummary }) {
  const statuses = statusCounts(summary.statuses);
  return (
    <>
      {statuses ? <li>Na sua estante: {statuses}.</li> : null}
      {summary.rated ? <li>{formatNumber(summary.rated)} com nota.</li> : null}
      {summary.shelves.length ? (
        <li>
          Nas estantes personalizadas:{' '}
          {summary.shelves.map((shelf, i) => (
            <span key={shelf.name}>
              {i ? '; ' : ''}
              <span className="font-medium">{shelf.name}</span>: {plural(shelf.books, 'livro', 'livros')}
            </span>
          ))}
          .
        </li>
      ) : null}
      {summary.scientificIsbns ? (
        <li>
          {plural(summary.scientificIsbns, 'linha tem', 'linhas têm')} o ISBN em notação científica (como “9.78854E+12”): uma planilha estragou o número, e{' '}
          {summary.scientificIsbns === 1 ? 'esse livro é procurado' : 'esses livros são procurados'} pelo título e autor. Para não perder os ISBNs, exporte de
          novo e envie o arquivo sem abri-lo numa planilha.
        </li>
      ) : null}
    </>
  );
}
