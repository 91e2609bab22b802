import { data } from 'react-router';
import { addDays } from '~/features/lcs/schedule';

import { typedFields } from '~/server/forms.server';
import type { Viewer } from '~/server/viewer.server';
import { finishWizard, firstStepWithError } from '~/server/wizard.server';
import { createMarathon, marathonCreationBlocker } from './mutations.server';
import { todayIn } from '~/lib/calendar';
import {
  CHALLENGE_KEYS,
  MARATHON_STEP_SCHEMAS,
  MARATHON_WIZARD_STEPS,
  type MarathonWizardStep,
  marathonInput,
  marathonWizardField,
  marathonWizardShape,
} from './validation';

/**
 * /criar/maratona: a wizard whose whole state travels in the form (every step's fields, the hidden ones too), so
 * going back, forth or failing a check never loses a thing typed, and it works before JavaScript. Each step is
 * checked before the next opens; the last checks everything and creates the marathon.
 */
export type MarathonWizardState = {
  step: MarathonWizardStep;
  fields: Record<string, string>;
  fieldErrors: Record<string, string>;
  formError?: string;
};

type Shape = ReturnType<typeof marathonWizardShape>;
type Challenge = Shape['challenges'][number];

const newChallenge = (category = '0'): Challenge => ({ category, kind: 'leitura', description: '', points: '1', revealsOn: '', level: '' });

/** The opening state: two weeks from now, registration open until the end, one category with one challenge to fill in. */
export async function initialMarathonWizard(viewer: Viewer): Promise<MarathonWizardState> {
  const today = todayIn('America/Sao_Paulo');
  const startsOn = addDays(today, 14);
  const endsOn = addDays(startsOn, 13);
  const fields = flatten({
    ...marathonWizardShape({}),
    timeZone: 'America/Sao_Paulo',
    startsOn,
    endsOn,
    registrationOpensOn: today,
    registrationClosesOn: endsOn,
    visibility: 'publico',
    categories: [{ name: '' }],
    challenges: [newChallenge()],
  });
  const blocker = await marathonCreationBlocker(viewer);
  return { step: 'basico', fields, fieldErrors: {}, ...(blocker ? { formError: blocker } : {}) };
}

function flatten(shape: Shape): Record<string, string> {
  const { groups, categories, challenges, ...plain } = shape;
  const fields: Record<string, string> = { ...plain };
  groups.forEach((g, i) => (fields[`group-${i}-name`] = g.name));
  categories.forEach((c, i) => (fields[`category-${i}-name`] = c.name));
  challenges.forEach((c, i) => CHALLENGE_KEYS.forEach((k) => (fields[`challenge-${i}-${k}`] = c[k])));
  return fields;
}

/** The step a field is asked on, to reopen it when the last check fails there. */
function stepOf(field: string): MarathonWizardStep {
  if (['timeZone', 'startsOn', 'endsOn', 'registrationOpensOn', 'registrationClosesOn'].includes(field)) return 'datas';
  if (field === 'mode' || field.startsWith('group')) return 'grupos';
  if (field.startsWith('categor') || field.startsWith('challenge')) return 'desafios';
  if (field === 'visibility') return 'visibilidade';
  return 'basico';
}

function errorsOf(step: MarathonWizardStep, shape: Shape): Record<string, string> {
  const result = MARATHON_STEP_SCHEMAS[step].safeParse(shape);
  const errors: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) errors[marathonWizardField(issue.path)] ??= issue.message;
  return errors;
}

/** A row removed from a list the challenges point into (a category, a level): they follow the rows that moved up. */
function dropIndex(challenges: Challenge[], key: 'category' | 'level', removed: number) {
  for (const c of challenges) {
    const n = c[key] === '' ? null : Number(c[key]);
    if (n === null) continue;
    c[key] = n === removed ? '' : n > removed ? String(n - 1) : c[key];
  }
}

/** One press of a wizard button: a row added or removed, a step back or forth, the marathon created. */
export async function runMarathonWizard(viewer: Viewer, formData: FormData) {
  const shape = marathonWizardShape(typedFields(formData));
  const fields = typedFields(formData);
  const intent = fields.intent ?? 'avancar';
  let step: MarathonWizardStep = MARATHON_WIZARD_STEPS.find((s) => s === fields.step) ?? 'basico';
  let fieldErrors: Record<string, string> = {};
  let formError: string | undefined;

  const removal = /^remover-(grupo|categoria|desafio)-(\d{1,3})$/.exec(intent);
  if (removal) {
    const n = Number(removal[2]);
    if (removal[1] === 'grupo') {
      shape.groups.splice(n, 1);
      dropIndex(shape.challenges, 'level', n);
    } else if (removal[1] === 'categoria') {
      shape.categories.splice(n, 1);
      dropIndex(shape.challenges, 'category', n);
    } else shape.challenges.splice(n, 1);
  } else if (intent === 'mais-grupo') shape.groups.push({ name: '' });
  else if (intent === 'mais-categoria') shape.categories.push({ name: '' });
  else if (intent === 'mais-desafio') shape.challenges.push(newChallenge(shape.challenges.at(-1)?.category ?? '0'));
  else if (intent === 'voltar') step = MARATHON_WIZARD_STEPS[Math.max(0, MARATHON_WIZARD_STEPS.indexOf(step) - 1)]!;
  else if (intent === 'avancar' || intent === 'criar') {
    fieldErrors = errorsOf(step, shape);
    if (Object.keys(fieldErrors).length === 0 && step !== 'visibilidade') step = MARATHON_WIZARD_STEPS[MARATHON_WIZARD_STEPS.indexOf(step) + 1]!;
    else if (Object.keys(fieldErrors).length === 0) {
      const done = await finishWizard(step, stepOf, async () => `/m/${(await createMarathon(viewer, marathonInput.parse(shape))).slug}`);
      if (done instanceof Response) return done;
      ({ fieldErrors, step, formError } = done);
    } else step = firstStepWithError(MARATHON_WIZARD_STEPS, fieldErrors, stepOf, step);
  }
  const failed = Object.keys(fieldErrors).length > 0 || formError !== undefined;
  formError ??= (await marathonCreationBlocker(viewer)) ?? undefined;
  const state: MarathonWizardState = { step, fields: flatten(shape), fieldErrors, ...(formError ? { formError } : {}) };
  return data(state, { status: failed ? 400 : 200 });
}
