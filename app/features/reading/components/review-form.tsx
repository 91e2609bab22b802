import { useRef, useState } from 'react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { SelectField, TextArea, TextField } from '~/components/ui/field';
import { VISIBILITIES, VISIBILITY_LABELS } from '~/features/social/vocabulary';
import { type FormResult, fieldError, isFailure, typed } from '~/lib/form-result';
import { formatNumber, formatTime } from '~/lib/format';
import {
  CONTENT_WARNING_MAX,
  CONTENT_WARNING_SUGGESTIONS,
  MAX_CONTENT_WARNINGS,
  MOODS,
  MOOD_LABELS,
  MOOD_SLUGS,
  PACINGS,
  PACING_LABELS,
  PACING_SLUGS,
  REVIEW_BODY_MAX,
} from '../vocabulary';
import type { MyReview, MyShelfEntry } from '../types';
import { useDraftAutosave } from './use-draft-autosave';

const choiceClass = 'flex min-h-11 items-center gap-2';

/**
 * The review editor: text (Markdown), spoiler flag, visibility, moods, pacing and content warnings. The text is
 * saved as a draft while the reader types (useDraftAutosave); without JavaScript "Salvar rascunho" does it.
 */
export function ReviewForm({
  editionId,
  entry,
  review,
  verified,
  result,
  busy,
}: {
  editionId: string;
  entry: MyShelfEntry;
  review: MyReview | null;
  verified: boolean;
  result: FormResult | undefined;
  busy: boolean;
}) {
  const failed = isFailure(result) && (result.fields.intent === 'rascunho' || result.fields.intent === 'publicar') ? result : null;
  const hasDraft = review?.draftBody != null;
  const initialBody = failed ? typed(failed, 'body') : (review?.draftBody ?? review?.body ?? '');
  const spoiler = failed ? failed.fields.spoiler === 'sim' : hasDraft ? review.draftSpoiler : (review?.spoiler ?? false);
  const visibility = failed ? typed(failed, 'visibility', 'publico') : hasDraft ? review.draftVisibility : (review?.visibility ?? 'publico');
  const form = useRef<HTMLFormElement>(null);
  const [length, setLength] = useState(initialBody.length);
  const autosave = useDraftAutosave(form, editionId, review?.draftSavedAt ?? null);
  const error = (name: string) => (failed ? fieldError(failed, name) : undefined);

  return (
    <Form method="post" ref={form} onChange={autosave.onChange} onSubmit={autosave.onSubmit} className="flex flex-col gap-4">
      <TextArea
        label="Texto da resenha"
        name="body"
        id="resenha-texto"
        rows={10}
        defaultValue={initialBody}
        maxLength={REVIEW_BODY_MAX}
        onInput={(event) => setLength(event.currentTarget.value.length)}
        error={error('body')}
        hint={
          <>
            Markdown: **negrito**, *itálico*, [link](https://…), &gt; citação e ||spoiler|| para esconder um trecho. {formatNumber(length)} de{' '}
            {formatNumber(REVIEW_BODY_MAX)} caracteres.
          </>
        }
      />
      <p aria-live="polite" className="min-h-5 text-sm text-muted">
        {autosave.state.error ? (
          <span className="text-danger">{autosave.state.error}</span>
        ) : autosave.state.savedAt ? (
          `Rascunho salvo às ${formatTime(autosave.state.savedAt)}`
        ) : null}
      </p>
      <label className={choiceClass}>
        <input type="checkbox" name="spoiler" value="sim" defaultChecked={spoiler} className="size-5 accent-coral" />A resenha tem spoiler (fica escondida até o
        leitor pedir para ver)
      </label>
      <div className="sm:max-w-xs">
        <SelectField label="Quem pode ver" name="visibility" id="resenha-visibilidade" defaultValue={visibility} error={error('visibility')}>
          {VISIBILITIES.map((v) => (
            <option key={v} value={v}>
              {VISIBILITY_LABELS[v]}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="font-medium">Clima do livro</legend>
        <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
          {MOODS.map((mood) => (
            <label key={mood} className={choiceClass}>
              <input type="checkbox" name="moods" value={MOOD_SLUGS[mood]} defaultChecked={entry.moods.includes(mood)} className="size-5 accent-coral" />
              {MOOD_LABELS[mood]}
            </label>
          ))}
        </div>
        {error('moods') ? <p className="text-sm font-medium text-danger">{error('moods')}</p> : null}
      </fieldset>
      <fieldset className="flex flex-col gap-1">
        <legend className="font-medium">Ritmo do livro</legend>
        <div className="flex flex-wrap gap-x-4">
          {[null, ...PACINGS].map((pacing) => (
            <label key={pacing ?? 'none'} className={choiceClass}>
              <input
                type="radio"
                name="pacing"
                value={pacing ? PACING_SLUGS[pacing] : ''}
                defaultChecked={entry.pacing === pacing}
                className="size-5 accent-coral"
              />
              {pacing ? PACING_LABELS[pacing] : 'Não informado'}
            </label>
          ))}
        </div>
        {error('pacing') ? <p className="text-sm font-medium text-danger">{error('pacing')}</p> : null}
      </fieldset>
      <fieldset className="flex flex-col gap-1">
        <legend className="font-medium">Avisos de conteúdo</legend>
        {entry.contentWarnings.length > 0 ? (
          <div className="flex flex-wrap gap-x-4">
            {entry.contentWarnings.map((tag) => (
              <label key={tag} className={choiceClass}>
                <input type="checkbox" name="contentWarnings" value={tag} defaultChecked className="size-5 accent-coral" />
                {tag}
              </label>
            ))}
          </div>
        ) : null}
        <TextField
          label="Adicionar avisos"
          name="newContentWarnings"
          id="resenha-avisos"
          list="avisos-sugeridos"
          defaultValue={failed ? typed(failed, 'newContentWarnings') : ''}
          error={error('contentWarnings')}
          hint={`Separe com vírgulas. Até ${MAX_CONTENT_WARNINGS} avisos, cada um com até ${CONTENT_WARNING_MAX} caracteres; desmarque um para tirá-lo.`}
        />
        <datalist id="avisos-sugeridos">
          {CONTENT_WARNING_SUGGESTIONS.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
      </fieldset>
      {verified ? (
        <label className={choiceClass}>
          <input type="checkbox" name="att" value="sim" defaultChecked={failed?.fields.att === 'sim'} className="size-5 accent-coral" />
          Publicar também como att (o começo da resenha, com o mesmo aviso de spoiler e para o mesmo público)
        </label>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {/* First in the form: Enter in a text field saves, never publishes. */}
        <Button type="submit" name="intent" value="rascunho" variant="secondary" disabled={busy}>
          Salvar rascunho
        </Button>
        <Button type="submit" name="intent" value="publicar" variant="primary" disabled={busy}>
          {review?.publishedAt ? 'Publicar alterações' : 'Publicar'}
        </Button>
      </div>
    </Form>
  );
}
