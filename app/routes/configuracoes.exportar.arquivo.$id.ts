import { data } from 'react-router';
import type { Route } from './+types/configuracoes.exportar.arquivo.$id';
import { readArchive } from '~/features/export/archive.server';
import { requireViewer } from '~/server/viewer.server';

/** A ready archive's zip, for its reader only (anyone else, or an expired one: 404), never stored by a cache. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const file = await readArchive(viewer, params.id);
  if (!file?.body) throw data('Este arquivo não existe ou já expirou. Peça outro em Exportar seus dados.', { status: 404 });
  const day = new Date().toISOString().slice(0, 10);
  const headers = new Headers({
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="maratona-${viewer.username}-${day}.zip"`,
    'Cache-Control': 'private, no-store',
  });
  if (file.size !== null) headers.set('Content-Length', String(file.size));
  return new Response(file.body, { headers });
}
