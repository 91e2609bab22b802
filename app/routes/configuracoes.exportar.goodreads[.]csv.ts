import type { Route } from './+types/configuracoes.exportar.goodreads[.]csv';
import { goodreadsCsv } from '~/features/export/goodreads-csv.server';
import { requireViewer } from '~/server/viewer.server';

/** The viewer's bookshelf as a Goodreads-compatible CSV download: always their own, never stored by a cache. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const { filename, body } = await goodreadsCsv(viewer);
  return new Response(body, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'private, no-store' },
  });
}
