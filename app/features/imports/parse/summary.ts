import type { FileSummary, RowFields } from '../vocabulary';
import { shelfKey } from '../merge-plan';

/**
 * What the file's rows give the bookshelf, over the whole file (the preview shows only a sample of rows): how
 * many per status and with a rating, and each custom shelf's books, folded by name as the job folds them.
 */
export function summarizeRows(
  rows: readonly Pick<RowFields, 'status' | 'ratingQuarters' | 'shelves'>[],
  file: Pick<FileSummary, 'scientificIsbns' | 'dates'>,
): FileSummary {
  const statuses: FileSummary['statuses'] = {};
  let rated = 0;
  const shelves = new Map<string, { name: string; books: number }>();
  for (const row of rows) {
    if (row.status) statuses[row.status] = (statuses[row.status] ?? 0) + 1;
    if (row.ratingQuarters != null) rated += 1;
    for (const key of new Set(row.shelves.map(shelfKey))) {
      const shelf = shelves.get(key);
      if (shelf) shelf.books += 1;
      else shelves.set(key, { name: row.shelves.find((name) => shelfKey(name) === key)!, books: 1 });
    }
  }
  return {
    statuses,
    rated,
    shelves: [...shelves.values()].sort((a, b) => b.books - a.books || a.name.localeCompare(b.name, 'pt-BR')),
    ...file,
  };
}
