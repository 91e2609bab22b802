import { useId } from 'react';
import { formatNumber } from '~/lib/format';
import { type ChartRow, ChartTable } from './chart-table';

const WIDTH = 360;
const HEIGHT = 180;
const AXIS = 40;
const TOP = 20;

/**
 * Adjacent vertical bars over ordered buckets (a ratings histogram), rendered on the server as SVG: the
 * count above each bar and the bucket below it are text, and the same figures follow as a table.
 */
export function Histogram({
  title,
  buckets,
  labelHeader,
  valueHeader,
  summary,
}: {
  title: string;
  buckets: readonly ChartRow[];
  labelHeader: string;
  valueHeader: string;
  summary: string;
}) {
  const id = useId();
  const max = Math.max(1, ...buckets.map((b) => b.value));
  const slot = WIDTH / Math.max(1, buckets.length);
  const plot = HEIGHT - AXIS - TOP;
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="font-semibold">{title}</figcaption>
      <svg role="img" aria-labelledby={`${id}-t ${id}-d`} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="w-full max-w-xl" preserveAspectRatio="xMinYMin meet">
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{summary}</desc>
        <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className="stroke-line" strokeWidth={1} />
        {buckets.map((bucket, i) => {
          const height = bucket.value > 0 ? Math.max(2, (bucket.value / max) * plot) : 0;
          const x = i * slot + 2;
          const y = HEIGHT - AXIS - height;
          return (
            <g key={bucket.label}>
              <rect x={x} y={y} width={slot - 4} height={height} rx={3} className="fill-coral" />
              <text x={x + (slot - 4) / 2} y={y - 5} textAnchor="middle" className="fill-ink text-[12px] tabular-nums">
                {formatNumber(bucket.value)}
              </text>
              <text x={x + (slot - 4) / 2} y={HEIGHT - AXIS + 16} textAnchor="middle" className="fill-muted text-[11px]">
                {bucket.label}
              </text>
            </g>
          );
        })}
      </svg>
      <ChartTable caption={title} labelHeader={labelHeader} valueHeader={valueHeader} rows={buckets} />
    </figure>
  );
}
