import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { BENEFIT_KIND_LABELS } from '../../labels';
import type { ClubPlansAdmin } from '../types';
import { BenefitForm } from './benefit-form';
import { FORM_FIELD, failureOf } from './form-scope';

/** /admin/beneficios: each benefit with its plans, its edit form and delete. */
export function BenefitAdminList({ admin, result }: { admin: ClubPlansAdmin; result: unknown }) {
  if (!admin.benefits.length) return <p className="text-muted">Nenhum benefício ainda. Crie o primeiro abaixo e marque os planos que o incluem.</p>;
  const planName = new Map(admin.plans.map((p) => [p.id, p.name]));
  return (
    <ul className="flex flex-col gap-4">
      {admin.benefits.map((benefit) => {
        const scope = `acao-${benefit.id}`;
        return (
          <li key={benefit.id} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-serif text-lg font-semibold">{benefit.title}</h3>
              <p className="text-sm text-muted">{BENEFIT_KIND_LABELS[benefit.kind]}</p>
            </div>
            {benefit.description ? <p className="whitespace-pre-line text-sm">{benefit.description}</p> : null}
            <p className="text-sm text-muted">
              {benefit.planIds.length ? `Nos planos: ${benefit.planIds.map((id) => planName.get(id)).join(', ')}` : 'Em nenhum plano ainda.'}
            </p>
            <FormMessage>{failureOf(result, scope)?.formError}</FormMessage>
            <Form method="post">
              <input type="hidden" name={FORM_FIELD} value={scope} />
              <input type="hidden" name="benefitId" value={benefit.id} />
              <Button type="submit" name="intent" value="excluir" variant="danger">
                Excluir {benefit.title}
              </Button>
            </Form>
            <details className="rounded-lg border border-line p-3" open={failureOf(result, `beneficio-${benefit.id}`) !== undefined}>
              <summary className="min-h-11 cursor-pointer content-center font-medium">Editar {benefit.title}</summary>
              <div className="pt-3">
                <BenefitForm benefit={benefit} plans={admin.plans} result={result} />
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
