import type { Route } from './+types/foca.ovinhos';
import { closeExpiredSessionOf } from '~/features/focus/closing.server';
import { Link } from '~/components/link';
import { EggCard, FocaTabs } from '~/features/focus/components/game';
import { listEggs } from '~/features/focus/game-queries.server';
import { HATCH_MINUTES, INCUBATION_SLOTS } from '~/features/focus/vocabulary';
import { formatNumber } from '~/lib/format';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Ovinhos · Foca · Maratona' }];

/** The viewer's eggs not hatched yet: the incubating ones, then the ones waiting for a slot. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  // A session left open past its end closes first (as on /foca): its minutes are the eggs'.
  await closeExpiredSessionOf(viewer.id);
  return { eggs: await listEggs(viewer) };
}

export default function OvinhosPage({ loaderData }: Route.ComponentProps) {
  const incubating = loaderData.eggs.filter((egg) => egg.incubating);
  const waiting = loaderData.eggs.filter((egg) => !egg.incubating);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <h1 className="font-serif text-3xl font-bold">Ovinhos</h1>
        <FocaTabs current="/foca/ovinhos" />
        <p className="text-muted">
          Até {formatNumber(INCUBATION_SLOTS)} ovinhos chocam ao mesmo tempo, com os minutos das sessões que você conclui (sessões interrompidas não contam). Um
          ovinho comum choca com {formatNumber(HATCH_MINUTES.comum)} min, um raro com {formatNumber(HATCH_MINUTES.rara)} e um lendário com{' '}
          {formatNumber(HATCH_MINUTES.lendaria)}.
        </p>
      </header>
      <section aria-labelledby="chocando" className="flex flex-col gap-3">
        <h2 id="chocando" className="font-serif text-xl font-semibold">
          Chocando
        </h2>
        {incubating.length ? (
          <ul className="flex flex-col gap-2">
            {incubating.map((egg) => (
              <EggCard key={egg.id} egg={egg} />
            ))}
          </ul>
        ) : (
          <p className="text-muted">
            Nenhum ovinho por enquanto. Eles vêm de marcos (a primeira sessão, 10 e 50 horas de foco em sessões concluídas) e de desafios concluídos em
            maratonas. <Link to="/foca">Começar uma sessão</Link>
          </p>
        )}
      </section>
      {waiting.length ? (
        <section aria-labelledby="esperando" className="flex flex-col gap-3">
          <h2 id="esperando" className="font-serif text-xl font-semibold">
            Esperando vaga
          </h2>
          <ul className="flex flex-col gap-2">
            {waiting.map((egg) => (
              <EggCard key={egg.id} egg={egg} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
