import { TextArea, TextField } from '~/components/ui/field';
import { BENEFIT_KIND_LABELS } from '../../labels';
import { priceFieldValue } from '../price';
import type { ClubPlanItem, PlanBenefit } from '../types';
import { PLAN_DESCRIPTION_MAX, PLAN_NAME_MAX, PLAN_POSITION_MAX } from '../validation';
import { CheckboxGroup } from './checkbox-group';
import { ScopedForm, scopedFields } from './form-scope';

/** Creates a plan, or edits one (`plan`); what was typed survives a refusal, shown on this form alone. */
export function PlanForm({ plan, benefits, result }: { plan?: ClubPlanItem; benefits: PlanBenefit[]; result: unknown }) {
  const scope = plan ? `plano-${plan.id}` : 'plano-novo';
  const { failure, field, id } = scopedFields(result, scope);
  const checked = new Set(failure ? [] : (plan?.benefits.map((b) => b.id) ?? []));
  return (
    <ScopedForm
      result={result}
      scope={scope}
      intent={plan ? 'salvar' : 'criar'}
      hidden={plan ? { planId: plan.id } : {}}
      submitLabel={plan ? 'Salvar plano' : 'Criar plano'}
    >
      <TextField
        id={id('name')}
        label="Nome do plano"
        name="name"
        required
        maxLength={PLAN_NAME_MAX}
        defaultValue={field('name', plan?.name ?? '')}
        error={failure?.fieldErrors.name}
      />
      <TextArea
        id={id('description')}
        label="Descrição"
        name="description"
        maxLength={PLAN_DESCRIPTION_MAX}
        rows={3}
        defaultValue={field('description', plan?.description ?? '')}
        error={failure?.fieldErrors.description}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id={id('price')}
          label="Preço por mês (R$)"
          name="price"
          inputMode="decimal"
          placeholder="9,90"
          defaultValue={field('price', plan ? priceFieldValue(plan.priceCents) : '')}
          error={failure?.fieldErrors.price}
          hint="Em branco ou 0: plano gratuito."
        />
        <TextField
          id={id('memberCap')}
          label="Limite de membros"
          name="memberCap"
          inputMode="numeric"
          defaultValue={field('memberCap', plan?.memberCap?.toString() ?? '')}
          error={failure?.fieldErrors.memberCap}
          hint="Em branco: sem limite."
        />
        <TextField
          id={id('position')}
          label="Ordem"
          name="position"
          inputMode="numeric"
          defaultValue={field('position', plan?.position.toString() ?? '')}
          error={failure?.fieldErrors.position}
          hint={`0 a ${PLAN_POSITION_MAX}: os planos aparecem nessa ordem, e um post para um plano vale para ele e os seguintes.`}
        />
      </div>
      {plan ? (
        <p className="text-sm text-muted">
          Um novo preço vale para quem assinar daqui em diante e, para quem já tem o plano, só na renovação: cada membro mantém o preço de quando entrou.
        </p>
      ) : null}
      <CheckboxGroup
        legend="Benefícios incluídos"
        name="benefitIds"
        options={benefits.map((benefit) => ({
          value: benefit.id,
          label: (
            <>
              {benefit.title} <span className="text-sm text-muted">({BENEFIT_KIND_LABELS[benefit.kind]})</span>
            </>
          ),
        }))}
        checked={checked}
        empty="Nenhum benefício criado ainda: crie em Benefícios e marque aqui depois."
        error={failure?.fieldErrors.benefitIds}
      />
    </ScopedForm>
  );
}
