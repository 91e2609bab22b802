import { redirect } from 'react-router';
import { failureFromError, formFailure, parseForm, typedFields } from '~/server/forms.server';
import type { Viewer } from '~/server/viewer.server';
import { parseClubForm } from '../club-form.server';
import { updateClubSettings } from '../mutations.server';
import type { ClubDetail } from '../types';
import { clubSettingsInput } from '../validation';
import { changeClubImage, removeClubImage, updateClubBranding } from './branding.server';
import { brandingInput } from './validation';

/** The forms of /admin/personalizar: settings, colours, avatar and banner (each authorizes in its mutation). */
export async function runPersonalizeAction(viewer: Viewer, club: ClubDetail, formData: FormData) {
  const intent = String(formData.get('intent') ?? '');
  const fields = typedFields(formData);
  try {
    switch (intent) {
      case 'configuracoes': {
        const parsed = parseClubForm(formData, clubSettingsInput);
        if (!parsed.ok) return parsed.failure;
        try {
          const { slug } = await updateClubSettings(viewer, club.id, parsed.value);
          if (slug !== club.slug) return redirect(`/clube/${slug}/admin/personalizar?salvo=1`);
        } catch (error) {
          return failureFromError(error, parsed.fields);
        }
        return { success: 'Configurações salvas.' };
      }
      case 'cores': {
        const parsed = parseForm(formData, brandingInput);
        if (!parsed.ok) return parsed.failure;
        await updateClubBranding(viewer, club.id, parsed.value);
        return { success: 'Cores salvas.' };
      }
      case 'avatar':
      case 'capa': {
        const kind = intent === 'avatar' ? 'avatar' : 'banner';
        const file = formData.get(kind);
        if (!(file instanceof File) || file.size === 0) return formFailure(fields, '', { [kind]: 'Escolha uma imagem.' });
        await changeClubImage(viewer, club.id, kind, file);
        return { success: kind === 'avatar' ? 'Foto atualizada.' : 'Capa atualizada.' };
      }
      case 'remover-avatar':
      case 'remover-capa':
        await removeClubImage(viewer, club.id, intent === 'remover-avatar' ? 'avatar' : 'banner');
        return { success: intent === 'remover-avatar' ? 'Foto removida.' : 'Capa removida.' };
      default:
        return formFailure(fields, 'Ação desconhecida.');
    }
  } catch (error) {
    return failureFromError(error, fields);
  }
}
