import { Form } from 'react-router';
import type { Route } from './+types/foca.abrigo';
import { closeExpiredSessionOf } from '~/features/focus/closing.server';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { FormMessage, TextField } from '~/components/ui/field';
import { FocaTabs, PetStats } from '~/features/focus/components/game';
import { SpeciesArt } from '~/features/focus/components/species-art';
import { listPets } from '~/features/focus/game-queries.server';
import { PET_NAME_MAX } from '~/features/focus/vocabulary';
import { chooseCompanion, renamePet } from '~/features/focus/pets.server';
import { SPECIES, petDisplayName } from '~/features/focus/species';
import { shelterActionInput } from '~/features/focus/validation';
import { usePosting } from '~/features/reading/components/use-posting';
import { fieldError, isFailure, isSuccess, typed } from '~/lib/form-result';
import { formatDate } from '~/lib/format';
import { failureFromError, parseForm } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Abrigo · Foca · Maratona' }];

/** The viewer's shelter: all their pets, the companion first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  // A session left open past its end closes first (as on /foca): its minutes are the companion's.
  await closeExpiredSessionOf(viewer.id);
  return { pets: await listPets(viewer) };
}

/** Rename a pet or make it the companion: always the viewer's own (another's, or a forged id, is not found). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const parsed = parseForm(await request.formData(), shelterActionInput);
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  try {
    if (input.intent === 'renomear') {
      await renamePet(viewer, input.pet, input.name);
      return { success: input.name ? `Agora se chama ${input.name}.` : 'Voltou a se chamar pelo nome da espécie.' };
    }
    await chooseCompanion(viewer, input.pet);
    return { success: 'Companhia escolhida: é quem ganha os minutos de foco e aparece na Foca.' };
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

export default function AbrigoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { pets } = loaderData;
  const busy = usePosting();
  const failedPet = isFailure(actionData) ? actionData.fields.pet : undefined;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <h1 className="font-serif text-3xl font-bold">Abrigo</h1>
        <FocaTabs current="/foca/abrigo" />
        <p className="text-muted">Seus bichinhos. A companhia ganha os minutos de foco e sobe de nível; todos ficam felizes quando você lê.</p>
      </header>
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      <FormMessage>{isFailure(actionData) ? actionData.formError : null}</FormMessage>
      {pets.length ? (
        <ul className="flex flex-col gap-3">
          {pets.map((pet) => {
            const name = petDisplayName(pet);
            const mine = failedPet === pet.id;
            return (
              <li key={pet.id} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:flex-row">
                <SpeciesArt species={pet.species} size={96} title={SPECIES[pet.species].name} className="shrink-0" />
                <div className="flex min-w-0 flex-1 flex-col gap-3">
                  <div className="flex flex-col gap-1">
                    <h2 className="font-serif text-xl font-semibold">
                      <Link to={`/foca/${pet.id}`}>{name}</Link>
                      {pet.companion ? (
                        <span className="ml-2 rounded-full bg-paper px-2 py-0.5 align-middle font-sans text-sm font-medium">Companhia</span>
                      ) : null}
                    </h2>
                    <p className="text-sm text-muted">
                      {SPECIES[pet.species].name} · nasceu em {formatDate(pet.hatchedAt)}
                    </p>
                    <PetStats pet={pet} />
                  </div>
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="renomear" />
                    <input type="hidden" name="pet" value={pet.id} />
                    <div className="min-w-48 flex-1">
                      <TextField
                        label={`Nome de ${name}`}
                        name="name"
                        maxLength={PET_NAME_MAX}
                        defaultValue={mine ? typed(actionData, 'name') : (pet.name ?? '')}
                        error={mine ? fieldError(actionData, 'name') : undefined}
                        hint="Em branco, volta ao nome da espécie."
                      />
                    </div>
                    <Button type="submit" variant="secondary" pending={busy}>
                      Salvar nome
                    </Button>
                  </Form>
                  {pet.companion ? null : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="companheiro" />
                      <input type="hidden" name="pet" value={pet.id} />
                      <Button type="submit" variant="quiet" pending={busy}>
                        Escolher {name} como companhia
                      </Button>
                    </Form>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-muted">
          O abrigo está vazio. Choque um <Link to="/foca/ovinhos">ovinho</Link> com minutos de foco para ganhar seu primeiro bichinho.
        </p>
      )}
    </div>
  );
}
