import { redirect } from 'react-router';
import type { Route } from './+types/criar';
import { ClubCreateForm } from '~/features/clubs/components/club-create-form';
import { createClub } from '~/features/clubs/mutations.server';
import { createClubInput } from '~/features/clubs/validation';
import { failureFromError, parseForm } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Criar · Maratona' }];

/** The create hub (PRODUCT.md §2): the club form itself; LCs and marathons join it when they exist (decision 0058). */
export async function loader(args: Route.LoaderArgs) {
  await requireViewer(args);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  const form = await args.request.formData();
  const categories = form.getAll('categories').filter((value) => typeof value === 'string');
  const parsed = parseForm(form, createClubInput, { categories });
  // The checkboxes come back as they were ticked, whatever failed.
  if (!parsed.ok) {
    const failure = parsed.failure;
    failure.data.fields.categories = categories.join(',');
    return failure;
  }
  try {
    const club = await createClub(viewer, parsed.value);
    return redirect(`/clube/${club.slug}/admin/personalizar?novo=1`);
  } catch (error) {
    return failureFromError(error, { ...parsed.fields, categories: categories.join(',') });
  }
}

export default function CreatePage({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <h1 className="font-serif text-3xl font-bold">Criar</h1>
      <section aria-labelledby="novo-clube" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        <h2 id="novo-clube" className="font-serif text-2xl font-semibold">
          Novo clube
        </h2>
        <ClubCreateForm result={actionData} />
      </section>
    </div>
  );
}
