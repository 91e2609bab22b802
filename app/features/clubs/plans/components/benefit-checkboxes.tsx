import { BENEFIT_KIND_LABELS } from '../../labels';
import type { PlanBenefit } from '../types';

/** The benefits a plan includes, as checkboxes in a fieldset (a group with its own name for screen readers). */
export function BenefitCheckboxes({ benefits, checked, error }: { benefits: PlanBenefit[]; checked: ReadonlySet<string>; error?: string | undefined }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-medium">Benefícios incluídos</legend>
      {benefits.length ? (
        benefits.map((benefit) => (
          <label key={benefit.id} className="flex min-h-11 items-center gap-3">
            <input type="checkbox" name="benefitIds" value={benefit.id} defaultChecked={checked.has(benefit.id)} className="size-5 accent-coral" />
            <span>
              {benefit.title} <span className="text-sm text-muted">({BENEFIT_KIND_LABELS[benefit.kind]})</span>
            </span>
          </label>
        ))
      ) : (
        <p className="text-sm text-muted">Nenhum benefício criado ainda: crie em Benefícios e marque aqui depois.</p>
      )}
      {error ? (
        <p className="text-sm font-medium text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
