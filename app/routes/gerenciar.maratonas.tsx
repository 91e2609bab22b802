import type { Route } from './+types/gerenciar.maratonas';
import { Link } from '~/components/link';
import { ButtonLink } from '~/components/ui/button';
import { marathonDaysLabel, participantsLabel } from '~/features/marathons/labels';
import { PHASE_LABELS } from '~/features/marathons/policy';
import { listOfficialMarathons } from '~/features/marathons/queries.server';
import { requireRole } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Maratonas oficiais · Gerenciar · Maratona' }];

/** Site admins run the official marathons (PRODUCT.md §G): the list, each one's tools, and the way to create one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, ['admin']);
  return { marathons: await listOfficialMarathons(viewer) };
}

export default function ManageOfficialMarathons({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">Maratonas oficiais</h1>
        <ButtonLink to="/criar/maratona" variant="accent">
          Criar maratona
        </ButtonLink>
      </div>
      <p className="text-muted">
        As maratonas organizadas pela equipe do Maratona. Qualquer admin do site edita, acrescenta desafios e cuida dos participantes em “Gerenciar”. Para criar
        uma, escolha “Maratona oficial” em quem organiza.
      </p>
      {loaderData.marathons.length ? (
        <ul className="flex flex-col gap-2">
          {loaderData.marathons.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line bg-surface p-3">
              <span className="flex flex-col">
                <Link to={`/m/${m.slug}`} className="font-semibold">
                  {m.name}
                </Link>
                <span className="text-sm text-muted">
                  {PHASE_LABELS[m.phase]} · {marathonDaysLabel(m)} · {participantsLabel(m.participantCount)}
                </span>
              </span>
              <Link to={`/m/${m.slug}/gerenciar`} aria-label={`Gerenciar ${m.name}`}>
                Gerenciar
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">Nenhuma maratona oficial ainda.</p>
      )}
    </div>
  );
}
