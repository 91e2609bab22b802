/** A column of a table's header: its heading and the classes of its cell (width, padding, alignment). */
export type TableColumn = { label: string; className: string };

/** The header row of a data table, each heading a `th scope="col"`, so screen readers name every cell's column. */
export function TableHead({ columns, className = 'border-b border-line' }: { columns: TableColumn[]; className?: string }) {
  return (
    <thead>
      <tr className={className}>
        {columns.map((column) => (
          <th key={column.label} scope="col" className={column.className}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
