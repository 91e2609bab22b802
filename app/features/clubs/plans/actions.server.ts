import { failureFromError, formFailure, parseForm } from '~/server/forms.server';
import { doneWith } from './components/form-scope';
import type { Viewer } from '~/server/viewer.server';
import {
  createBenefit,
  createPlan,
  deleteBenefit,
  deletePlan,
  leaveFreePlan,
  setPlanArchived,
  subscribeToPlan,
  updateBenefit,
  updatePlan,
} from './mutations.server';
import { benefitInput, benefitIntent, planInput, planIntent, subscribeIntent } from './validation';

/** Every value of a repeated checkbox, which Object.fromEntries would cut to the last. */
const all = (formData: FormData, name: string) => formData.getAll(name).filter((v): v is string => typeof v === 'string');

// A failure echoes every typed field, the hidden `form` among them, so the page shows it on the form that was sent.

/** /admin/planos' intents: create, save, archive, reactivate, delete. */
export async function runPlanAdminAction(viewer: Viewer, clubId: string, formData: FormData) {
  const intent = parseForm(formData, planIntent);
  if (!intent.ok) return intent.failure;
  try {
    switch (intent.value.intent) {
      case 'criar':
      case 'salvar': {
        const parsed = parseForm(formData, planInput, { benefitIds: all(formData, 'benefitIds') });
        if (!parsed.ok) return parsed.failure;
        if (intent.value.intent === 'criar') {
          await createPlan(viewer, clubId, parsed.value);
          return doneWith(`Plano “${parsed.value.name}” criado.`, parsed.fields);
        }
        await updatePlan(viewer, clubId, intent.value.planId, parsed.value);
        return { success: `Plano “${parsed.value.name}” salvo.` };
      }
      case 'arquivar':
      case 'reativar':
        await setPlanArchived(viewer, clubId, intent.value.planId, intent.value.intent === 'arquivar');
        return { success: intent.value.intent === 'arquivar' ? 'Plano arquivado: quem já tem continua com ele; ninguém novo entra.' : 'Plano reativado.' };
      case 'excluir':
        await deletePlan(viewer, clubId, intent.value.planId);
        return { success: 'Plano excluído.' };
    }
  } catch (error) {
    return failureFromError(error, intent.fields);
  }
}

/** /admin/beneficios' intents: create, save, delete. */
export async function runBenefitAdminAction(viewer: Viewer, clubId: string, formData: FormData) {
  const intent = parseForm(formData, benefitIntent);
  if (!intent.ok) return intent.failure;
  try {
    if (intent.value.intent === 'excluir') {
      await deleteBenefit(viewer, clubId, intent.value.benefitId);
      return { success: 'Benefício excluído.' };
    }
    const parsed = parseForm(formData, benefitInput, { planIds: all(formData, 'planIds') });
    if (!parsed.ok) return parsed.failure;
    if (intent.value.intent === 'criar') await createBenefit(viewer, clubId, parsed.value);
    else await updateBenefit(viewer, clubId, intent.value.benefitId, parsed.value);
    return doneWith(`Benefício “${parsed.value.title}” salvo.`, parsed.fields);
  } catch (error) {
    return failureFromError(error, intent.fields);
  }
}

const SUBSCRIBED = {
  took: 'Pronto: o plano é seu.',
  joined_and_took: 'Boas-vindas ao clube! O plano é seu.',
} as const;

/** /planos' intents: take a plan (joining an open club on the way), leave a free one. */
export async function runSubscribeAction(viewer: Viewer, clubId: string, formData: FormData) {
  const intent = parseForm(formData, subscribeIntent);
  if (!intent.ok) return formFailure(intent.failure.data.fields, 'Escolha um plano da lista.');
  try {
    if (intent.value.intent === 'deixar-plano') {
      await leaveFreePlan(viewer, clubId);
      return { success: 'Você deixou o plano. Continua membro do clube.' };
    }
    return { success: SUBSCRIBED[await subscribeToPlan(viewer, clubId, intent.value.planId)] };
  } catch (error) {
    return failureFromError(error, intent.fields);
  }
}
