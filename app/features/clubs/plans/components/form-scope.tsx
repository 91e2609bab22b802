import { useEffect, useRef, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { isFailure, isSuccess, typed } from '~/lib/form-result';

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
function useResetAfterSuccess(result: unknown, form: string) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (isSuccess(result) && (result as Record<string, unknown>)[FORM_FIELD] === form) ref.current?.reset();
  }, [result, form]);
  return ref;
}

/** What one item's fields need: its own failure, what was typed back after a refusal (`field`), ids unique on the page (`id`). */
export function scopedFields(result: unknown, scope: string) {
  const failure = failureOf(result, scope);
  const field = (name: string, fallback: string) => (failure ? typed(failure, name, fallback) : fallback);
  const id = (name: string) => `${scope}-${name}`;
  return { failure, field, id };
}

/**
 * One item's form on such a page: its scope and intent, the item's hidden fields, its failure, the fields
 * (from `scopedFields` with the same scope), its submit button busy while this form alone is sent.
 */
export function ScopedForm({
  result,
  scope,
  intent,
  hidden,
  submitLabel,
  children,
}: {
  result: unknown;
  scope: string;
  intent: string;
  hidden: Record<string, string>;
  submitLabel: string;
  children: ReactNode;
}) {
  const ref = useResetAfterSuccess(result, scope);
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formData?.get(FORM_FIELD) === scope;
  return (
    <Form ref={ref} method="post" className="flex flex-col gap-4">
      <input type="hidden" name={FORM_FIELD} value={scope} />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormMessage>{failureOf(result, scope)?.formError}</FormMessage>
      {children}
      <Button type="submit" pending={pending} className="self-start">
        {submitLabel}
      </Button>
    </Form>
  );
}
