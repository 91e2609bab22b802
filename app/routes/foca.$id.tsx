import type { Route } from './+types/foca.$id';
import { closeExpiredSessionOf } from '~/features/focus/closing.server';
import { Link } from '~/components/link';
import { PetStats } from '~/features/focus/components/game';
import { SpeciesArt } from '~/features/focus/components/species-art';
import { getPetPage } from '~/features/focus/game-queries.server';
import { RARITY_LABELS } from '~/features/focus/vocabulary';
import { SPECIES, petDisplayName } from '~/features/focus/species';
import { petIdParam } from '~/features/focus/validation';
import { formatDate } from '~/lib/format';
import { orNotFound } from '~/server/errors';
import { getViewer } from '~/server/viewer.server';
import { data } from 'react-router';

export const meta: Route.MetaFunction = ({ data: page }) => [{ title: page ? `${petDisplayName(page.pet)} · Foca · Maratona` : 'Foca · Maratona' }];

/**
 * One pet's public page (PRODUCT.md §J): as its owner's profile shows — a restricted profile's pet is for followers,
 * a block or a suspended owner is not found. Never in the visitors' cache: level and mood change with every session.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = petIdParam.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  const viewer = await getViewer({ request, context });
  const pet = await orNotFound(getPetPage(viewer, id.data));
  // The owner's session left open past its end closes (as on /foca): its minutes are this pet's, if it is the companion.
  if (await closeExpiredSessionOf(pet.owner.id)) return { pet: await getPetPage(viewer, id.data), mine: viewer?.id === pet.owner.id };
  return { pet, mine: viewer?.id === pet.owner.id };
}

export default function PetPage({ loaderData }: Route.ComponentProps) {
  const { pet, mine } = loaderData;
  const species = SPECIES[pet.species];
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header className="flex flex-col items-center gap-3 text-center">
        <SpeciesArt species={pet.species} size={180} title={species.name} />
        <h1 className="font-serif text-3xl font-bold">{petDisplayName(pet)}</h1>
        <p className="text-muted">
          {species.name} ({RARITY_LABELS[species.rarity].toLowerCase()}) · de <Link to={`/u/${pet.owner.username}`}>{pet.owner.name}</Link> · nasceu em{' '}
          {formatDate(pet.hatchedAt)}
        </p>
      </header>
      <section aria-labelledby="sobre" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        <h2 id="sobre" className="font-serif text-xl font-semibold">
          Sobre
        </h2>
        <PetStats pet={pet} />
        <p className="text-sm italic text-muted">{species.scientificName}</p>
        <ul className="list-disc pl-4 text-sm">
          {species.facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      </section>
      {mine ? (
        <p>
          <Link to="/foca/abrigo">Renomear ou escolher a companhia no abrigo</Link>
        </p>
      ) : null}
    </div>
  );
}
