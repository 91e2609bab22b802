import { useFetcher, useLocation } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormMessage, TextArea } from '~/components/ui/field';
import { fieldError, isFailure, isSuccess, typed } from '~/lib/form-result';
import { REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_REASON_LABELS, type ReportableKind } from '../reasons';

/**
 * "Denunciar" on anything reportable: a disclosure with the reasons and an optional text, posted to
 * /denunciar (`back`: where its no-JavaScript answer leads back to, by default this page). With JavaScript the answer shows here and what was typed stays; without it /denunciar answers
 * with its own page.
 */
export function ReportForm({
  kind,
  targetId,
  label = 'Denunciar',
  open = false,
  back,
}: {
  kind: ReportableKind;
  targetId: string;
  label?: string;
  open?: boolean;
  back?: string;
}) {
  const fetcher = useFetcher<unknown>();
  const location = useLocation();
  const result = fetcher.data;
  const reasonError = fieldError(result, 'reason');
  const legendId = `denuncia-${kind}-${targetId}`;
  return (
    <details open={open} className="w-full max-w-xl rounded-xl border border-line bg-surface">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold text-danger">{label}</summary>
      {isSuccess(result) ? (
        <div className="p-4 pt-0">
          <FormMessage tone="success">{result.success}</FormMessage>
        </div>
      ) : (
        <fetcher.Form method="post" action="/denunciar" className="flex flex-col gap-3 p-4 pt-0">
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="target" value={targetId} />
          <input type="hidden" name="voltar" value={back ?? location.pathname + location.search} />
          <fieldset className="flex flex-col gap-1" aria-describedby={reasonError ? `${legendId}-error` : undefined}>
            <legend id={legendId} className="mb-1 font-medium">
              Qual é o problema?
            </legend>
            {REPORT_REASONS.map((reason) => (
              <label key={reason} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="reason" value={reason} required defaultChecked={typed(result, 'reason') === reason} className="size-5" />
                {REPORT_REASON_LABELS[reason]}
              </label>
            ))}
            {reasonError ? (
              <p id={`${legendId}-error`} role="alert" className="text-sm font-medium text-danger">
                {reasonError}
              </p>
            ) : null}
          </fieldset>
          <TextArea
            label="Conte mais (opcional)"
            name="details"
            maxLength={REPORT_DETAILS_MAX}
            defaultValue={typed(result, 'details')}
            error={fieldError(result, 'details')}
            hint={`Até ${REPORT_DETAILS_MAX} caracteres. Só a moderação lê.`}
          />
          {isFailure(result) && result.formError ? <FormMessage>{result.formError}</FormMessage> : null}
          <Button type="submit" variant="danger" pending={fetcher.state !== 'idle'} pendingLabel="Enviando…" className="self-start">
            Enviar denúncia
          </Button>
        </fetcher.Form>
      )}
    </details>
  );
}
