import { parseForm } from '~/server/forms.server';
import { type ViewerArgs, requireViewer } from '~/server/viewer.server';
import { getOverlayTokenStatus } from './access.server';
import { saveOverlayLook } from './mutations.server';
import { getMyOverlay } from './queries.server';
import { overlayLookInput } from './validation';
import type { OverlayKind } from './vocabulary';

/** /foca/overlay and /foca/capa/overlay (decision 0092): the same page for each overlay, the viewer's own only. */
export async function overlaySettingsLoader(args: ViewerArgs, kind: OverlayKind) {
  const viewer = await requireViewer(args);
  const [content, token] = await Promise.all([getMyOverlay(viewer, kind), getOverlayTokenStatus(viewer)]);
  return { content, hasToken: token !== null };
}

export async function overlaySettingsAction(args: ViewerArgs, kind: OverlayKind) {
  const viewer = await requireViewer(args);
  const parsed = parseForm(await args.request.formData(), overlayLookInput);
  if (!parsed.ok) return parsed.failure;
  await saveOverlayLook(viewer, kind, parsed.value);
  return { success: 'Aparência salva. Os overlays abertos no OBS já mostram a mudança.' };
}
