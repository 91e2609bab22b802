import { SelectField, TextField } from '~/components/ui/field';
import { UNIT_LABELS } from '../labels';
import { STAGE_UNITS } from '../vocabulary';

/**
 * One etapa's fields in a schedule form (the wizard's, the host tools'): its book (a choice only when the LC reads
 * more than one), unit, range and days, named `stage-{i}-…`, each with the value and the message the server sent.
 */
export function StageFields({
  i,
  books,
  value,
  error,
}: {
  i: number;
  /** The LC's books in order, as the form names them. */
  books: readonly string[];
  value: (name: string) => string;
  error: (name: string) => string | undefined;
}) {
  const text = (key: string, label: string, props: Omit<Parameters<typeof TextField>[0], 'name' | 'label'>) => (
    <TextField label={label} name={`stage-${i}-${key}`} defaultValue={value(`stage-${i}-${key}`)} error={error(`stage-${i}-${key}`)} {...props} />
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {books.length > 1 ? (
        <SelectField label="Livro" name={`stage-${i}-edition`} defaultValue={value(`stage-${i}-edition`)} error={error(`stage-${i}-edition`)}>
          {books.map((title, k) => (
            <option key={k} value={String(k)}>
              {title}
            </option>
          ))}
        </SelectField>
      ) : (
        <input type="hidden" name={`stage-${i}-edition`} value="0" />
      )}
      <SelectField label="Contar por" name={`stage-${i}-unit`} defaultValue={value(`stage-${i}-unit`) || 'pages'} error={error(`stage-${i}-unit`)}>
        {STAGE_UNITS.map((unit) => (
          <option key={unit} value={unit}>
            {UNIT_LABELS[unit]}
          </option>
        ))}
      </SelectField>
      {text('from', 'De', { inputMode: 'numeric' })}
      {text('to', 'Até', { inputMode: 'numeric' })}
      {text('startsOn', 'Começa em', { type: 'date' })}
      {text('endsOn', 'Termina em', { type: 'date' })}
    </div>
  );
}
