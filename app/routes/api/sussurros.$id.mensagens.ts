import { data } from 'react-router';
import type { Route } from './+types/sussurros.$id.mensagens';
import { sendWhisper } from '~/features/whispers/mutations.server';
import { WHISPER_IMAGES_INPUT } from '~/features/whispers/policy';
import { threadMessageInput, whisperIdParam } from '~/features/whispers/validation';
import { isAppError, RateLimitError } from '~/server/errors';
import { parseForm, uploadedFilesOf } from '~/server/forms.server';
import { getViewer } from '~/server/viewer.server';

/**
 * The thread page's script sends here (decisions 0088, 0089: text and images, multipart): the same rules as the page's form, answered as JSON so a
 * message typed while the connection dropped can be sent again, with the same client id, when it returns.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await getViewer({ request, context });
  if (!viewer) return data({ error: 'Entre na sua conta para sussurrar.' }, { status: 401 });
  const id = whisperIdParam.safeParse(params.id);
  if (!id.success) return data({ error: 'Conversa não encontrada.' }, { status: 404 });
  const form = await request.formData();
  const parsed = parseForm(form, threadMessageInput);
  if (!parsed.ok) return data({ error: Object.values(parsed.failure.data.fieldErrors)[0] ?? 'Confira a mensagem.' }, { status: 400 });
  try {
    await sendWhisper(viewer, id.data, { ...parsed.value, images: uploadedFilesOf(form, WHISPER_IMAGES_INPUT) });
    return { ok: true };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const status = error.code === 'not_found' ? 404 : error.code === 'rate_limited' ? 429 : error.code === 'forbidden' ? 403 : 400;
    const headers = error instanceof RateLimitError ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined;
    return data({ error: error.code === 'not_found' ? 'Conversa não encontrada.' : error.message }, { status, ...(headers ? { headers } : {}) });
  }
}
