import { CATEGORY_LABELS } from '../labels';
import { CLUB_CATEGORIES_MAX, CLUB_VISIBILITY_LABELS } from '../policy';
import { CLUB_CATEGORIES, CLUB_VISIBILITIES, type ClubCategory, type ClubVisibility } from '../vocabulary';

function FieldsetError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="text-sm font-medium text-danger" role="alert">
      {message}
    </p>
  ) : null;
}

/**
 * Who may enter the club and its categories: the creation form's and the settings' fieldsets, with their errors;
 * `hint` says under the legend what a choice does besides (the settings: what turning private does to the LCs).
 */
export function ClubEntryFields({
  visibility,
  categories,
  errors,
  hint,
}: {
  visibility: ClubVisibility | string;
  categories: readonly (ClubCategory | string)[];
  errors: { visibility?: string | undefined; categories?: string | undefined };
  hint?: string;
}) {
  return (
    <>
      <fieldset className="flex flex-col gap-2" aria-describedby={hint ? 'club-visibility-hint' : undefined}>
        <legend className="font-medium">Quem pode entrar</legend>
        {hint ? (
          <p id="club-visibility-hint" className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
        {CLUB_VISIBILITIES.map((option) => (
          <label key={option} className="flex min-h-11 items-center gap-2">
            <input type="radio" name="visibility" value={option} required defaultChecked={visibility === option} />
            {CLUB_VISIBILITY_LABELS[option]}
          </label>
        ))}
        <FieldsetError message={errors.visibility} />
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">Categorias (até {CLUB_CATEGORIES_MAX})</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {CLUB_CATEGORIES.map((category) => (
            <label key={category} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" name="categories" value={category} defaultChecked={categories.includes(category)} />
              {CATEGORY_LABELS[category]}
            </label>
          ))}
        </div>
        <FieldsetError message={errors.categories} />
      </fieldset>
    </>
  );
}
