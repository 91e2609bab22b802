import { formatNumber } from '~/lib/format';

export type ChartRow = { label: string; value: number };

/** The chart's numbers as a table (DESIGN.md: charts carry a table), folded into a <details>. */
export function ChartTable({
  caption,
  labelHeader,
  valueHeader,
  rows,
  format = formatNumber,
}: {
  caption: string;
  labelHeader: string;
  valueHeader: string;
  rows: readonly ChartRow[];
  format?: (n: number) => string;
}) {
  return (
    <details className="text-sm">
      <summary className="min-h-11 cursor-pointer py-2 text-muted">Ver em tabela</summary>
      <table className="w-full max-w-md border-collapse tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line text-left">
            <th scope="col" className="py-1 pr-4 font-medium">
              {labelHeader}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {valueHeader}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-line last:border-0">
              <th scope="row" className="py-1 pr-4 text-left font-normal">
                {row.label}
              </th>
              <td className="py-1 text-right">{format(row.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
