import { redirect } from 'react-router';
import { failureFromError, parseForm } from '~/server/forms.server';
import type { Viewer } from '~/server/viewer.server';
import type { PostKind } from '../vocabulary';
import {
  addClubPostComment,
  createClubPost,
  deleteClubPost,
  deleteClubPostComment,
  editClubPost,
  setClubPostPinned,
  toggleClubPostReaction,
} from './mutations.server';
import { type PostContentInput, postContentInput, postIntent, threadContentInput } from './validation';

/**
 * The forms of /posts (kind `post`) and /comunidade (kind `thread`): publish, edit, delete, pin, comment,
 * react. `listPath` is the list the page returns to once its post is gone.
 */
export async function runPostAction(viewer: Viewer, clubId: string, kind: PostKind, formData: FormData, listPath: string) {
  const parsed = parseForm(formData, postIntent);
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  const edited = kind === 'post' ? 'Post editado.' : 'Conversa editada.';
  try {
    switch (input.intent) {
      case 'publicar':
      case 'editar': {
        const content = kind === 'post' ? parseForm(formData, postContentInput) : parseForm(formData, threadContentInput);
        if (!content.ok) return content.failure;
        if (input.intent === 'editar') {
          await editClubPost(viewer, clubId, input.postId, content.value);
          return { success: edited };
        }
        const id = await createClubPost(
          viewer,
          clubId,
          'visibility' in content.value ? { kind: 'post', content: content.value as PostContentInput } : { kind: 'thread', content: content.value },
        );
        return redirect(`${listPath}?${kind === 'post' ? 'post' : 'conversa'}=${id}`);
      }
      case 'apagar':
        await deleteClubPost(viewer, clubId, input.postId);
        return redirect(`${listPath}?apagado=1`);
      case 'fixar':
      case 'desafixar':
        await setClubPostPinned(viewer, clubId, input.postId, input.intent === 'fixar');
        return { success: input.intent === 'fixar' ? 'Fixado no topo.' : 'Desafixado.' };
      case 'comentar':
        await addClubPostComment(viewer, clubId, input.postId, input.comment);
        return { success: 'Comentário publicado.' };
      case 'apagar-comentario':
        await deleteClubPostComment(viewer, clubId, input.commentId);
        return { success: 'Comentário apagado.' };
      case 'reagir':
        return { success: (await toggleClubPostReaction(viewer, clubId, input.postId, input.reaction)).reacted ? 'Reação enviada.' : 'Reação retirada.' };
    }
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}
