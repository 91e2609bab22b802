import { Form, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormMessage, SelectField, TextArea, TextField } from '~/components/ui/field';
import { typed } from '~/lib/form-result';
import { BENEFIT_KIND_LABELS } from '../../labels';
import { BENEFIT_KINDS } from '../../vocabulary';
import type { ClubBenefitItem, ClubPlanItem } from '../types';
import { BENEFIT_DESCRIPTION_MAX, BENEFIT_TITLE_MAX } from '../validation';
import { FORM_FIELD, failureOf, useResetAfterSuccess } from './form-scope';

/** Creates a benefit, or edits one, with the plans that include it. */
export function BenefitForm({ benefit, plans, result }: { benefit?: ClubBenefitItem; plans: ClubPlanItem[]; result: unknown }) {
  const scope = benefit ? `beneficio-${benefit.id}` : 'beneficio-novo';
  const failure = failureOf(result, scope);
  const formRef = useResetAfterSuccess(result, scope);
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formData?.get(FORM_FIELD) === scope;
  const field = (name: string, fallback: string) => (failure ? typed(failure, name, fallback) : fallback);
  const checked = new Set(benefit?.planIds ?? []);
  const id = (name: string) => `${scope}-${name}`;
  return (
    <Form ref={formRef} method="post" className="flex flex-col gap-4">
      <input type="hidden" name={FORM_FIELD} value={scope} />
      <input type="hidden" name="intent" value={benefit ? 'salvar' : 'criar'} />
      {benefit ? <input type="hidden" name="benefitId" value={benefit.id} /> : null}
      <FormMessage>{failure?.formError}</FormMessage>
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
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">Planos que incluem este benefício</legend>
        {plans.length ? (
          plans.map((plan) => (
            <label key={plan.id} className="flex min-h-11 items-center gap-3">
              <input type="checkbox" name="planIds" value={plan.id} defaultChecked={checked.has(plan.id)} className="size-5 accent-coral" />
              <span>
                {plan.name}
                {plan.archived ? <span className="text-sm text-muted"> (arquivado)</span> : null}
              </span>
            </label>
          ))
        ) : (
          <p className="text-sm text-muted">O clube ainda não tem planos: crie um em Planos.</p>
        )}
      </fieldset>
      <Button type="submit" pending={pending} className="self-start">
        {benefit ? 'Salvar benefício' : 'Criar benefício'}
      </Button>
    </Form>
  );
}
