import { data } from 'react-router';
import type { Route } from './+types/att.$id.imagens.$n';
import { getAttImage } from '~/features/atts/queries.server';
import { attIdParam, imagePositionParam } from '~/features/atts/validation';
import { privateImageResponse } from '~/server/uploads.server';
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
  return privateImageResponse(file);
}
