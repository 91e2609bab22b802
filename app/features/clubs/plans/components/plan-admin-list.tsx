import { Button } from '~/components/ui/button';
import { formatNumber } from '~/lib/format';
import { AdminItem, AdminList } from '../../admin/components/admin-item';
import { formatMonthlyPrice } from '../price';
import type { ClubPlansAdmin } from '../types';
import { PlanForm } from './plan-form';

const holdersLabel = (n: number) => (n === 1 ? '1 membro com este plano' : `${formatNumber(n)} membros com este plano`);

/** /admin/planos: each plan with its holders, its edit form, and archive / reactivate / delete. */
export function PlanAdminList({ admin, result }: { admin: ClubPlansAdmin; result: unknown }) {
  return (
    <AdminList empty="Nenhum plano ainda. Crie o primeiro abaixo: um plano gratuito já organiza quem apoia o clube.">
      {admin.plans.map((plan) => (
        <AdminItem
          key={plan.id}
          idField="planId"
          id={plan.id}
          name={plan.name}
          result={result}
          actions={
            <>
              {plan.archived ? (
                <Button type="submit" name="intent" value="reativar" variant="secondary">
                  Reativar
                </Button>
              ) : (
                <Button type="submit" name="intent" value="arquivar" variant="secondary">
                  Arquivar
                </Button>
              )}
              {plan.holders > 0 ? <span className="text-sm text-muted">Com membros, o plano pode ser arquivado, não excluído.</span> : null}
            </>
          }
          deleteWarning={plan.holders === 0 ? 'O plano deixa de existir, e isso não se desfaz. Para só parar de oferecê-lo, arquive.' : undefined}
          edit={<PlanForm plan={plan} benefits={admin.benefits} result={result} />}
          editScope={`plano-${plan.id}`}
        >
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
        </AdminItem>
      ))}
    </AdminList>
  );
}
