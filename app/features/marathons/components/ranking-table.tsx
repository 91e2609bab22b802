import { Avatar } from '~/components/ui/avatar';
import { RankedTable } from '~/components/ui/ranked-table';
import { Link } from '~/components/link';
import { formatNumber } from '~/lib/format';
import type { RankingRow, Scores, TeamRankingRow } from '../types';

const num = 'px-1.5 py-2 text-right tabular-nums sm:px-2';
/** The columns, each with the short heading a phone shows (the full one stays for screen readers). */
const columns = (who: string) => [
  { label: 'Posição', short: 'Pos.', className: 'w-10 px-1.5 py-2 text-right sm:w-14 sm:px-2' },
  { label: who, short: who, className: 'px-1.5 py-2 sm:px-2' },
  { label: 'Desafios', short: 'Des.', className: num },
  { label: 'Pontos', short: 'Pts.', className: num },
  { label: 'Páginas', short: 'Pág.', className: num },
  { label: 'Minutos', short: 'Min.', className: num },
];

function Head({ who }: { who: string }) {
  return (
    <thead>
      <tr className="border-b border-line">
        {columns(who).map((column) => (
          <th key={column.label} scope="col" className={column.className}>
            {column.short === column.label ? (
              column.label
            ) : (
              <>
                <span aria-hidden="true" className="sm:hidden">
                  {column.short}
                </span>
                <span className="max-sm:sr-only">{column.label}</span>
              </>
            )}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function ScoreCells({ scores }: { scores: Scores }) {
  return (
    <>
      <td className={num}>{formatNumber(scores.challengesDone)}</td>
      <td className={`${num} font-semibold`}>{formatNumber(scores.points)}</td>
      <td className={num}>{formatNumber(scores.pages)}</td>
      <td className={num}>{formatNumber(scores.minutes)}</td>
    </>
  );
}

const rowClass = (mine: boolean) => `border-b border-line last:border-0 ${mine ? 'bg-mar/10 font-medium' : ''}`;

function ReaderRow({ row }: { row: RankingRow }) {
  const label = row.name || (row.username ? `@${row.username}` : 'leitor');
  return (
    <tr className={rowClass(row.mine)} aria-current={row.mine ? 'true' : undefined}>
      <td className={num}>{formatNumber(row.position)}º</td>
      <td className="px-1.5 py-2 sm:px-2">
        <span className="flex min-w-0 items-center gap-2">
          <span className="max-sm:hidden">
            <Avatar name={label} image={row.image} size={28} />
          </span>
          <span className="flex min-w-0 flex-col">
            {row.username ? <Link to={`/u/${row.username}`}>{label}</Link> : <span>{label}</span>}
            {row.group ? <span className="text-xs text-muted">{row.group}</span> : null}
          </span>
          {row.mine ? <span className="sr-only">(você)</span> : null}
        </span>
      </td>
      <ScoreCells scores={row} />
    </tr>
  );
}

/** A page of the individual ranking; the viewer's own row is marked, and shown apart when it is not on this page. */
export function RankingTable({ rows, me, caption }: { rows: RankingRow[]; me: RankingRow | null; caption: string }) {
  return (
    <div className="flex flex-col gap-3">
      {me ? (
        <p className="rounded-lg border border-line bg-surface p-3">
          Você: <strong>{formatNumber(me.position)}º</strong> · {formatNumber(me.points)} {me.points === 1 ? 'ponto' : 'pontos'}
        </p>
      ) : null}
      <RankedTable caption={caption} head={<Head who="Leitor(a)" />} rows={rows} me={me} renderRow={(row) => <ReaderRow key={row.userId} row={row} />} />
    </div>
  );
}

/** Teams mode: every team, in order, with the sums of its participants' scores. */
export function TeamRankingTable({ teams }: { teams: TeamRankingRow[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-surface">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Ranking das equipes</caption>
        <Head who="Equipe" />
        <tbody>
          {teams.map((team) => (
            <tr key={team.id} className={rowClass(team.mine)} aria-current={team.mine ? 'true' : undefined}>
              <td className={num}>{formatNumber(team.position)}º</td>
              <td className="px-1.5 py-2 sm:px-2">
                {team.name}
                {team.mine ? <span className="text-xs text-muted"> (sua equipe)</span> : null}
              </td>
              <ScoreCells scores={team} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
