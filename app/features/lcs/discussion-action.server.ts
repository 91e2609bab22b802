import { z } from 'zod';
import { progressActionInputs } from '~/features/reading/progress/progress';
import { failureFromError, parseForm } from '~/server/forms.server';
import type { Viewer } from '~/server/viewer.server';
import { addGroupReadComment, deleteGroupReadComment, pinGroupReadComment, revealStage } from './discussion.server';
import { GROUP_READ_COMMENT_MAX } from './policy';
import { logGroupReadProgress, markStageRead } from './progress.server';

const id = z.string().min(1).max(64);
const discussionInputs = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('comentar'),
    stageId: id,
    parentId: id.optional().transform((value) => value ?? null),
    comment: z
      .string()
      .trim()
      .min(1, 'Escreva o comentário.')
      .max(GROUP_READ_COMMENT_MAX, `Use no máximo ${GROUP_READ_COMMENT_MAX.toLocaleString('pt-BR')} caracteres.`),
  }),
  z.object({ intent: z.literal('apagar-comentario'), commentId: id }),
  z.object({ intent: z.enum(['fixar', 'desafixar']), commentId: id }),
  z.object({ intent: z.literal('mostrar'), stageId: id }),
]);

/** `discussao`'s forms: comment or reply, delete, pin (hosts), "mostrar mesmo assim". The data functions check the viewer again. */
export async function runDiscussionAction(viewer: Viewer, groupReadId: string, formData: FormData) {
  const parsed = parseForm(formData, discussionInputs);
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  try {
    switch (input.intent) {
      case 'comentar':
        await addGroupReadComment(viewer, groupReadId, { stageId: input.stageId, body: input.comment, parentId: input.parentId });
        return { success: input.parentId ? 'Resposta publicada.' : 'Comentário publicado.' };
      case 'apagar-comentario':
        await deleteGroupReadComment(viewer, groupReadId, input.commentId);
        return { success: 'Comentário apagado.' };
      case 'fixar':
      case 'desafixar':
        await pinGroupReadComment(viewer, groupReadId, input.commentId, input.intent === 'fixar');
        return { success: input.intent === 'fixar' ? 'Comentário fixado no topo da etapa.' : 'Comentário desafixado.' };
      case 'mostrar':
        await revealStage(viewer, groupReadId, input.stageId);
        return { success: 'A conversa desta etapa está aberta para você. Cuidado com spoilers!' };
    }
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

const progressInputs = z.discriminatedUnion('intent', [
  progressActionInputs[0].extend({ editionId: id }),
  z.object({ intent: z.enum(['li-etapa', 'nao-li-etapa']), stageId: id }),
]);

/** `progresso`'s forms: my progress on one of the LC's editions (the reading domain's own update), "li esta etapa". */
export async function runProgressAction(viewer: Viewer, groupReadId: string, formData: FormData) {
  const parsed = parseForm(formData, progressInputs);
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  try {
    if (input.intent === 'progresso') {
      const { editionId, intent: _, ...progress } = input;
      await logGroupReadProgress(viewer, groupReadId, editionId, progress);
      return { success: 'Progresso registrado.' };
    }
    await markStageRead(viewer, groupReadId, input.stageId, input.intent === 'li-etapa');
    return { success: input.intent === 'li-etapa' ? 'Etapa marcada como lida.' : 'Marca desfeita.' };
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}
