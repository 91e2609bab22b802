import { useId } from 'react';
import { formatNumber } from '~/lib/format';
import { type ChartRow, ChartTable } from './chart-table';

const WIDTH = 360;
const LABEL_WIDTH = 112;
const VALUE_WIDTH = 56;
const ROW = 26;
const BAR = 16;

/**
 * Horizontal bars, one per row, rendered on the server as SVG: each bar carries its label and number in
 * text, the SVG is one image named by its title and summary, and the same figures follow as a table.
 */
export function BarChart({
  title,
  rows,
  labelHeader,
  valueHeader,
  summary,
  format = formatNumber,
}: {
  title: string;
  rows: readonly ChartRow[];
  labelHeader: string;
  valueHeader: string;
  summary: string;
  format?: (n: number) => string;
}) {
  const id = useId();
  const max = Math.max(1, ...rows.map((r) => r.value));
  const height = rows.length * ROW + 4;
  const barSpace = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="font-semibold">{title}</figcaption>
      <svg role="img" aria-labelledby={`${id}-t ${id}-d`} viewBox={`0 0 ${WIDTH} ${height}`} className="w-full max-w-xl" preserveAspectRatio="xMinYMin meet">
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{summary}</desc>
        {rows.map((row, i) => {
          const y = i * ROW + 2;
          const width = row.value > 0 ? Math.max(2, (row.value / max) * barSpace) : 0;
          return (
            <g key={row.label}>
              <text x={LABEL_WIDTH - 8} y={y + BAR - 3} textAnchor="end" className="fill-ink text-[12px]">
                {row.label.length > 16 ? `${row.label.slice(0, 15)}…` : row.label}
              </text>
              <rect x={LABEL_WIDTH} y={y} width={width} height={BAR} rx={3} className="fill-mar" />
              <text x={LABEL_WIDTH + width + 6} y={y + BAR - 3} className="fill-ink text-[12px] tabular-nums">
                {format(row.value)}
              </text>
            </g>
          );
        })}
      </svg>
      <ChartTable caption={title} labelHeader={labelHeader} valueHeader={valueHeader} rows={rows} format={format} />
    </figure>
  );
}
