import { redirect } from 'react-router';
import { isAppError } from './errors';

/** Where a wizard stands after its last step failed: the errors, the step to reopen, a message over the form. */
export type WizardRefusal<Step extends string> = { fieldErrors: Record<string, string>; step: Step; formError?: string };

/**
 * A wizard's last step (the LC's and the marathon's): `create` makes the thing and answers its address, and the
 * wizard redirects there; a refusal naming a field is shown beside it, on that field's step; any other is said over
 * the form, on the step the reader was on. Nothing typed is lost: the caller keeps its fields.
 */
export async function finishWizard<Step extends string>(
  step: Step,
  stepOf: (field: string) => Step,
  create: () => Promise<string>,
): Promise<Response | WizardRefusal<Step>> {
  try {
    return redirect(await create());
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.field) return { fieldErrors: { [error.field]: error.message }, step: stepOf(error.field) };
    return { fieldErrors: {}, step, formError: error.message };
  }
}

/** The last step checks everything: the first step holding one of `fieldErrors`' fields, else `step`. */
export function firstStepWithError<Step extends string>(
  steps: readonly Step[],
  fieldErrors: Record<string, string>,
  stepOf: (field: string) => Step,
  step: Step,
): Step {
  return steps.find((s) => Object.keys(fieldErrors).some((field) => stepOf(field) === s)) ?? step;
}
