import { data } from 'react-router';
import type { Route } from './+types/catalogo.solicitacoes.$codigo.capa';
import { getProposedCover } from '~/features/curation/cover-requests.server';
import { requestCodeParam } from '~/features/curation/validation';
import { getViewer } from '~/server/viewer.server';

/**
 * The image a cover request proposes. Private until approved: only its requester and curators get it;
 * anyone else, signed in or not, gets the same 404 as a request that does not exist.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const code = requestCodeParam.safeParse(params.codigo);
  const viewer = await getViewer({ request, context });
  const file = code.success ? await getProposedCover(viewer, code.data, request.headers.get('if-none-match') ?? undefined) : null;
  if (!file) throw data(null, { status: 404 });
  // Never in a shared cache: the next person to ask may not be allowed to see it.
  const headers = new Headers({ 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff', 'Content-Type': file.contentType });
  if (file.etag) headers.set('ETag', file.etag);
  if (!file.body) return new Response(null, { status: 304, headers });
  return new Response(file.body, { status: 200, headers });
}
