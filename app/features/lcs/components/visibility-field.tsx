import { SelectField } from '~/components/ui/field';
import { VISIBILITY_LABELS } from '../policy';
import { GROUP_READ_VISIBILITIES } from '../vocabulary';

/** Who may see and join an LC: "só membros do clube" only offered for a club's LC. */
export function VisibilityField({ defaultValue, error, clubHosted }: { defaultValue: string; error: string | undefined; clubHosted: boolean }) {
  return (
    <SelectField label="Quem pode ver e participar" name="visibility" defaultValue={defaultValue || 'publico'} error={error}>
      {GROUP_READ_VISIBILITIES.filter((v) => v !== 'clube' || clubHosted).map((v) => (
        <option key={v} value={v}>
          {VISIBILITY_LABELS[v]}
        </option>
      ))}
    </SelectField>
  );
}
