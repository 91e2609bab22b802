import { z } from 'zod';
import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { changeGroupReadCover } from './cover.server';
import { formRunner } from './form-runner.server';
import { closeGroupReadEarly, shiftGroupReadSchedule, updateGroupReadSettings } from './mutations.server';
import { runScheduleEdit } from './schedule-edit.server';
import { inviteToGroupRead, removeParticipant } from './participants.server';
import { groupReadSettingsInput, inviteInput, participantInput, shiftInput } from './validation';

const hostIntent = z.object({ intent: z.enum(['detalhes', 'capa', 'adiar', 'etapas', 'convidar', 'remover', 'banir', 'encerrar']) });

/**
 * /lc/{identificador}/gerenciar's forms, each checked by its own schema; the data functions check the viewer may
 * manage the LC again. Answers the form result, or the new address after a changed identificador.
 */
export async function runHostAction(viewer: Viewer, groupReadId: string, formData: FormData) {
  const which = hostIntent.safeParse({ intent: formData.get('intent') });
  if (!which.success) return { formError: 'Escolha o que fazer.', fieldErrors: {}, fields: {} };
  const run = formRunner(formData);
  switch (which.data.intent) {
    case 'detalhes':
      return run(groupReadSettingsInput, async (input) => {
        await updateGroupReadSettings(viewer, groupReadId, input);
        return 'Alterações salvas.';
      });
    case 'capa': {
      const file = formData.get('cover');
      return run(z.object({}), async () => {
        if (!(file instanceof File) || file.size === 0) throw new AppError('invalid_input', 'Escolha uma imagem para a capa.', 'cover');
        await changeGroupReadCover(viewer, groupReadId, file);
        return 'Capa atualizada.';
      });
    }
    case 'adiar':
      return run(shiftInput, async ({ days }) => {
        await shiftGroupReadSchedule(viewer, groupReadId, days);
        const n = Math.abs(days);
        return `Cronograma ${days > 0 ? 'adiado' : 'antecipado'} em ${n} ${n === 1 ? 'dia' : 'dias'}.`;
      });
    case 'etapas':
      return runScheduleEdit(viewer, groupReadId, formData);
    case 'convidar':
      return run(inviteInput, async ({ username }) => {
        await inviteToGroupRead(viewer, groupReadId, username);
        return `Convite enviado para @${username}.`;
      });
    case 'remover':
    case 'banir': {
      const ban = which.data.intent === 'banir';
      return run(participantInput, async ({ userId }) => {
        await removeParticipant(viewer, groupReadId, userId, ban);
        return ban ? 'Pessoa removida da LC, sem poder voltar.' : 'Pessoa removida da LC.';
      });
    }
    case 'encerrar':
      return run(z.object({}), async () => {
        await closeGroupReadEarly(viewer, groupReadId);
        return 'LC encerrada.';
      });
  }
}
