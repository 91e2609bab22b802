import { failureFromError, parseForm } from '~/server/forms.server';
import type { Viewer } from '~/server/viewer.server';
import { joinGroupRead, leaveGroupRead } from './participants.server';
import { groupReadIntent } from './validation';

const DONE = {
  joined: 'Boas-vindas à LC! Os livros foram para a sua estante em "Quero ler" (os que ainda não estavam lá).',
  waiting: 'A LC está cheia: você está na lista de espera, e a vaga chega automaticamente quando abrir.',
  left: 'Pronto.',
} as const;

/** The join button's intents (entrar, sair) on an LC the route already resolved. */
export async function runJoinAction(viewer: Viewer, groupReadId: string, formData: FormData) {
  const parsed = parseForm(formData, groupReadIntent);
  if (!parsed.ok) return parsed.failure;
  try {
    if (parsed.value.intent === 'entrar') return { success: DONE[await joinGroupRead(viewer, groupReadId)] };
    await leaveGroupRead(viewer, groupReadId);
    return { success: DONE.left };
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}
