import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/gerenciar.novidades';
import { Button } from '~/components/ui/button';
import { FormMessage, TextArea, TextField } from '~/components/ui/field';
import { createNewsPost, deleteNewsPost } from '~/features/news/mutations.server';
import { listNewsPosts } from '~/features/news/queries.server';
import { NEWS_BODY_MAX, NEWS_TITLE_MAX } from '~/features/news/limits';
import { newsPostInput } from '~/features/news/validation';
import { formatDate } from '~/lib/format';
import { fieldError, isFailure, isSuccess, typed } from '~/lib/form-result';
import { failureFromError, parseForm } from '~/server/forms.server';
import { requireRole } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Novidades · Gerenciar · Maratona' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole({ request, context }, ['admin']);
  return { posts: await listNewsPosts(50) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, ['admin']);
  const formData = await request.formData();
  const deleteId = formData.get('excluir');
  try {
    if (typeof deleteId === 'string') {
      await deleteNewsPost(viewer, deleteId);
      return { success: 'Novidade excluída.' };
    }
    const parsed = parseForm(formData, newsPostInput);
    if (!parsed.ok) return parsed.failure;
    await createNewsPost(viewer, parsed.value);
    return { success: 'Novidade publicada.' };
  } catch (error) {
    return failureFromError(error, {});
  }
}

export default function ManageNews({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state === 'submitting';
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h1 className="font-serif text-3xl font-bold">Novidades</h1>
      {isSuccess(actionData) ? <FormMessage tone="success">{actionData.success}</FormMessage> : null}
      {isFailure(actionData) && actionData.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
      <Form
        method="post"
        className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-5"
        noValidate
        key={isSuccess(actionData) ? actionData.success : 'novo'}
      >
        <h2 className="font-serif text-xl font-bold">Nova publicação</h2>
        <TextField
          label="Título"
          name="title"
          required
          maxLength={NEWS_TITLE_MAX}
          defaultValue={typed(actionData, 'title')}
          error={fieldError(actionData, 'title')}
        />
        <TextArea
          label="Texto (Markdown)"
          name="body"
          required
          rows={10}
          maxLength={NEWS_BODY_MAX}
          hint="Negrito, itálico, links, listas e citações."
          defaultValue={typed(actionData, 'body')}
          error={fieldError(actionData, 'body')}
        />
        <Button type="submit" pending={pending}>
          Publicar
        </Button>
      </Form>
      <ul className="flex flex-col gap-2">
        {loaderData.posts.map((post) => (
          <li key={post.id} className="flex items-center justify-between gap-2 rounded-xl border border-line bg-surface p-3">
            <span>
              {post.title} <span className="text-sm text-muted">· {formatDate(post.publishedAt)}</span>
            </span>
            <Form method="post">
              <Button type="submit" name="excluir" value={post.id} variant="quiet">
                Excluir
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}
