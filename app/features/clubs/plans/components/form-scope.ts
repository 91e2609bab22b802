import { isFailure } from '~/lib/form-result';

/**
 * A page with one form per item (each plan, each benefit, each activity) shows a failure only on the form that
 * was sent: each form posts a hidden `form` field naming itself, and the failure echoes what was typed.
 */
export const FORM_FIELD = 'form';

export function failureOf(result: unknown, form: string) {
  return isFailure(result) && result.fields[FORM_FIELD] === form ? result : undefined;
}
