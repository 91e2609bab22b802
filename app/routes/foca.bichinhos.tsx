import type { Route } from './+types/foca.bichinhos';
import { closeExpiredSessionOf } from '~/features/focus/closing.server';
import { FocaTabs } from '~/features/focus/components/game';
import { SpeciesArt } from '~/features/focus/components/species-art';
import { listPets } from '~/features/focus/game-queries.server';
import { RARITIES, RARITY_LABELS } from '~/features/focus/vocabulary';
import { SPECIES, speciesOf } from '~/features/focus/species';
import { formatNumber } from '~/lib/format';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Bichinhos · Foca · Maratona' }];

/** The species album: every species of the catalogue, with how many of each the viewer has hatched. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  // A session left open past its end closes first (as on /foca): it may hatch an egg.
  await closeExpiredSessionOf(viewer.id);
  const collected: Record<string, number> = {};
  for (const pet of await listPets(viewer)) collected[pet.species] = (collected[pet.species] ?? 0) + 1;
  return { collected };
}

export default function BichinhosPage({ loaderData }: Route.ComponentProps) {
  const { collected } = loaderData;
  const found = Object.keys(collected).length;
  const total = Object.keys(SPECIES).length;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <h1 className="font-serif text-3xl font-bold">Bichinhos</h1>
        <FocaTabs current="/foca/bichinhos" />
        <p className="text-muted">
          Você encontrou {formatNumber(found)} de {formatNumber(total)} espécies de focas, lobos e leões-marinhos.
        </p>
      </header>
      {RARITIES.map((rarity) => (
        <section key={rarity} aria-labelledby={`raridade-${rarity}`} className="flex flex-col gap-3">
          <h2 id={`raridade-${rarity}`} className="font-serif text-xl font-semibold">
            {RARITY_LABELS[rarity]}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {speciesOf(rarity).map((slug) => {
              const species = SPECIES[slug];
              const count = collected[slug] ?? 0;
              return (
                <li key={slug} id={`especie-${slug}`} className="flex scroll-mt-20 gap-3 rounded-xl border border-line bg-surface p-3">
                  <SpeciesArt species={slug} unknown={!count} size={88} className="shrink-0" />
                  <div className="flex min-w-0 flex-col gap-1">
                    <h3 className="font-semibold">{species.name}</h3>
                    <p className="text-sm italic text-muted">{species.scientificName}</p>
                    {count ? (
                      <>
                        <p className="text-sm">{count === 1 ? 'Você tem 1.' : `Você tem ${formatNumber(count)}.`}</p>
                        <ul className="list-disc pl-4 text-sm">
                          {species.facts.map((fact) => (
                            <li key={fact}>{fact}</li>
                          ))}
                        </ul>
                      </>
                    ) : (
                      <p className="text-sm text-muted">Espécie ainda não encontrada.</p>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
