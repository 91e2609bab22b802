import { data, redirect } from 'react-router';
import type { Route } from './+types/sussurros.$id';
import { REMOVED_READER } from '~/features/accounts/removed-reader';
import { WhisperThreadView } from '~/features/whispers/components/thread-view';
import { blockFromThread, hideWhisper, markConversationRead, sendWhisper } from '~/features/whispers/mutations.server';
import { WHISPER_IMAGES_INPUT } from '~/features/whispers/policy';
import { getThread } from '~/features/whispers/queries.server';
import { threadActionInput, threadQuery, whisperIdParam } from '~/features/whispers/validation';
import { newId } from '~/lib/ids';
import { privatePageHeaders } from '~/server/cache-headers';
import { orNotFound } from '~/server/errors';
import { failureFromError, parseForm, uploadedFilesOf } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

/** Private text: never kept by a browser's or a proxy's cache. */
export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded ? (loaded.thread.counterpart?.name ?? REMOVED_READER) : 'Conversa'} · Sussurros · Maratona` },
];

function conversationIdOr404(raw: string | undefined): string {
  const id = whisperIdParam.safeParse(raw);
  if (!id.success) throw data(null, { status: 404 });
  return id.data;
}

/**
 * A conversation (decision 0088): the newest page of messages, or the page before `?antes=` ("Mensagens anteriores").
 * Anyone but its two readers — staff included — gets 404, as for one that does not exist.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const { antes } = threadQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  // The next message's client id, for the form as it works before JavaScript (the page's script makes the next ones).
  return { thread: await orNotFound(getThread(viewer, conversationIdOr404(params.id), antes)), clientId: newId() };
}

/** The thread's forms: send with its images (multipart, before JavaScript; the page's script sends through /api/sussurros/{id}/mensagens), read, delete for me, block. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const conversationId = conversationIdOr404(params.id);
  const form = await request.formData();
  const parsed = parseForm(form, threadActionInput);
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  try {
    switch (input.intent) {
      case 'enviar':
        await sendWhisper(viewer, conversationId, { clientId: input.clientId, body: input.body, images: uploadedFilesOf(form, WHISPER_IMAGES_INPUT) });
        return { success: 'Mensagem enviada.' };
      case 'lida':
        await markConversationRead(viewer, conversationId);
        return { success: '' };
      case 'apagar':
        await hideWhisper(viewer, conversationId, input.message);
        return { success: 'Mensagem apagada para você.' };
      case 'bloquear': {
        const { username } = await blockFromThread(viewer, conversationId);
        return redirect(`/sussurros?bloqueado=${username}`);
      }
    }
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

export default function WhisperThreadPage({ loaderData, actionData }: Route.ComponentProps) {
  return <WhisperThreadView thread={loaderData.thread} clientId={loaderData.clientId} result={actionData} />;
}
