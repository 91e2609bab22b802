import { data, redirect } from 'react-router';
import type { Route } from './+types/att.$id';
import { AttView } from '~/features/atts/components/att-view';
import { addComment, deleteAtt, deleteComment, toggleReaction } from '~/features/atts/mutations.server';
import { getAtt } from '~/features/atts/queries.server';
import { attIdParam, attPageInput } from '~/features/atts/validation';
import { usePosting } from '~/features/reading/components/use-posting';
import { failureFromError, parseForm } from '~/server/forms.server';
import { getViewer, requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: `Att de ${data.att.author.name} sobre ${data.att.edition.title} · Maratona` },
        ...(data.att.visibility === 'publico' ? [] : [{ name: 'robots', content: 'noindex' }]),
      ]
    : [{ title: 'Att não encontrada · Maratona' }];

/** Missing, taken down, or not for this viewer (visibility, a block, a suspended author): the same 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await getViewer({ request, context });
  const id = attIdParam.safeParse(params.id);
  const att = id.success ? await getAtt(viewer, id.data) : null;
  if (!att) throw data(null, { status: 404 });
  return { att, signedIn: viewer !== null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const id = attIdParam.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  const parsed = parseForm(await request.formData(), attPageInput);
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  try {
    switch (input.intent) {
      case 'reagir':
        return { success: (await toggleReaction(viewer, id.data, input.reaction)).reacted ? 'Reação enviada.' : 'Reação retirada.' };
      case 'comentar':
        await addComment(viewer, id.data, input.comment);
        return { success: 'Comentário publicado.' };
      case 'apagar-comentario':
        await deleteComment(viewer, input.commentId);
        return { success: 'Comentário apagado.' };
      case 'apagar-att':
        await deleteAtt(viewer, id.data);
        return redirect('/atts?apagada=1');
    }
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

export default function AttRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = usePosting();
  return <AttView att={loaderData.att} signedIn={loaderData.signedIn} result={actionData} busy={busy} />;
}
