import { data, redirect } from 'react-router';
import type { Route } from './+types/sussurrar.$username';
import { resolveUsername } from '~/features/accounts/queries.server';
import { StartWhisperView } from '~/features/whispers/components/start-whisper';
import { whisperTo } from '~/features/whispers/mutations.server';
import { getWhisperTarget } from '~/features/whispers/queries.server';
import { whisperInput } from '~/features/whispers/validation';
import { newId } from '~/lib/ids';
import { failureFromError, parseForm } from '~/server/forms.server';
import { requireViewer, type Viewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `Sussurrar para ${loaded ? `@${loaded.target.username}` : 'alguém'} · Maratona` }];

/** The reader the address names, for the viewer; missing, suspended, blocked by them or the viewer themselves: 404. */
async function targetOf(viewer: Viewer, username: string | undefined) {
  const resolved = await resolveUsername(username ?? '');
  const target = resolved ? await getWhisperTarget(viewer, resolved.userId) : null;
  if (!resolved || !target) throw data(null, { status: 404 });
  return { resolved, target };
}

/**
 * Opens the conversation the viewer already has with this reader, or the first message of a new one (decision 0088);
 * when the reader does not take whispers from the viewer, says why.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const { resolved, target } = await targetOf(viewer, params.username);
  if (resolved.movedFrom) throw redirect(`/sussurrar/${resolved.username}`, 308);
  if (target.conversationId) throw redirect(`/sussurros/${target.conversationId}`);
  // The first message's client id: a form sent twice (a double tap, a retry) still starts one conversation with one message.
  return data({ target, clientId: newId() }, target.refusal ? { status: 403 } : undefined);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const { target } = await targetOf(viewer, params.username);
  const parsed = parseForm(await request.formData(), whisperInput);
  if (!parsed.ok) return parsed.failure;
  try {
    const { conversationId } = await whisperTo(viewer, target.id, parsed.value);
    return redirect(`/sussurros/${conversationId}`);
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

export default function StartWhisperPage({ loaderData, actionData }: Route.ComponentProps) {
  return <StartWhisperView target={loaderData.target} clientId={loaderData.clientId} result={actionData} />;
}
