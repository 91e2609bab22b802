import { failureFromError, formFailure, parseForm } from '~/server/forms.server';
import type { Viewer } from '~/server/viewer.server';
import { doneWith } from '../plans/components/form-scope';
import { createActivity, deleteActivity, updateActivity } from './mutations.server';
import { activityInput, activityIntent, activityValues } from './validation';

/** /admin/atividades' intents: schedule, save, delete. A failure echoes the typed fields (the form's scope too). */
export async function runActivityAdminAction(viewer: Viewer, clubId: string, formData: FormData) {
  const intent = parseForm(formData, activityIntent);
  if (!intent.ok) return intent.failure;
  try {
    if (intent.value.intent === 'excluir') {
      await deleteActivity(viewer, clubId, intent.value.activityId);
      return { success: 'Atividade excluída.' };
    }
    const parsed = parseForm(formData, activityInput);
    if (!parsed.ok) return parsed.failure;
    const values = activityValues(parsed.value);
    if ('field' in values) return formFailure(parsed.fields, '', { [values.field]: values.message });
    if (intent.value.intent === 'criar') await createActivity(viewer, clubId, values);
    else await updateActivity(viewer, clubId, intent.value.activityId, values);
    return doneWith(intent.value.intent === 'criar' ? 'Atividade marcada: ela aparece no clube e na agenda.' : 'Atividade salva.', parsed.fields);
  } catch (error) {
    return failureFromError(error, intent.fields);
  }
}
