import { AppError } from '~/server/errors';
import { failureFromError, formFailure, parseForm } from '~/server/forms.server';
import type { Viewer } from '~/server/viewer.server';
import { answerJoinRequest, banMember, changeRole, grantPlan, inviteMember, unbanMember } from '../membership.server';
import { transferOwnership } from '../mutations.server';
import { ROLE_LABELS, can } from '../policy';
import type { ClubDetail } from '../types';
import { findUserIdByUsername } from './members.server';
import { memberAdminIntent } from './validation';

/**
 * The forms of /admin/membros. Each mutation authorizes itself (a moderator's plan or role change is refused
 * there); this only reads the form and says what happened, in Portuguese, next to the form that asked.
 */
export async function runMemberAdminAction(viewer: Viewer, club: ClubDetail, formData: FormData) {
  const parsed = parseForm(formData, memberAdminIntent);
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  const done = (success: string) => ({ success, intent: input.intent, userId: 'userId' in input ? input.userId : null });
  try {
    switch (input.intent) {
      case 'aprovar':
        await answerJoinRequest(viewer, club.id, input.userId, true);
        return done('Pedido aprovado: o leitor agora é membro.');
      case 'recusar':
        await answerJoinRequest(viewer, club.id, input.userId, false);
        return done('Pedido recusado.');
      case 'convidar':
        await inviteMember(viewer, club.id, input.username);
        return done(`Convite enviado para @${input.username.replace(/^@/, '').toLowerCase()}.`);
      case 'papel':
        await changeRole(viewer, club.id, input.userId, input.role);
        return done(`Papel alterado para ${ROLE_LABELS[input.role].toLowerCase()}.`);
      case 'banir':
        await banMember(viewer, club.id, input.userId, input.reason);
        return done('Leitor banido: ele perdeu o acesso ao clube.');
      case 'desbanir':
        await unbanMember(viewer, club.id, input.userId);
        return done('Banimento desfeito.');
      case 'plano':
        await grantPlan(viewer, club.id, input.userId, input.planId || null);
        return done(input.planId ? 'Plano concedido.' : 'Plano retirado.');
      case 'transferir': {
        if (!can(club.standing, 'transfer_ownership')) throw new AppError('forbidden', 'Só o dono pode passar o clube para outra pessoa.');
        if (input.confirmation !== club.name)
          return formFailure(parsed.fields, '', { confirmation: `Digite o nome do clube exatamente como está: ${club.name}` });
        const newOwnerId = await findUserIdByUsername(input.username);
        if (!newOwnerId) throw new AppError('invalid_input', 'Não encontramos leitor com esse nome de usuário.', 'username');
        await transferOwnership(viewer, club.id, newOwnerId);
        return done(`O clube agora é de @${input.username.replace(/^@/, '').toLowerCase()}. Você continua como admin.`);
      }
    }
  } catch (error) {
    return failureFromError(error, { ...parsed.fields, intent: input.intent });
  }
}
