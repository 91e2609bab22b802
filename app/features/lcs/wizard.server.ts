import { data } from 'react-router';
import { typedFields } from '~/server/forms.server';
import type { Viewer } from '~/server/viewer.server';
import { finishWizard, firstStepWithError } from '~/server/wizard.server';
import { editionIdFrom } from '~/features/clubs/activities/validation';
import { createGroupRead, creationBlocker } from './mutations.server';
import { saoPauloToday } from './policy';
import { currentEditionIds, lookUpBooks } from './queries.server';
import { addDays, defaultStageCount, generateSchedule } from './schedule';
import { STEP_SCHEMAS, WIZARD_STEPS, type WizardStep, groupReadInput, pagesOverMessage, wizardField, wizardShape } from './validation';

/**
 * /criar/lc: a wizard whose whole state travels in the form (every step's fields, the hidden ones too), so going
 * back, forth or failing a check never loses a thing typed, and it works before JavaScript. Each step is checked
 * before the next opens; the schedule is generated when the books or dates it came from change, then edited freely.
 */
export type WizardState = {
  step: WizardStep;
  fields: Record<string, string>;
  fieldErrors: Record<string, string>;
  formError?: string;
  /** The books or dates changed after the etapas were edited: generating again would replace them, so it asks. */
  confirmRegenerate?: boolean;
  books: Record<string, { title: string; pages: number | null }>;
};

type Shape = ReturnType<typeof wizardShape>;

/**
 * The wizard's opening state: one book to choose, a start a week from today; what would stop the creation at the
 * end (an unconfirmed e-mail, the cap of LCs at once) is said at once, not after every step is filled in.
 */
export async function initialWizard(viewer: Viewer): Promise<WizardState> {
  const startsOn = addDays(saoPauloToday(), 7);
  const fields = flatten({ ...wizardShape({}), visibility: 'publico', startsOn, endsOn: addDays(startsOn, 27), editions: [{ editionId: '', pages: '' }] });
  const blocker = await creationBlocker(viewer);
  return { step: 'livros', fields, fieldErrors: {}, books: {}, ...(blocker ? { formError: blocker } : {}) };
}

function flatten(shape: Shape, extra: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = {
    title: shape.title,
    description: shape.description,
    hostClubId: shape.hostClubId,
    visibility: shape.visibility,
    participantCap: shape.participantCap,
    startsOn: shape.startsOn,
    endsOn: shape.endsOn,
    stageCount: shape.stageCount,
    ...extra,
  };
  shape.editions.forEach((e, i) => Object.assign(fields, { [`edition-${i}`]: e.editionId, [`edition-${i}-pages`]: e.pages }));
  shape.stages.forEach((s, i) =>
    Object.assign(fields, {
      [`stage-${i}-edition`]: s.editionIndex,
      [`stage-${i}-unit`]: s.unit,
      [`stage-${i}-from`]: s.fromNumber,
      [`stage-${i}-to`]: s.toNumber,
      [`stage-${i}-startsOn`]: s.startsOn,
      [`stage-${i}-endsOn`]: s.endsOn,
    }),
  );
  shape.materials.forEach((m, i) => Object.assign(fields, { [`material-${i}-title`]: m.title, [`material-${i}-url`]: m.url }));
  return fields;
}

/** The step a field is asked on, to reopen it when the last check fails there. */
function stepOf(field: string): WizardStep {
  if (field.startsWith('edition-')) return 'livros';
  if (field.startsWith('stage-')) return 'cronograma';
  if (field === 'startsOn' || field === 'endsOn' || field === 'stageCount') return 'datas';
  return 'detalhes';
}

function errorsOf(step: WizardStep, shape: Shape): Record<string, string> {
  const result = STEP_SCHEMAS[step].safeParse(shape);
  const errors: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) errors[wizardField(issue.path)] ??= issue.message;
  return errors;
}

/** What the schedule was generated from: when it changes, entering the schedule step generates it again. */
const scheduleSource = (shape: Shape) => JSON.stringify([shape.editions, shape.startsOn, shape.endsOn, shape.stageCount]);
/** The etapas as generated (or as last generated): when the form's differ, the host edited them. */
const stagesPrint = (stages: Shape['stages']) => JSON.stringify(stages);

function generate(shape: Shape, books: WizardState['books']): Shape['stages'] {
  const list = shape.editions.map((e, i) => ({ editionId: String(i), pages: Number(e.pages) || books[editionIdFrom(e.editionId) ?? '']?.pages || 0 }));
  const count = Number(shape.stageCount) || defaultStageCount(list.length, shape.startsOn, shape.endsOn);
  return generateSchedule(list, shape.startsOn, shape.endsOn, count).map((s) => ({
    editionIndex: s.editionId,
    unit: s.unit,
    fromNumber: String(s.fromNumber),
    toNumber: String(s.toNumber),
    startsOn: s.startsOn,
    endsOn: s.endsOn,
  }));
}

/** The books step also needs each book in the catalogue, with a page count (its own or typed) for the schedule. */
function bookErrors(shape: Shape, books: WizardState['books']): Record<string, string> {
  const errors: Record<string, string> = {};
  shape.editions.forEach((e, i) => {
    const book = books[editionIdFrom(e.editionId) ?? ''];
    if (!book) errors[`edition-${i}`] = 'Não encontramos essa edição no catálogo. Escolha um livro da busca.';
    else if (!book.pages && !e.pages) errors[`edition-${i}-pages`] = 'O catálogo não tem o número de páginas deste livro: informe o do seu exemplar.';
    else if (book.pages && Number(e.pages) > book.pages) errors[`edition-${i}-pages`] = pagesOverMessage(book.pages);
  });
  return errors;
}

const newStage = (shape: Shape): Shape['stages'][number] => {
  const last = shape.stages.at(-1);
  return {
    editionIndex: last?.editionIndex ?? '0',
    unit: last?.unit ?? 'pages',
    fromNumber: '',
    toNumber: '',
    startsOn: last?.endsOn ?? shape.startsOn,
    endsOn: last?.endsOn ?? shape.endsOn,
  };
};

/** One press of a wizard button: a row added or removed, a step back or forth, the schedule generated, the LC created. */
export async function runWizard(viewer: Viewer, formData: FormData) {
  const fields = typedFields(formData);
  const shape = wizardShape(fields);
  const intent = fields.intent ?? 'avancar';
  let step: WizardStep = WIZARD_STEPS.find((s) => s === fields.step) ?? 'livros';
  let source = fields.scheduleSource ?? '';
  let generated = fields.scheduleGenerated ?? '';
  let fieldErrors: Record<string, string> = {};
  let formError: string | undefined;
  let confirmRegenerate = false;
  // An edition merged into another stands for the one that stayed: the form shows that one from now on.
  const survivors = await currentEditionIds(shape.editions.flatMap((e) => editionIdFrom(e.editionId) ?? []).slice(0, 20));
  for (const e of shape.editions) e.editionId = survivors.get(editionIdFrom(e.editionId) ?? '') ?? e.editionId;
  const books = await lookUpBooks(shape.editions.flatMap((e) => editionIdFrom(e.editionId) ?? []).slice(0, 20));
  const edited = shape.stages.length > 0 && stagesPrint(shape.stages) !== generated;
  const regenerate = () => {
    shape.stages = generate(shape, books);
    source = scheduleSource(shape);
    generated = stagesPrint(shape.stages);
  };

  const removal = /^remover-(livro|etapa|material)-(\d{1,3})$/.exec(intent);
  if (removal) {
    const list = { livro: shape.editions, etapa: shape.stages, material: shape.materials }[removal[1] as 'livro' | 'etapa' | 'material'];
    list.splice(Number(removal[2]), 1);
  } else if (intent === 'mais-livro') shape.editions.push({ editionId: '', pages: '' });
  else if (intent === 'mais-etapa') shape.stages.push(newStage(shape));
  else if (intent === 'mais-material') shape.materials.push({ title: '', url: '' });
  else if (intent === 'voltar') step = WIZARD_STEPS[Math.max(0, WIZARD_STEPS.indexOf(step) - 1)]!;
  else if (intent === 'gerar' || intent === 'gerar-confirmado') {
    fieldErrors = errorsOf('datas', shape);
    if (Object.keys(fieldErrors).length > 0) step = 'datas';
    else if (edited && intent === 'gerar') confirmRegenerate = true;
    else regenerate();
  } else if (intent === 'avancar' || intent === 'criar') {
    fieldErrors = { ...errorsOf(step, shape), ...(step === 'livros' ? bookErrors(shape, books) : {}) };
    if (Object.keys(fieldErrors).length === 0 && step !== 'detalhes') {
      step = WIZARD_STEPS[WIZARD_STEPS.indexOf(step) + 1]!;
      // New books or dates generate the schedule again, unless the host edited it: then they are asked.
      if (step === 'cronograma' && source !== scheduleSource(shape)) {
        if (edited) confirmRegenerate = true;
        else regenerate();
      }
    } else if (Object.keys(fieldErrors).length === 0) {
      const done = await finishWizard(step, stepOf, async () => `/lc/${(await createGroupRead(viewer, groupReadInput.parse(shape))).slug}`);
      if (done instanceof Response) return done;
      ({ fieldErrors, step, formError } = done);
    } else step = firstStepWithError(WIZARD_STEPS, fieldErrors, stepOf, step);
  }
  const failed = Object.keys(fieldErrors).length > 0 || formError !== undefined;
  // What will stop the creation is said on every step, from the first.
  formError ??= (await creationBlocker(viewer)) ?? undefined;
  const state: WizardState = {
    step,
    fields: flatten(shape, { scheduleSource: source, scheduleGenerated: generated }),
    fieldErrors,
    books,
    ...(formError ? { formError } : {}),
    ...(confirmRegenerate ? { confirmRegenerate } : {}),
  };
  return data(state, { status: failed ? 400 : 200 });
}
