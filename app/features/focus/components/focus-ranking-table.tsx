import { Avatar } from '~/components/ui/avatar';
import { RankedTable } from '~/components/ui/ranked-table';
import { type TableColumn, TableHead } from '~/components/ui/table-head';
import { Link } from '~/components/link';
import { formatNumber } from '~/lib/format';
import type { FocusRankingRow } from '../types';

const num = 'px-2 py-2 text-right tabular-nums';
const COLUMNS: TableColumn[] = [
  { label: 'Posição', className: 'w-16 px-2 py-2 text-right' },
  { label: 'Leitor(a)', className: 'px-2 py-2' },
  { label: 'Minutos', className: 'px-2 py-2 text-right' },
];

function ReaderRow({ row }: { row: FocusRankingRow }) {
  return (
    <tr className={`border-b border-line last:border-0 ${row.mine ? 'bg-mar/10 font-medium' : ''}`} aria-current={row.mine ? 'true' : undefined}>
      <td className={num}>{formatNumber(row.position)}º</td>
      <td className="px-2 py-2">
        <span className="flex min-w-0 items-center gap-2">
          <Avatar name={row.name} image={row.image} size={28} />
          <Link to={`/f/${row.username}`} className="min-w-0 truncate">
            {row.name}
          </Link>
          {row.mine ? <span className="sr-only">(você)</span> : null}
        </span>
      </td>
      <td className={num}>{formatNumber(row.minutes)}</td>
    </tr>
  );
}

/** A page of a focus ranking; the viewer's row is marked, and shown apart under the page when it is elsewhere. */
export function FocusRankingTable({ rows, me, caption }: { rows: FocusRankingRow[]; me: FocusRankingRow | null; caption: string }) {
  return (
    <RankedTable caption={caption} head={<TableHead columns={COLUMNS} />} rows={rows} me={me} renderRow={(row) => <ReaderRow key={row.userId} row={row} />} />
  );
}
