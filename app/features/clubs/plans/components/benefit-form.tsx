import { SelectField, TextArea, TextField } from '~/components/ui/field';
import { BENEFIT_KIND_LABELS } from '../../labels';
import { BENEFIT_KINDS } from '../../vocabulary';
import type { ClubBenefitItem, ClubPlanItem } from '../types';
import { BENEFIT_DESCRIPTION_MAX, BENEFIT_TITLE_MAX } from '../validation';
import { CheckboxGroup } from './checkbox-group';
import { ScopedForm, scopedFields } from './form-scope';

/** Creates a benefit, or edits one, with the plans that include it. */
export function BenefitForm({ benefit, plans, result }: { benefit?: ClubBenefitItem; plans: ClubPlanItem[]; result: unknown }) {
  const scope = benefit ? `beneficio-${benefit.id}` : 'beneficio-novo';
  const { failure, field, id } = scopedFields(result, scope);
  return (
    <ScopedForm
      result={result}
      scope={scope}
      intent={benefit ? 'salvar' : 'criar'}
      hidden={benefit ? { benefitId: benefit.id } : {}}
      submitLabel={benefit ? 'Salvar benefício' : 'Criar benefício'}
    >
      <TextField
        id={id('title')}
        label="Título"
        name="title"
        required
        maxLength={BENEFIT_TITLE_MAX}
        defaultValue={field('title', benefit?.title ?? '')}
        error={failure?.fieldErrors.title}
      />
      <TextArea
        id={id('description')}
        label="Descrição"
        name="description"
        rows={3}
        maxLength={BENEFIT_DESCRIPTION_MAX}
        defaultValue={field('description', benefit?.description ?? '')}
        error={failure?.fieldErrors.description}
      />
      <SelectField id={id('kind')} label="Tipo" name="kind" defaultValue={field('kind', benefit?.kind ?? 'exclusive_posts')} error={failure?.fieldErrors.kind}>
        {BENEFIT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {BENEFIT_KIND_LABELS[kind]}
          </option>
        ))}
      </SelectField>
      <CheckboxGroup
        legend="Planos que incluem este benefício"
        name="planIds"
        options={plans.map((plan) => ({
          value: plan.id,
          label: (
            <>
              {plan.name}
              {plan.archived ? <span className="text-sm text-muted"> (arquivado)</span> : null}
            </>
          ),
        }))}
        checked={new Set(benefit?.planIds ?? [])}
        empty="O clube ainda não tem planos: crie um em Planos."
        error={failure?.fieldErrors.planIds}
      />
    </ScopedForm>
  );
}
