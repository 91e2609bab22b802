import type { Route } from './+types/m';
import { Link } from '~/components/link';
import { ButtonLink } from '~/components/ui/button';
import { MarathonList } from '~/features/marathons/components/marathon-list';
import { listMyMarathons } from '~/features/marathons/queries.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Minhas maratonas · Maratona' }];

/** My marathons: those I organise (mine, my clubs', official ones for site admins) and those I joined. */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireViewer(args);
  return { mine: await listMyMarathons(viewer) };
}

export default function MyMarathonsPage({ loaderData }: Route.ComponentProps) {
  const { organizing, joined } = loaderData.mine;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">Minhas maratonas</h1>
        <ButtonLink to="/criar/maratona" variant="accent">
          Criar maratona
        </ButtonLink>
      </div>
      <section aria-labelledby="participo" className="flex flex-col gap-3">
        <h2 id="participo" className="font-serif text-2xl font-semibold">
          Participo
        </h2>
        {joined.length ? (
          <MarathonList marathons={joined} />
        ) : (
          <p>
            Você ainda não está em nenhuma maratona. <Link to="/maratonas">Veja as que estão acontecendo</Link>.
          </p>
        )}
      </section>
      {organizing.length ? (
        <section aria-labelledby="organizo" className="flex flex-col gap-3">
          <h2 id="organizo" className="font-serif text-2xl font-semibold">
            Organizo
          </h2>
          <MarathonList marathons={organizing} />
        </section>
      ) : null}
    </div>
  );
}
