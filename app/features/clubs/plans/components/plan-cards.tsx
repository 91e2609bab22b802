import { Form, useNavigation } from 'react-router';
import { Button, ButtonLink } from '~/components/ui/button';
import { formatNumber } from '~/lib/format';
import { BENEFIT_KIND_LABELS } from '../../labels';
import { PAID_PLAN_HELD } from '../../policy';
import type { ClubDetail } from '../../types';
import { formatMonthlyPrice } from '../price';
import type { ClubPlanItem, ClubPlansPage } from '../types';

type Props = { club: ClubDetail; page: ClubPlansPage; signedIn: boolean };

/** What the viewer can do about one plan, in the state they are in (PRODUCT.md §E, §P). */
function PlanCall({ club, plan, page, signedIn }: Props & { plan: ClubPlanItem }) {
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formData?.get('planId') === plan.id;
  const standing = club.standing;
  const note = (text: string) => <p className="text-sm text-muted">{text}</p>;
  if (page.currentPlanId === plan.id) {
    return plan.priceCents === 0 ? (
      <Form method="post">
        <Button type="submit" name="intent" value="deixar-plano" variant="quiet" className="px-0">
          Deixar este plano
        </Button>
      </Form>
    ) : null;
  }
  if (plan.priceCents > 0) return note('Assinaturas pagas chegam com os pagamentos do Maratona, em breve. Nenhuma cobrança é feita por enquanto.');
  if (page.holdsPaidPlan) return note(PAID_PLAN_HELD);
  if (plan.memberCap !== null && plan.holders >= plan.memberCap) return note('Esgotado: o plano chegou ao limite de membros.');
  if (!signedIn) {
    return (
      <ButtonLink variant="accent" to={`/auth/signin?callbackUrl=${encodeURIComponent(`/clube/${club.slug}/planos`)}`}>
        Entrar para assinar
      </ButtonLink>
    );
  }
  if (standing?.status === 'banned') return null;
  if (standing?.status === 'pending') return note('Seu pedido para entrar está com a equipe do clube: depois da aprovação, escolha o plano.');
  if (standing?.status === 'invited') return note('Aceite o convite do clube (acima) para escolher o plano.');
  if (standing?.status !== 'active' && club.visibility !== 'aberto')
    return note('Este clube aprova cada membro: peça para entrar (acima) e, depois de aprovado, escolha o plano.');
  const label = standing?.status === 'active' ? (page.currentPlanId ? 'Trocar para este plano' : 'Assinar grátis') : 'Entrar no clube e assinar';
  return (
    <Form method="post">
      <input type="hidden" name="planId" value={plan.id} />
      <Button type="submit" name="intent" value="assinar" variant="accent" pending={pending}>
        {label}
      </Button>
    </Form>
  );
}

/** /planos: the plans side by side with their price and benefits; the viewer's own plan is marked. */
export function PlanCards(props: Props) {
  const { page } = props;
  if (!page.plans.length) return <p className="text-muted">Este clube ainda não tem planos. Participar do clube é gratuito.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {page.plans.map((plan) => {
        const current = page.currentPlanId === plan.id;
        return (
          <li
            key={plan.id}
            aria-current={current ? 'true' : undefined}
            className={`flex flex-col gap-3 rounded-xl border bg-surface p-4 ${current ? 'border-2 border-coral' : 'border-line'}`}
          >
            <div className="flex flex-col gap-1">
              {current ? <p className="self-start rounded-full bg-coral px-2 py-0.5 text-xs font-semibold text-on-coral">Seu plano</p> : null}
              <h2 className="font-serif text-xl font-semibold">{plan.name}</h2>
              <p className="text-lg font-semibold tabular-nums">{formatMonthlyPrice(plan.priceCents)}</p>
              {plan.memberCap !== null ? (
                <p className="text-sm text-muted">
                  {formatNumber(Math.max(0, plan.memberCap - plan.holders))} de {formatNumber(plan.memberCap)} vagas livres
                </p>
              ) : null}
            </div>
            {plan.description ? <p className="whitespace-pre-line text-sm">{plan.description}</p> : null}
            {plan.benefits.length ? (
              <ul className="flex flex-col gap-2" aria-label={`Benefícios do plano ${plan.name}`}>
                {plan.benefits.map((benefit) => (
                  <li key={benefit.id} className="text-sm">
                    <span className="font-medium">{benefit.title}</span> <span className="text-muted">· {BENEFIT_KIND_LABELS[benefit.kind]}</span>
                    {benefit.description ? <span className="block text-muted">{benefit.description}</span> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">Sem benefícios extras.</p>
            )}
            <div className="mt-auto">
              <PlanCall {...props} plan={plan} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
