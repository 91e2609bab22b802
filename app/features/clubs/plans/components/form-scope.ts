import { useEffect, useRef } from 'react';
import { isFailure, isSuccess } from '~/lib/form-result';

/**
 * A page with one form per item (each plan, each benefit, each activity) shows a failure only on the form that
 * was sent: each form posts a hidden `form` field naming itself, and the failure echoes what was typed.
 */
export const FORM_FIELD = 'form';

export function failureOf(result: unknown, form: string) {
  return isFailure(result) && result.fields[FORM_FIELD] === form ? result : undefined;
}

/** What an action answers when a form's work is done: the message, and which form it was (to empty it). */
export const doneWith = (message: string, fields: Record<string, string>) => ({ success: message, [FORM_FIELD]: fields[FORM_FIELD] ?? '' });

/**
 * A "new …" form empties itself once its item is created (a browser keeps what was typed in an uncontrolled
 * form across the page's revalidation); edit forms keep showing what was saved.
 */
export function useResetAfterSuccess(result: unknown, form: string) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (isSuccess(result) && (result as Record<string, unknown>)[FORM_FIELD] === form) ref.current?.reset();
  }, [result, form]);
  return ref;
}
