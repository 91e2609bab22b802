import { redirect } from 'react-router';
import type { Route } from './+types/configuracoes.exportar.goodreads[.]csv';
import { CSV_ON_REQUEST_MAX, countShelfEntries, goodreadsCsv } from '~/features/export/goodreads-csv.server';
import { requireViewer } from '~/server/viewer.server';

/**
 * The viewer's bookshelf as a Goodreads-compatible CSV download: always their own, never stored by a cache.
 * A bookshelf too large to build on request is sent to the export page, where a job prepares its CSV.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  if ((await countShelfEntries(viewer)) > CSV_ON_REQUEST_MAX) throw redirect('/configuracoes/exportar');
  const { filename, body } = await goodreadsCsv(viewer);
  return new Response(body, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'private, no-store' },
  });
}
