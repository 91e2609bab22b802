import { failureFromError, parseForm } from '~/server/forms.server';
import type { Viewer } from '~/server/viewer.server';
import { joinClub, leaveClub } from './membership.server';
import { membershipIntent } from './validation';

const DONE = {
  joined: 'Boas-vindas ao clube!',
  requested: 'Pedido enviado. Você vai receber uma notificação quando a equipe responder.',
  left: 'Pronto.',
} as const;

/** The join button's intents (entrar, aceitar, recusar, sair) on a club the route already resolved. */
export async function runMembershipAction(viewer: Viewer, clubId: string, formData: FormData) {
  const parsed = parseForm(formData, membershipIntent);
  if (!parsed.ok) return parsed.failure;
  try {
    switch (parsed.value.intent) {
      case 'entrar':
      case 'aceitar':
        return { success: DONE[await joinClub(viewer, clubId)] };
      case 'recusar':
      case 'sair':
        await leaveClub(viewer, clubId);
        return { success: DONE.left };
    }
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}
