import { formatDay, formatNumber } from '~/lib/format';
import type { MemberWeek } from '../types';

const WIDTH = 600;
const HEIGHT = 200;
const PAD = { top: 16, right: 12, bottom: 28, left: 44 };

/** "23 de nov." without the year: the chart spans twelve weeks. */
const shortDay = (day: string) => formatDay(day).replace(/ de \d{4}$/, '');

/**
 * Members at the end of each of the last weeks, as an SVG line with labelled ends, and the same figures as a
 * table (DESIGN.md: charts carry a table alternative) — the table is what screen readers are pointed to.
 */
export function MembersChart({ weeks }: { weeks: MemberWeek[] }) {
  const max = Math.max(1, ...weeks.map((week) => week.total));
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (weeks.length <= 1 ? innerWidth / 2 : (i * innerWidth) / (weeks.length - 1));
  const y = (n: number) => PAD.top + innerHeight - (n / max) * innerHeight;
  const points = weeks.map((week, i) => `${x(i).toFixed(1)},${y(week.total).toFixed(1)}`).join(' ');
  const first = weeks[0];
  const last = weeks.at(-1);
  return (
    <figure className="flex flex-col gap-3">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full text-mar" role="img" aria-labelledby="grafico-membros-legenda">
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="stroke-line" strokeWidth={1} />
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max)} y2={y(max)} className="stroke-line" strokeWidth={1} strokeDasharray="4 4" />
        <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" className="fill-muted text-xs">
          {formatNumber(max)}
        </text>
        <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" className="fill-muted text-xs">
          0
        </text>
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth={3} strokeLinejoin="round" strokeLinecap="round" />
        {weeks.map((week, i) => (
          <circle key={week.weekStart} cx={x(i)} cy={y(week.total)} r={4} fill="currentColor" />
        ))}
        {first ? (
          <text x={x(0)} y={HEIGHT - 8} textAnchor="start" className="fill-muted text-xs">
            {shortDay(first.weekStart)}
          </text>
        ) : null}
        {last ? (
          <text x={x(weeks.length - 1)} y={HEIGHT - 8} textAnchor="end" className="fill-muted text-xs">
            {shortDay(last.weekStart)}
          </text>
        ) : null}
      </svg>
      <figcaption id="grafico-membros-legenda" className="text-sm text-muted">
        Membros ao fim de cada semana, nas últimas {weeks.length} semanas
        {last ? `: ${formatNumber(first?.total ?? 0)} → ${formatNumber(last.total)}` : ''}. Os números estão na tabela abaixo.
      </figcaption>
      <details className="rounded-lg border border-line bg-surface p-3">
        <summary className="min-h-11 cursor-pointer content-center font-medium">Ver os números em tabela</summary>
        <table className="mt-2 w-full text-sm tabular-nums">
          <caption className="sr-only">Membros por semana</caption>
          <thead>
            <tr className="border-b border-line text-left">
              <th scope="col" className="py-2 pr-2">
                Semana de
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                Entraram
              </th>
              <th scope="col" className="py-2 text-right">
                Membros no fim da semana
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart} className="border-b border-line last:border-0">
                <th scope="row" className="py-2 pr-2 text-left font-normal">
                  {formatDay(week.weekStart)}
                </th>
                <td className="py-2 pr-2 text-right">{formatNumber(week.joined)}</td>
                <td className="py-2 text-right">{formatNumber(week.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
