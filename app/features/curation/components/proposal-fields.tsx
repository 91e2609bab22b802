import { SelectField, TextArea, TextField } from '~/components/ui/field';
import type { FieldSpec } from '~/features/catalog/editable-fields';

/**
 * The inputs of a request (or of a curator's edit): one per field, pre-filled with `values`, showing what
 * was typed last time and the error next to its field. `seen` adds the hidden "what I saw" of each field.
 */
export function ProposalFields({
  fields,
  values,
  typed,
  errors,
  seen,
}: {
  fields: [string, FieldSpec][];
  values: Record<string, string | null>;
  typed: Record<string, string> | undefined;
  errors: Record<string, string> | undefined;
  seen?: Record<string, string | null>;
}) {
  return (
    <>
      {fields.map(([name, spec]) => {
        const common = { name, label: spec.label, hint: spec.hint, error: errors?.[name], defaultValue: typed?.[name] ?? values[name] ?? '' };
        return (
          <div key={name}>
            {spec.input === 'textarea' ? (
              <TextArea {...common} maxLength={5000} />
            ) : spec.input === 'select' ? (
              <SelectField {...common}>
                {spec.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </SelectField>
            ) : (
              <TextField {...common} inputMode={spec.input === 'number' ? 'numeric' : undefined} />
            )}
            {seen ? <input type="hidden" name={`visto.${name}`} value={seen[name] ?? ''} /> : null}
          </div>
        );
      })}
    </>
  );
}
