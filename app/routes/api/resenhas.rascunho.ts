import type { Route } from './+types/resenhas.rascunho';
import { draftInput } from '~/features/reading/reviews/validation';
import { saveReviewDraft } from '~/features/reading/reviews/reviews.server';
import { isAppError } from '~/server/errors';
import { getViewer } from '~/server/viewer.server';

const answer = (body: object, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store' } });

/**
 * The review editor's autosave: a form-encoded POST a moment after typing stops, and a `sendBeacon` when the
 * page is hidden or closed (the session cookie goes along). Answers JSON: `{ savedAt }` or `{ error }`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewer({ request, context });
  if (!viewer) return answer({ error: 'Entre na sua conta para salvar o rascunho.' }, 401);
  const form = await request.formData();
  const parsed = draftInput.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')));
  if (!parsed.success) return answer({ error: parsed.error.issues[0]?.message ?? 'Rascunho inválido.' }, 400);
  const { edition, ...review } = parsed.data;
  try {
    const savedAt = await saveReviewDraft(viewer, edition, review);
    return answer({ savedAt: savedAt.toISOString() });
  } catch (error) {
    if (isAppError(error)) return answer({ error: error.message }, 400);
    throw error;
  }
}
