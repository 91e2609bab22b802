import { parseForm } from '~/server/forms.server';
import { type ViewerArgs, requireViewer } from '~/server/viewer.server';
import { getOverlayTokenStatus } from './access.server';
import { issueOverlayToken, revokeOverlayToken } from './mutations.server';
import { getMyOverlay } from './queries.server';
import { streamerIntentInput } from './validation';

/** /streamer (decision 0092): the viewer's token status and both previews. */
export async function streamerLoader(args: ViewerArgs) {
  const viewer = await requireViewer(args);
  const [token, capa, foca] = await Promise.all([getOverlayTokenStatus(viewer), getMyOverlay(viewer, 'capa'), getMyOverlay(viewer, 'foca')]);
  return { token, capa, foca };
}

/**
 * Create, rotate (`trocar`) or revoke the token. A new token comes back once, in this answer only, as the two OBS
 * URLs; it is never stored nor logged in clear.
 */
export async function streamerAction(args: ViewerArgs) {
  const viewer = await requireViewer(args);
  const parsed = parseForm(await args.request.formData(), streamerIntentInput);
  if (!parsed.ok) return parsed.failure;
  if (parsed.value.intent === 'revogar') {
    await revokeOverlayToken(viewer);
    return { success: 'Link revogado: os overlays com ele ficaram vazios.' };
  }
  const token = await issueOverlayToken(viewer);
  const origin = new URL(args.request.url).origin;
  const link = (kind: string) => `${origin}/overlay/${kind}?token=${token}`;
  return { links: { capa: link('capa'), foca: link('foca') } };
}
