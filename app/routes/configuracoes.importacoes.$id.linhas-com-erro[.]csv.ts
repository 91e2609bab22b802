import { data } from 'react-router';
import type { Route } from './+types/configuracoes.importacoes.$id.linhas-com-erro[.]csv';
import { failedRowsCsv } from '~/features/imports/queries.server';
import { orNotFound } from '~/server/errors';
import { requireViewer } from '~/server/viewer.server';

/** An import's failed rows as a CSV with the file's own header: its reader's only, never stored by a cache. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const csv = await orNotFound(failedRowsCsv(viewer, params.id));
  if (!csv) throw data('Nenhuma linha desta importação falhou.', { status: 404 });
  return new Response(csv.body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csv.filename.replace(/[^\w.-]+/g, '_')}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
