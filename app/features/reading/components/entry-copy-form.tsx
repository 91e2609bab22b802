import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { SelectField, TextArea } from '~/components/ui/field';
import { FORMAT_OPTIONS } from '~/features/catalog/editable-fields';
import { type FormResult, fieldError, isFailure, typed } from '~/lib/form-result';
import { NOTES_MAX } from '../shelves/policy';
import type { MyShelfEntry } from '../types';

/** "Meu exemplar": owned, the format of the copy and private notes (only the reader ever sees them). */
export function EntryCopyForm({ entry, busy, result }: { entry: MyShelfEntry; busy: boolean; result: FormResult | undefined }) {
  // A failed save of this form shows what was typed, not what is stored.
  const mine = isFailure(result) && result.fields.intent === 'exemplar';
  const owned = mine ? result.fields.owned === 'sim' : entry.owned;
  return (
    <Form method="post" className="flex flex-col gap-3 border-t border-line pt-4">
      <input type="hidden" name="intent" value="exemplar" />
      <h3 className="font-semibold">Meu exemplar e notas</h3>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" name="owned" value="sim" defaultChecked={owned} className="size-5 accent-coral" />
        Tenho este livro
      </label>
      <div className="sm:max-w-xs">
        <SelectField
          label="Formato do meu exemplar"
          name="ownedFormat"
          id="formato-exemplar"
          defaultValue={mine ? typed(result, 'ownedFormat') : (entry.ownedFormat ?? '')}
          error={mine ? fieldError(result, 'ownedFormat') : undefined}
        >
          <option value="">Não informado</option>
          {FORMAT_OPTIONS.map((format) => (
            <option key={format.value} value={format.value}>
              {format.label}
            </option>
          ))}
        </SelectField>
      </div>
      <TextArea
        label="Notas particulares"
        name="notes"
        id="notas"
        hint={`Só você vê. Até ${NOTES_MAX.toLocaleString('pt-BR')} caracteres.`}
        defaultValue={mine ? typed(result, 'notes') : (entry.notes ?? '')}
        error={mine ? fieldError(result, 'notes') : undefined}
      />
      <Button type="submit" variant="secondary" disabled={busy} className="self-start">
        Salvar exemplar e notas
      </Button>
    </Form>
  );
}
