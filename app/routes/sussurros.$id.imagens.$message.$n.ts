import { data } from 'react-router';
import type { Route } from './+types/sussurros.$id.imagens.$message.$n';
import { getWhisperImage } from '~/features/whispers/queries.server';
import { whisperIdParam, whisperImagePosition } from '~/features/whispers/validation';
import { privateImageResponse } from '~/server/uploads.server';
import { getViewer } from '~/server/viewer.server';

/**
 * One of a whisper's images (decision 0089): to the conversation's two readers only. Anyone else — a visitor, a third
 * reader, staff, a blocked pair — and a minor whose image is held get the same 404 as an image that does not exist.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = whisperIdParam.safeParse(params.id);
  const message = whisperIdParam.safeParse(params.message);
  const position = whisperImagePosition.safeParse(params.n);
  const viewer = await getViewer({ request, context });
  const file =
    id.success && message.success && position.success
      ? await getWhisperImage(viewer, id.data, message.data, position.data, request.headers.get('if-none-match') ?? undefined)
      : null;
  if (!file) throw data(null, { status: 404 });
  return privateImageResponse(file);
}
