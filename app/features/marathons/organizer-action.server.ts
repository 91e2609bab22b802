import { redirect } from 'react-router';
import { z } from 'zod';
import { formRunner } from '~/features/lcs/form-runner.server';
import { isSuccess } from '~/lib/form-result';
import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { changeMarathonCover, removeMarathonCover } from './cover.server';
import { addChallenge, removeMarathonParticipant, updateMarathonSettings } from './mutations.server';
import { changeParticipantGroup, removeChallenge, updateChallenge } from './organizer-edits.server';
import type { MarathonDetail } from './types';
import { addChallengeInput, editChallengeInput, marathonSettingsInput, participantAction, participantGroupInput, removeChallengeInput } from './validation';

const organizerIntent = z.object({
  intent: z.enum(['detalhes', 'capa', 'remover-capa', 'desafio', 'editar-desafio', 'remover-desafio', 'grupo', 'remover', 'banir']),
});

/**
 * /m/{identificador}/gerenciar's forms, each checked by its own schema; the data functions check the viewer
 * organises the marathon again. A changed identificador moves the page (the old one keeps redirecting).
 */
export async function runOrganizerAction(viewer: Viewer, marathon: MarathonDetail, formData: FormData) {
  const which = organizerIntent.safeParse({ intent: formData.get('intent') });
  if (!which.success) return { formError: 'Escolha o que fazer.', fieldErrors: {}, fields: {} };
  const run = formRunner(formData);
  switch (which.data.intent) {
    case 'detalhes': {
      const result = await run(marathonSettingsInput, async (input) => {
        await updateMarathonSettings(viewer, marathon.id, input);
        return 'Alterações salvas.';
      });
      const slug = String(formData.get('slug') ?? '')
        .trim()
        .toLowerCase();
      if (isSuccess(result) && slug !== marathon.slug) throw redirect(`/m/${slug}/gerenciar`);
      return result;
    }
    case 'capa': {
      const file = formData.get('cover');
      return run(z.object({}), async () => {
        if (!(file instanceof File) || file.size === 0) throw new AppError('invalid_input', 'Escolha uma imagem para a capa.', 'cover');
        await changeMarathonCover(viewer, marathon.id, file);
        return 'Capa atualizada.';
      });
    }
    case 'remover-capa':
      return run(z.object({}), async () => {
        await removeMarathonCover(viewer, marathon.id);
        return 'Capa removida.';
      });
    case 'desafio':
      return run(addChallengeInput, async (input) => {
        await addChallenge(viewer, marathon.id, input);
        return 'Desafio adicionado.';
      });
    case 'editar-desafio':
      return run(editChallengeInput, async (input) => {
        await updateChallenge(viewer, marathon.id, input);
        return 'Desafio atualizado.';
      });
    case 'remover-desafio':
      return run(removeChallengeInput, async ({ challengeId }) => {
        await removeChallenge(viewer, marathon.id, challengeId);
        return 'Desafio removido.';
      });
    case 'grupo':
      return run(participantGroupInput, async ({ userId, groupId }) => {
        await changeParticipantGroup(viewer, marathon.id, userId, groupId);
        return marathon.mode === 'teams' ? 'Equipe alterada.' : 'Nível alterado.';
      });
    case 'remover':
    case 'banir': {
      const ban = which.data.intent === 'banir';
      return run(participantAction, async ({ userId }) => {
        await removeMarathonParticipant(viewer, marathon.id, userId, ban);
        return ban ? 'Pessoa removida da maratona, sem poder voltar.' : 'Pessoa removida da maratona.';
      });
    }
  }
}
