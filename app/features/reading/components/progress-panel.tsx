import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { SelectField, TextArea, TextField } from '~/components/ui/field';
import { ProgressBar, wholePercent } from '~/components/ui/progress-bar';
import { type FormResult, fieldError, typed } from '~/lib/form-result';
import { formatDate, formatNumber } from '~/lib/format';
import { EMOTION_LABELS, EMOTION_SLUGS, type EditionLength, MAX_PROGRESS_COMMENT, UNIT_LABELS, UNIT_SLUGS, lengthIn } from '../progress/progress';
import type { MyProgress, ProgressUpdate } from '../types';
import { usePosting } from './use-posting';
import { EMOTIONS, type ProgressUnit } from '../vocabulary';

/** "página 120 de 264", "45%", "minuto 90 de 600". */
function positionText(edition: EditionLength, value: number, unit: ProgressUnit): string {
  if (unit === 'percent') return `${value}%`;
  const length = lengthIn(edition, unit);
  const noun = unit === 'page' ? 'página' : 'minuto';
  return length ? `${noun} ${formatNumber(value)} de ${formatNumber(length)}` : `${noun} ${formatNumber(value)}`;
}

function progressLabel(edition: EditionLength, progress: MyProgress): string {
  if (progress.value == null || progress.unit == null) return 'Nenhum progresso registrado ainda.';
  const position = positionText(edition, progress.value, progress.unit);
  return progress.unit === 'percent' ? `${position} lido` : `${wholePercent(progress.fraction)} lido (${position})`;
}

function daysLeftText(days: number): string {
  return days === 1 ? 'Falta ~1 dia no seu ritmo.' : `Faltam ~${formatNumber(days)} dias no seu ritmo.`;
}

function UpdateItem({ edition, update }: { edition: EditionLength; update: ProgressUpdate }) {
  const position = positionText(edition, update.value, update.unit);
  const heading = update.correction ? `Corrigido para ${position}` : position.charAt(0).toUpperCase() + position.slice(1);
  return (
    <li className="flex flex-col gap-1 py-2">
      <p className="text-sm">
        <span className="font-medium">{heading}</span>
        {update.emotion ? <span className="ml-2 rounded-full border border-line px-2 py-0.5">{EMOTION_LABELS[update.emotion]}</span> : null}
        <span className="ml-2 text-muted">{formatDate(update.createdAt)}</span>
      </p>
      {update.comment && update.spoiler ? (
        <details>
          <summary className="min-h-11 cursor-pointer py-2 text-sm text-muted">Comentário com spoiler — mostrar</summary>
          <p className="whitespace-pre-line text-sm">{update.comment}</p>
        </details>
      ) : update.comment ? (
        <p className="whitespace-pre-line text-sm">{update.comment}</p>
      ) : null}
    </li>
  );
}

function UnitSelect({
  name,
  label,
  units,
  initial,
  error,
}: {
  name: string;
  label: string;
  units: ProgressUnit[];
  initial: string;
  error: string | undefined;
}) {
  return (
    <SelectField label={label} name={name} defaultValue={initial} error={error}>
      {units.map((unit) => (
        <option key={unit} value={UNIT_SLUGS[unit]}>
          {UNIT_LABELS[unit]}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * Progress on the edition page while the book is `lendo` or `pausado` (docs/decisions/0017): the bar with its
 * number, "tempo restante", the form to log an update, the latest updates (spoilers behind a <details>),
 * the deliberate correction backwards, and at the end the offer to mark it read (the rating follows).
 * `extraFields` go inside the update form (the atts area's "Publicar como att", with its photos).
 */
export function ProgressPanel({
  edition,
  progress,
  result,
  extraFields,
}: {
  edition: EditionLength;
  progress: MyProgress;
  result: FormResult | undefined;
  extraFields?: ReactNode;
}) {
  const busy = usePosting();
  const atEnd = progress.fraction >= 1;
  const initialUnit = UNIT_SLUGS[progress.unit ?? progress.preferredUnit];
  const correctionFailed = fieldError(result, 'correctedValue') ?? fieldError(result, 'correctedUnit');
  return (
    <section aria-labelledby="progresso" className="flex flex-col gap-3 border-t border-line pt-4">
      <h3 id="progresso" className="font-semibold">
        Progresso
      </h3>
      <ProgressBar fraction={progress.fraction} label={progressLabel(edition, progress)} />
      {progress.daysLeft != null ? <p className="text-sm text-muted">{daysLeftText(progress.daysLeft)}</p> : null}
      {atEnd ? (
        <div className="flex flex-col items-start gap-2 rounded-lg border border-ok p-3">
          <p className="font-medium">Você chegou ao fim do livro!</p>
          <Form method="post">
            <input type="hidden" name="intent" value="situacao" />
            <Button type="submit" name="status" value="lido" variant="accent" disabled={busy}>
              Marcar como lido
            </Button>
          </Form>
          <p className="text-sm text-muted">E dê sua nota logo abaixo.</p>
        </div>
      ) : (
        <Form
          method="post"
          encType="multipart/form-data"
          key={progress.updates[0]?.id ?? 'primeiro'}
          className="flex flex-col gap-3"
          aria-label="Registrar progresso"
        >
          <input type="hidden" name="intent" value="progresso" />
          {/* Locked while a save is under way: the form starts afresh with the new update, so nothing may be typed into this one meanwhile. */}
          <fieldset disabled={busy} className="flex min-w-0 flex-col gap-3">
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label="Onde você está"
                name="value"
                inputMode="numeric"
                autoComplete="off"
                defaultValue={typed(result, 'value')}
                error={fieldError(result, 'value')}
              />
              <UnitSelect name="unit" label="Unidade" units={progress.units} initial={typed(result, 'unit', initialUnit)} error={fieldError(result, 'unit')} />
            </div>
            <TextArea
              label="Comentário (opcional)"
              name="comment"
              maxLength={MAX_PROGRESS_COMMENT}
              rows={3}
              defaultValue={typed(result, 'comment')}
              error={fieldError(result, 'comment')}
              hint={`Até ${formatNumber(MAX_PROGRESS_COMMENT)} caracteres.`}
            />
            <SelectField label="Emoção (opcional)" name="emotion" defaultValue={typed(result, 'emotion')} error={fieldError(result, 'emotion')}>
              <option value="">Nenhuma</option>
              {EMOTIONS.map((emotion) => (
                <option key={emotion} value={EMOTION_SLUGS[emotion]}>
                  {EMOTION_LABELS[emotion]}
                </option>
              ))}
            </SelectField>
            <label className="flex min-h-11 items-center gap-2">
              <input type="checkbox" name="spoiler" value="sim" defaultChecked={typed(result, 'spoiler') === 'sim'} className="size-5" />O comentário tem
              spoiler
            </label>
            {extraFields}
            <Button type="submit" className="self-start">
              Registrar progresso
            </Button>
          </fieldset>
        </Form>
      )}
      {progress.updates.length > 0 ? (
        <div>
          <h4 className="text-sm font-semibold">Últimas atualizações</h4>
          <ol className="flex flex-col divide-y divide-line">
            {progress.updates.map((update) => (
              <UpdateItem key={update.id} edition={edition} update={update} />
            ))}
          </ol>
        </div>
      ) : null}
      {progress.value != null ? (
        <details open={correctionFailed != null}>
          <summary className="min-h-11 cursor-pointer py-2 text-sm text-muted">Corrigir progresso</summary>
          <Form method="post" className="flex flex-col gap-3" aria-label="Corrigir progresso">
            <input type="hidden" name="intent" value="corrigir-progresso" />
            <p className="text-sm">Registrou além do que leu? Volte o progresso para onde você realmente está.</p>
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label="Onde você realmente está"
                name="correctedValue"
                inputMode="numeric"
                autoComplete="off"
                defaultValue={typed(result, 'correctedValue')}
                error={fieldError(result, 'correctedValue')}
              />
              <UnitSelect
                name="correctedUnit"
                label="Unidade da correção"
                units={progress.units}
                initial={typed(result, 'correctedUnit', initialUnit)}
                error={fieldError(result, 'correctedUnit')}
              />
            </div>
            <Button type="submit" variant="secondary" disabled={busy} className="self-start">
              Corrigir progresso
            </Button>
          </Form>
        </details>
      ) : null}
    </section>
  );
}
