import { data } from 'react-router';
import type { Route } from './+types/lc.$identificador.materiais.$material';
import { getMaterialFile } from '~/features/lcs/materials/materials.server';
import { materialIdParam } from '~/features/lcs/materials/validation';
import { loadGroupReadForRoute } from '~/features/lcs/page.server';
import { getViewer } from '~/server/viewer.server';

/** A file name for the download: the material's title in plain ASCII letters, digits and dashes. */
const downloadName = (title: string) =>
  title
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'material';

/**
 * One of an LC's files. Served only to those who may see the LC: anyone else, by direct URL too, gets the same 404
 * as a file that does not exist. A PDF is always downloaded, never opened in our origin.
 */
export async function loader(args: Route.LoaderArgs) {
  const id = materialIdParam.safeParse(args.params.material);
  if (!id.success) throw data(null, { status: 404 });
  const lc = await loadGroupReadForRoute(args);
  const viewer = await getViewer(args);
  const found = await getMaterialFile(viewer, lc.id, id.data, args.request.headers.get('if-none-match') ?? undefined);
  if (!found) throw data(null, { status: 404 });
  const { file, title, kind } = found;
  // Never in a shared cache: the next person to ask may not be allowed to see it.
  const headers = new Headers({ 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff', 'Content-Type': file.contentType });
  if (kind === 'pdf') headers.set('Content-Disposition', `attachment; filename="${downloadName(title)}.pdf"`);
  if (file.etag) headers.set('ETag', file.etag);
  if (!file.body) return new Response(null, { status: 304, headers });
  if (file.size !== null) headers.set('Content-Length', String(file.size));
  return new Response(file.body, { status: 200, headers });
}
