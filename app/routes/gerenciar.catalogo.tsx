import { Link } from '~/components/link';
import type { Route } from './+types/gerenciar.catalogo';
import { countPendingEditions } from '~/features/curation/pending.server';
import { getCurationDashboard } from '~/features/curation/queries.server';
import { KIND_LABELS, KIND_SLUGS } from '~/features/curation/types';
import { formatDateTime, formatNumber } from '~/lib/format';
import { requireRole } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Catálogo · Gerenciar · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, ['curator', 'admin']);
  const [dashboard, pendingEditions] = await Promise.all([getCurationDashboard(viewer), countPendingEditions(viewer)]);
  return { dashboard, pendingEditions };
}

export default function CatalogDashboard({ loaderData }: Route.ComponentProps) {
  const { pending, oldestPendingAt, gaps } = loaderData.dashboard;
  const total = pending.reduce((sum, p) => sum + p.count, 0);
  const card = 'flex flex-col gap-2 rounded-xl border border-line bg-surface p-4';
  return (
    <div className="flex flex-col gap-6">
      <h1 className="font-serif text-3xl font-bold">Catálogo</h1>
      <nav aria-label="Seções do catálogo" className="flex flex-wrap gap-4">
        <Link to="/gerenciar/catalogo/solicitacoes">Fila de solicitações</Link>
        <Link to="/gerenciar/catalogo/historicos">Histórico de alterações</Link>
        <Link to="/gerenciar/catalogo/importar">Importar edições</Link>
        <Link to="/gerenciar/catalogo/mais-vinculadas">Mais vinculadas</Link>
        <Link to="/gerenciar/catalogo/mesclar">Mesclar duplicatas</Link>
        <Link to="/gerenciar/catalogo/pendentes">Edições pendentes{loaderData.pendingEditions ? ` (${formatNumber(loaderData.pendingEditions)})` : ''}</Link>
      </nav>
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="pendentes" className={card}>
          <h2 id="pendentes" className="font-serif text-xl font-semibold">
            Solicitações pendentes: {formatNumber(total)}
          </h2>
          <ul className="flex flex-col gap-1">
            {pending.map((p) => (
              <li key={p.kind}>
                <Link to={`/gerenciar/catalogo/solicitacoes?tipo=${KIND_SLUGS[p.kind]}`}>{KIND_LABELS[p.kind]}</Link>: {formatNumber(p.count)}
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted">
            {oldestPendingAt ? `A mais antiga espera desde ${formatDateTime(oldestPendingAt)}.` : 'Nenhuma solicitação esperando.'}
          </p>
        </section>
        <section aria-labelledby="lacunas" className={card}>
          <h2 id="lacunas" className="font-serif text-xl font-semibold">
            Lacunas de qualidade
          </h2>
          <p className="text-sm text-muted">De {formatNumber(gaps.editions)} edições no catálogo:</p>
          <ul className="flex flex-col gap-1">
            <li>
              <Link to="/gerenciar/catalogo/mais-vinculadas?sem=capa">Sem capa</Link>: {formatNumber(gaps.withoutCover)}
            </li>
            <li>
              <Link to="/gerenciar/catalogo/mais-vinculadas?sem=isbn">Sem ISBN</Link>: {formatNumber(gaps.withoutIsbn)}
            </li>
            <li>
              <Link to="/gerenciar/catalogo/mais-vinculadas?sem=paginas">Sem número de páginas</Link> (fora audiolivros): {formatNumber(gaps.withoutPages)}
            </li>
          </ul>
          <p className="text-sm text-muted">Cada lacuna leva às edições mais vinculadas que a têm: corrija primeiro as mais usadas.</p>
        </section>
      </div>
    </div>
  );
}
