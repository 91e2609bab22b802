import { redirect } from 'react-router';
import type { Route } from './+types/criar';
import { ButtonLink } from '~/components/ui/button';
import { ClubCreateForm } from '~/features/clubs/components/club-create-form';
import { parseClubForm } from '~/features/clubs/club-form.server';
import { createClub } from '~/features/clubs/mutations.server';
import { createClubInput } from '~/features/clubs/validation';
import { failureFromError } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Criar · Maratona' }];

/** The create hub (PRODUCT.md §2): links to the LC and marathon wizards, and the club form itself (decision 0058). */
export async function loader(args: Route.LoaderArgs) {
  await requireViewer(args);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  const parsed = parseClubForm(await args.request.formData(), createClubInput);
  if (!parsed.ok) return parsed.failure;
  try {
    const club = await createClub(viewer, parsed.value);
    return redirect(`/clube/${club.slug}/admin/personalizar?novo=1`);
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

export default function CreatePage({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <h1 className="font-serif text-3xl font-bold">Criar</h1>
      <section aria-labelledby="nova-lc" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        <h2 id="nova-lc" className="font-serif text-2xl font-semibold">
          Nova LC
        </h2>
        <p>Uma leitura conjunta: escolha os livros e as datas, e o cronograma de etapas sai pronto para ajustar.</p>
        <div>
          <ButtonLink to="/criar/lc" variant="accent">
            Criar LC
          </ButtonLink>
        </div>
      </section>
      <section aria-labelledby="nova-maratona" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        <h2 id="nova-maratona" className="font-serif text-2xl font-semibold">
          Nova maratona
        </h2>
        <p>Uma maratona literária: categorias de desafios com pontos, níveis ou equipes, e desafios revelados aos poucos.</p>
        <div>
          <ButtonLink to="/criar/maratona" variant="accent">
            Criar maratona
          </ButtonLink>
        </div>
      </section>
      <section aria-labelledby="novo-clube" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        <h2 id="novo-clube" className="font-serif text-2xl font-semibold">
          Novo clube
        </h2>
        <ClubCreateForm result={actionData} />
      </section>
    </div>
  );
}
