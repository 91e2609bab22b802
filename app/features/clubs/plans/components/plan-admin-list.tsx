import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormMessage } from '~/components/ui/field';
import { formatNumber } from '~/lib/format';
import { formatMonthlyPrice } from '../price';
import type { ClubPlansAdmin } from '../types';
import { FORM_FIELD, failureOf } from './form-scope';
import { PlanForm } from './plan-form';

const holdersLabel = (n: number) => (n === 1 ? '1 membro com este plano' : `${formatNumber(n)} membros com este plano`);

/** /admin/planos: each plan with its holders, its edit form, and archive / reactivate / delete. */
export function PlanAdminList({ admin, result }: { admin: ClubPlansAdmin; result: unknown }) {
  if (!admin.plans.length) return <p className="text-muted">Nenhum plano ainda. Crie o primeiro abaixo: um plano gratuito já organiza quem apoia o clube.</p>;
  return (
    <ul className="flex flex-col gap-4">
      {admin.plans.map((plan) => {
        const scope = `acao-${plan.id}`;
        return (
          <li key={plan.id} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-serif text-lg font-semibold">
                {plan.name}
                {plan.archived ? <span className="ml-2 rounded-full border border-line px-2 py-0.5 text-xs font-medium text-muted">Arquivado</span> : null}
              </h3>
              <p className="font-medium">{formatMonthlyPrice(plan.priceCents)}</p>
            </div>
            <p className="text-sm text-muted">
              {holdersLabel(plan.holders)}
              {plan.memberCap !== null ? ` · limite de ${formatNumber(plan.memberCap)}` : ''} · ordem {plan.position}
              {plan.benefits.length ? ` · ${plan.benefits.map((b) => b.title).join(', ')}` : ' · sem benefícios'}
            </p>
            <FormMessage>{failureOf(result, scope)?.formError}</FormMessage>
            <Form method="post" className="flex flex-wrap items-center gap-2">
              <input type="hidden" name={FORM_FIELD} value={scope} />
              <input type="hidden" name="planId" value={plan.id} />
              {plan.archived ? (
                <Button type="submit" name="intent" value="reativar" variant="secondary">
                  Reativar
                </Button>
              ) : (
                <Button type="submit" name="intent" value="arquivar" variant="secondary">
                  Arquivar
                </Button>
              )}
              {plan.holders === 0 ? (
                <Button type="submit" name="intent" value="excluir" variant="danger">
                  Excluir
                </Button>
              ) : (
                <span className="text-sm text-muted">Com membros, o plano pode ser arquivado, não excluído.</span>
              )}
            </Form>
            <details className="rounded-lg border border-line p-3" open={failureOf(result, `plano-${plan.id}`) !== undefined}>
              <summary className="min-h-11 cursor-pointer content-center font-medium">Editar {plan.name}</summary>
              <div className="pt-3">
                <PlanForm plan={plan} benefits={admin.benefits} result={result} />
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
