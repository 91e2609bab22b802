import type { Viewer } from '~/server/viewer.server';
import { editionAttsCacheTag } from './mutations.server';
import { listAtts } from './queries.server';
import { tabParams } from './validation';

/** /ed/{id}/atts: the edition's atts this viewer may see, and the cache tag posting or deleting one drops. */
export async function loadEditionAtts(viewer: Viewer | null, request: Request, editionId: string) {
  const params = tabParams.parse(Object.fromEntries(new URL(request.url).searchParams));
  const page = await listAtts(viewer, { kind: 'edition', editionId }, { cursor: params.cursor ?? null });
  return { page, signedIn: viewer !== null, cacheTag: editionAttsCacheTag(editionId) };
}
