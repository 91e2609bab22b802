import { failureFromError, parseForm } from '~/server/forms.server';
import { type ViewerArgs, requireRole } from '~/server/viewer.server';
import { actOnReport } from './mutations.server';
import { moderationActionInput } from './validation';

/** The queue's forms (hide, show again, warn, suspend, dismiss), from /gerenciar/denuncias or a whisper's context page. */
export async function reportQueueAction(args: ViewerArgs) {
  const viewer = await requireRole(args, ['admin']);
  const parsed = parseForm(await args.request.formData(), moderationActionInput);
  if (!parsed.ok) return parsed.failure;
  try {
    return { success: await actOnReport(viewer, parsed.value) };
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}
