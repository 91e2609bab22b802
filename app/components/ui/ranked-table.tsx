import type { ReactNode } from 'react';

/**
 * A ranking's table (the marathons', the foca's): the header, a page of rows, and the viewer's own row in a body of
 * its own under them when it is not on this page. Its caption names it for screen readers.
 */
export function RankedTable<Row extends { mine: boolean }>({
  caption,
  head,
  rows,
  me,
  renderRow,
}: {
  caption: string;
  head: ReactNode;
  rows: readonly Row[];
  me: Row | null;
  renderRow: (row: Row) => ReactNode;
}) {
  const meElsewhere = me && !rows.some((row) => row.mine);
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-surface">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {head}
        <tbody>{rows.map(renderRow)}</tbody>
        {meElsewhere ? <tbody className="border-t-2 border-line">{renderRow(me)}</tbody> : null}
      </table>
    </div>
  );
}
