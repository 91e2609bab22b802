import { redirect } from 'react-router';
import { failureFromError, parseForm } from '~/server/forms.server';
import type { Viewer } from '~/server/viewer.server';
import type { PostKind } from '../vocabulary';
import {
  type ClubPostContent,
  addClubPostComment,
  createClubPost,
  deleteClubPost,
  deleteClubPostComment,
  editClubPost,
  setClubPostPinned,
  toggleClubPostReaction,
} from './mutations.server';
import { postContentInput, postIntent, threadContentInput } from './validation';

/** The text (and, for a post, the audience) of the publishing and editing forms; threads are always for members. */
function parseContent(formData: FormData, kind: PostKind) {
  if (kind === 'post') {
    const parsed = parseForm(formData, postContentInput);
    return parsed.ok ? { ok: true as const, content: { kind, content: parsed.value } satisfies ClubPostContent } : parsed;
  }
  const parsed = parseForm(formData, threadContentInput);
  return parsed.ok ? { ok: true as const, content: { kind, content: parsed.value } satisfies ClubPostContent } : parsed;
}

/**
 * The forms of /posts (kind `post`) and /comunidade (kind `thread`): publish, edit, delete, pin, comment,
 * react. `listPath` is the list the page returns to once its post is gone.
 */
export async function runPostAction(viewer: Viewer, clubId: string, kind: PostKind, formData: FormData, listPath: string) {
  const parsed = parseForm(formData, postIntent);
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  try {
    switch (input.intent) {
      case 'publicar':
      case 'editar': {
        const content = parseContent(formData, kind);
        if (!content.ok) return content.failure;
        if (input.intent === 'editar') {
          await editClubPost(viewer, clubId, input.postId, content.content.content);
          return { success: kind === 'post' ? 'Post editado.' : 'Conversa editada.' };
        }
        const id = await createClubPost(viewer, clubId, content.content);
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
