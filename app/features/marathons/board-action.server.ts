import { failureFromError, parseForm } from '~/server/forms.server';
import type { Viewer } from '~/server/viewer.server';
import { linkEdition, tickChallenge, unlinkEdition, updateLink } from './board.server';
import type { MarathonDetail } from './types';
import { boardIntent } from './validation';

/** /m/{identificador}/progresso's forms; the data functions check the viewer's board again. What was typed comes back on failure. */
export async function runBoardAction(viewer: Viewer, marathon: MarathonDetail, formData: FormData) {
  const parsed = parseForm(formData, boardIntent);
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  try {
    switch (input.intent) {
      case 'vincular':
        await linkEdition(viewer, marathon.id, input.challengeId, input.editionId);
        return { success: 'Livro vinculado ao desafio.' };
      case 'salvar': {
        const { intent: _, linkId, ...link } = input;
        await updateLink(viewer, marathon.id, linkId, link);
        return { success: 'Vínculo salvo.' };
      }
      case 'desvincular':
        await unlinkEdition(viewer, marathon.id, input.linkId);
        return { success: 'Livro desvinculado.' };
      case 'marcar':
        await tickChallenge(viewer, marathon.id, input.challengeId, input.done);
        return { success: input.done ? 'Desafio concluído!' : 'Desafio desmarcado.' };
    }
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}
