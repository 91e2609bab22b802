import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Button, buttonClass } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { FORM_FIELD, failureOf } from '../../plans/components/form-scope';

/**
 * Deleting asks first: the summary of a native <details> opens the warning and the real delete button, so the
 * confirmation works without JavaScript and one click never deletes. Sits inside the item's form.
 */
function ConfirmDelete({ name, warning }: { name: string; warning: string }) {
  return (
    <details>
      <summary className={buttonClass('secondary', 'cursor-pointer list-none text-danger')}>Excluir {name}</summary>
      <div className="mt-2 flex max-w-md flex-col items-start gap-2 rounded-lg border border-line p-3">
        <p className="text-sm">Tem certeza? {warning}</p>
        <Button type="submit" name="intent" value="excluir" variant="danger">
          Sim, excluir {name}
        </Button>
      </div>
    </details>
  );
}

type Props = {
  /** The item's id and the field its forms post it in (`planId`, `benefitId`, `activityId`). */
  idField: string;
  id: string;
  name: string;
  result: unknown;
  /** What the item is: heading and facts. */
  children: ReactNode;
  /** Buttons (intents) besides deleting, posted with the item's id. */
  actions?: ReactNode;
  /** What deleting loses, said before the confirming button; absent when the item cannot be deleted. */
  deleteWarning?: string | undefined;
  /** The edit form, folded, and its scope (it opens again after a refusal). */
  edit: ReactNode;
  editScope: string;
};

/** One item of an admin list (/admin/planos, /admin/beneficios, /admin/atividades): facts, actions, confirmed delete, edit form. */
export function AdminItem({ idField, id, name, result, children, actions, deleteWarning, edit, editScope }: Props) {
  const scope = `acao-${id}`;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      {children}
      <FormMessage>{failureOf(result, scope)?.formError}</FormMessage>
      <Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name={FORM_FIELD} value={scope} />
        <input type="hidden" name={idField} value={id} />
        {actions}
        {deleteWarning ? <ConfirmDelete name={name} warning={deleteWarning} /> : null}
      </Form>
      <details className="rounded-lg border border-line p-3" open={failureOf(result, editScope) !== undefined}>
        <summary className="min-h-11 cursor-pointer content-center font-medium">Editar {name}</summary>
        <div className="pt-3">{edit}</div>
      </details>
    </li>
  );
}

/** The items of an admin list, or what to say when there are none. */
export function AdminList({ empty, children }: { empty: string; children: ReactNode[] }) {
  if (!children.length) return <p className="text-muted">{empty}</p>;
  return <ul className="flex flex-col gap-4">{children}</ul>;
}
