import { data } from 'react-router';
import type { Route } from './+types/att.$id.imagens.$n';
import { getAttImage } from '~/features/atts/queries.server';
import { attIdParam, imagePositionParam } from '~/features/atts/validation';
import { getViewer } from '~/server/viewer.server';

/**
 * One of an att's photos, full size. Served only to those who may see the att: anyone else, by direct URL
 * too, gets the same 404 as a photo that does not exist.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = attIdParam.safeParse(params.id);
  const position = imagePositionParam.safeParse(params.n);
  const viewer = await getViewer({ request, context });
  const file = id.success && position.success ? await getAttImage(viewer, id.data, position.data, request.headers.get('if-none-match') ?? undefined) : null;
  if (!file) throw data(null, { status: 404 });
  // Never in a shared cache: the next person to ask may not be allowed to see it.
  const headers = new Headers({ 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff', 'Content-Type': file.contentType });
  if (file.etag) headers.set('ETag', file.etag);
  if (!file.body) return new Response(null, { status: 304, headers });
  if (file.size !== null) headers.set('Content-Length', String(file.size));
  return new Response(file.body, { status: 200, headers });
}
