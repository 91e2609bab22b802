import { data } from 'react-router';
import type { Route } from './+types/configuracoes.exportar.arquivo.$id';
import { exportFileType, readExportFile } from '~/features/export/archive.server';
import { exportFilename } from '~/features/export/goodreads-csv.server';
import { requireViewer } from '~/server/viewer.server';

/** A ready file (the archive's zip, or a large bookshelf's CSV), for its reader only (anyone else, or an expired one: 404), never stored by a cache. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const ready = await readExportFile(viewer, params.id);
  if (!ready?.file.body) throw data('Este arquivo não existe ou já expirou. Peça outro em Exportar seus dados.', { status: 404 });
  const type = exportFileType(ready.kind);
  const headers = new Headers({
    'Content-Type': type.contentType,
    'Content-Disposition': `attachment; filename="${exportFilename(viewer.username, type.extension)}"`,
    'Cache-Control': 'private, no-store',
  });
  if (ready.file.size !== null) headers.set('Content-Length', String(ready.file.size));
  return new Response(ready.file.body, { headers });
}
