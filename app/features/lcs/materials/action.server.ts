import { AppError } from '~/server/errors';
import type { Viewer } from '~/server/viewer.server';
import { formRunner } from '../form-runner.server';
import { addMaterialFile, addMaterialLink, moveMaterial, removeMaterial } from './materials.server';
import { materialFileInput, materialIdInput, materialIntent, materialLinkInput } from './validation';

/**
 * The materiais tab's forms (host tools), each checked by its own schema; the data functions check again that
 * the viewer may manage the LC. A refused form keeps what was typed (fields) and says why next to the field.
 */
export async function runMaterialAction(viewer: Viewer, groupReadId: string, formData: FormData) {
  const which = materialIntent.safeParse({ intent: formData.get('intent') });
  if (!which.success) return { formError: 'Escolha o que fazer.', fieldErrors: {}, fields: {} };
  const run = formRunner(formData);
  switch (which.data.intent) {
    case 'link':
      return run(materialLinkInput, async (input) => {
        await addMaterialLink(viewer, groupReadId, input);
        return 'Link adicionado aos materiais.';
      });
    case 'arquivo': {
      const file = formData.get('file');
      return run(materialFileInput, async ({ title }) => {
        if (!(file instanceof File) || file.size === 0) throw new AppError('invalid_input', 'Escolha um arquivo (PDF ou imagem).', 'file');
        await addMaterialFile(viewer, groupReadId, title, file);
        return 'Arquivo adicionado aos materiais.';
      });
    }
    case 'remover':
      return run(materialIdInput, async ({ materialId }) => {
        await removeMaterial(viewer, groupReadId, materialId);
        return 'Material removido.';
      });
    case 'subir':
    case 'descer': {
      const direction = which.data.intent === 'subir' ? 'up' : 'down';
      return run(materialIdInput, async ({ materialId }) => {
        await moveMaterial(viewer, groupReadId, materialId, direction);
        return 'Ordem dos materiais salva.';
      });
    }
  }
}
