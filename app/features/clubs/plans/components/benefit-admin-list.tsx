import { AdminItem, AdminList } from '../../admin/components/admin-item';
import { BENEFIT_KIND_LABELS } from '../../labels';
import type { ClubPlansAdmin } from '../types';
import { BenefitForm } from './benefit-form';

/** /admin/beneficios: each benefit with its plans, its edit form and delete. */
export function BenefitAdminList({ admin, result }: { admin: ClubPlansAdmin; result: unknown }) {
  const planName = new Map(admin.plans.map((p) => [p.id, p.name]));
  return (
    <AdminList empty="Nenhum benefício ainda. Crie o primeiro abaixo e marque os planos que o incluem.">
      {admin.benefits.map((benefit) => (
        <AdminItem
          key={benefit.id}
          idField="benefitId"
          id={benefit.id}
          name={benefit.title}
          result={result}
          deleteWarning="O benefício sai de todos os planos que o incluem, e isso não se desfaz."
          edit={<BenefitForm benefit={benefit} plans={admin.plans} result={result} />}
          editScope={`beneficio-${benefit.id}`}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-serif text-lg font-semibold">{benefit.title}</h3>
            <p className="text-sm text-muted">{BENEFIT_KIND_LABELS[benefit.kind]}</p>
          </div>
          {benefit.description ? <p className="whitespace-pre-line text-sm">{benefit.description}</p> : null}
          <p className="text-sm text-muted">
            {benefit.planIds.length ? `Nos planos: ${benefit.planIds.map((id) => planName.get(id)).join(', ')}` : 'Em nenhum plano ainda.'}
          </p>
        </AdminItem>
      ))}
    </AdminList>
  );
}
