import { type ReactNode, useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { type FormResult, fieldError, isFailure, isSuccess } from '~/lib/form-result';
import { STATUS_LABELS, STATUS_SLUGS } from '../statuses';
import { usePosting } from './use-posting';
import { SHELF_STATUSES } from '../vocabulary';

/**
 * Bulk status change: the books' checkboxes (the children) and a status select in one plain POST form, so
 * it works without JavaScript; after a move the checkboxes are cleared
 * (the page shows the confirmation, even when no book is left to list).
 */
export function BookshelfBulkForm({ result, children }: { result: FormResult | undefined; children: ReactNode }) {
  const form = useRef<HTMLFormElement>(null);
  const busy = usePosting();
  useEffect(() => {
    if (isSuccess(result)) form.current?.reset();
  }, [result]);
  const statusError = fieldError(result, 'status');
  return (
    <Form method="post" ref={form} aria-label="Mudar a situação dos livros marcados" className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="mover" />
      {isFailure(result) && result.formError ? <FormMessage>{result.formError}</FormMessage> : null}
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="mover-para" className="font-medium">
          Mover marcados para
        </label>
        <select
          id="mover-para"
          name="status"
          defaultValue=""
          aria-invalid={statusError ? true : undefined}
          aria-describedby={statusError ? 'mover-para-erro' : undefined}
          className="min-h-11 rounded-lg border border-line bg-surface px-3 py-2 text-ink aria-[invalid=true]:border-danger"
        >
          <option value="" disabled>
            Escolha a situação
          </option>
          {SHELF_STATUSES.map((status) => (
            <option key={status} value={STATUS_SLUGS[status]}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary" disabled={busy}>
          Aplicar
        </Button>
      </div>
      {statusError ? (
        <p id="mover-para-erro" role="alert" className="text-sm font-medium text-danger">
          {statusError}
        </p>
      ) : null}
      {children}
    </Form>
  );
}
