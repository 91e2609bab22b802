import { resolveUsername } from '~/features/accounts/queries.server';
import { AppError } from '~/server/errors';
import { failureFromError, parseForm } from '~/server/forms.server';
import type { Viewer } from '~/server/viewer.server';
import { blockReader, unblockReader } from './blocks.server';
import { approveFollower, cancelFollowRequest, followReader, rejectFollower, removeFollower, unfollowReader } from './follows.server';
import { socialActionInput } from './validation';

/**
 * The one action behind every follow and block button: the profile, its tabs and /seguindo post here
 * through their own routes. The data functions authorize; this only parses and words the outcome.
 */
export async function runSocialAction(viewer: Viewer, formData: FormData) {
  const parsed = parseForm(formData, socialActionInput);
  if (!parsed.ok) return parsed.failure;
  const { intent, reader } = parsed.value;
  try {
    const resolved = await resolveUsername(reader);
    if (!resolved) throw new AppError('not_found', 'Não encontramos esse leitor.');
    const id = resolved.userId;
    const at = `@${resolved.username}`;
    switch (intent) {
      case 'seguir':
        return (await followReader(viewer, id)) === 'pending'
          ? { success: `Pedido enviado. Você verá o perfil de ${at} quando o pedido for aprovado.`, intent }
          : { success: `Você agora segue ${at}.`, intent };
      case 'deixar-de-seguir':
        await unfollowReader(viewer, id);
        return { success: `Você deixou de seguir ${at}.`, intent };
      case 'cancelar-pedido':
        await cancelFollowRequest(viewer, id);
        return { success: `Pedido para seguir ${at} cancelado.`, intent };
      case 'aprovar':
        await approveFollower(viewer, id);
        return { success: `${at} agora segue você.`, intent };
      case 'recusar':
        await rejectFollower(viewer, id);
        return { success: `Pedido de ${at} recusado.`, intent };
      case 'remover-seguidor':
        await removeFollower(viewer, id);
        return { success: `${at} não segue mais você.`, intent };
      case 'bloquear':
        await blockReader(viewer, id);
        return { success: `Você bloqueou ${at}.`, intent, blocked: resolved.username };
      case 'desbloquear':
        await unblockReader(viewer, id);
        return { success: `Você desbloqueou ${at}.`, intent };
    }
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}
