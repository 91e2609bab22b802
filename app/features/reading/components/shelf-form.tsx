import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormMessage, SelectField, TextArea, TextField } from '~/components/ui/field';
import { type FormResult, fieldError, isFailure, typed } from '~/lib/form-result';
import { VISIBILITIES, VISIBILITY_LABELS } from '~/features/social/vocabulary';
import { SHELF_DESCRIPTION_MAX, SHELF_NAME_MAX } from '../shelves/policy';
import type { ShelfSummary } from '../types';
import { usePosting } from './use-posting';

/** Name, description and visibility of a custom shelf: creating one (/estantes) or editing it (/estante/{id}). */
export function ShelfForm({
  intent,
  shelf,
  result,
  submitLabel,
}: {
  intent: 'criar' | 'editar';
  shelf?: ShelfSummary;
  result: FormResult | undefined;
  submitLabel: string;
}) {
  const busy = usePosting();
  // Errors and typed values belong to this form only when it was the one sent.
  const mine = isFailure(result) && result.fields.intent === intent;
  const value = (name: string, stored: string) => (mine ? typed(result, name) : stored);
  const error = (name: string) => (mine ? fieldError(result, name) : undefined);
  return (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value={intent} />
      {mine && result.formError ? <FormMessage>{result.formError}</FormMessage> : null}
      <TextField
        label="Nome"
        name="name"
        id={`${intent}-nome`}
        required
        maxLength={SHELF_NAME_MAX}
        defaultValue={value('name', shelf?.name ?? '')}
        error={error('name')}
      />
      <TextArea
        label="Descrição"
        name="description"
        id={`${intent}-descricao`}
        hint={`Opcional, até ${SHELF_DESCRIPTION_MAX} caracteres. Aceita Markdown simples (**negrito**, *itálico*, links).`}
        defaultValue={value('description', shelf?.description ?? '')}
        error={error('description')}
      />
      <SelectField
        label="Quem pode ver"
        name="visibility"
        id={`${intent}-visibilidade`}
        defaultValue={value('visibility', shelf?.visibility ?? 'publico')}
        error={error('visibility')}
        hint="“Só seguidores”: por enquanto, só você."
      >
        {VISIBILITIES.map((visibility) => (
          <option key={visibility} value={visibility}>
            {VISIBILITY_LABELS[visibility]}
          </option>
        ))}
      </SelectField>
      <Button type="submit" disabled={busy} className="self-start">
        {submitLabel}
      </Button>
    </Form>
  );
}
