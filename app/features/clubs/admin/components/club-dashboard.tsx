import { Link } from '~/components/link';
import { formatNumber } from '~/lib/format';
import { DASHBOARD_WEEKS_LABEL, ENGAGEMENT_DAYS_LABEL, formatPrice } from '../labels';
import type { ClubDashboard } from '../types';
import { MembersChart } from './members-chart';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col rounded-lg border border-line bg-surface p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{formatNumber(value)}</dd>
    </div>
  );
}

const section = 'flex flex-col gap-3 rounded-xl border border-line bg-surface p-4';

/** /admin: how the club is doing, for those who run it. */
export function ClubDashboardView({ dashboard, base }: { dashboard: ClubDashboard; base: string }) {
  const { engagement } = dashboard;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section aria-labelledby="painel-membros" className={`${section} lg:col-span-2`}>
        <h2 id="painel-membros" className="font-serif text-xl font-semibold">
          Membros ({formatNumber(dashboard.activeMembers)})
        </h2>
        <MembersChart weeks={dashboard.weeks} />
        <p className="text-sm text-muted">
          A curva conta os membros de hoje pela data em que entraram nas {DASHBOARD_WEEKS_LABEL}; quem saiu do clube não aparece nela.
        </p>
      </section>
      <section aria-labelledby="painel-pedidos" className={section}>
        <h2 id="painel-pedidos" className="font-serif text-xl font-semibold">
          Pedidos esperando
        </h2>
        <p className="text-3xl font-semibold tabular-nums">{formatNumber(dashboard.pendingRequests)}</p>
        <Link to={`${base}/membros#pedidos`}>{dashboard.pendingRequests > 0 ? 'Responder os pedidos' : 'Ver membros'}</Link>
      </section>
      <section aria-labelledby="painel-participacao" className={section}>
        <h2 id="painel-participacao" className="font-serif text-xl font-semibold">
          Participação nos {ENGAGEMENT_DAYS_LABEL}
        </h2>
        <dl className="grid grid-cols-2 gap-2">
          <Figure label="Posts" value={engagement.posts} />
          <Figure label="Tópicos" value={engagement.threads} />
          <Figure label="Comentários" value={engagement.comments} />
          <Figure label="Reações" value={engagement.reactions} />
        </dl>
      </section>
      <section aria-labelledby="painel-receita" className={`${section} lg:col-span-2`}>
        <h2 id="painel-receita" className="font-serif text-xl font-semibold">
          Receita
        </h2>
        <p className="text-3xl font-semibold" aria-describedby="painel-receita-nota">
          —
        </p>
        <p id="painel-receita-nota" className="text-sm text-muted">
          Os pagamentos ainda não estão ativos no Maratona: nenhum valor foi cobrado. Enquanto isso, veja quantos membros têm cada plano.
        </p>
        {dashboard.planHolders.length === 0 ? (
          <p>
            O clube ainda não tem planos. <Link to={`${base}/planos`}>Criar um plano</Link>
          </p>
        ) : (
          <table className="w-full text-sm tabular-nums">
            <caption className="sr-only">Membros por plano</caption>
            <thead>
              <tr className="border-b border-line text-left">
                <th scope="col" className="py-2 pr-2">
                  Plano
                </th>
                <th scope="col" className="py-2 pr-2 text-right">
                  Preço por mês
                </th>
                <th scope="col" className="py-2 text-right">
                  Membros
                </th>
              </tr>
            </thead>
            <tbody>
              {dashboard.planHolders.map((plan) => (
                <tr key={plan.planId} className="border-b border-line last:border-0">
                  <th scope="row" className="py-2 pr-2 text-left font-normal">
                    {plan.name}
                    {plan.archived ? <span className="text-muted"> (arquivado)</span> : null}
                  </th>
                  <td className="py-2 pr-2 text-right">{formatPrice(plan.priceCents)}</td>
                  <td className="py-2 text-right">{formatNumber(plan.holders)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
