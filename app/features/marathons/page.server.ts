import { redirect } from 'react-router';
import { failureFromError, parseForm } from '~/server/forms.server';
import { loadBySlugForRoute } from '~/server/slugs.server';
import type { Viewer, ViewerArgs } from '~/server/viewer.server';
import { marathonCacheTag } from './cache';
import { joinMarathon, leaveMarathon } from './mutations.server';
import { changeMyGroup } from './organizer-edits.server';
import { MARATHON_SLUGS, getMarathonBySlug, hasAcceptedNotice } from './queries.server';
import type { MarathonDetail } from './types';
import { marathonJoinIntent } from './validation';

/**
 * The marathon behind a /m/{identificador}/… route for its viewer: an old identificador answers 308 to the same page
 * under the new one; a missing marathon, or one hidden from the viewer, answers 404.
 */
export const loadMarathonForRoute = (args: ViewerArgs & { params: { identificador?: string } }): Promise<MarathonDetail> =>
  loadBySlugForRoute(args, { store: MARATHON_SLUGS, prefix: 'm', get: getMarathonBySlug });

/** The cache tag of a marathon's pages (a visitor only ever gets a public one's: the others answer 404). */
export const marathonPageHeaders = (marathon: MarathonDetail) => ({
  'X-Cache-Tags': [marathonCacheTag(marathon.id), marathon.organizerCacheTag].filter(Boolean).join(','),
});

/** /maratonas/aviso, coming back to `path` once accepted. */
export const noticeUrl = (path: string) => `/maratonas/aviso?voltar=${encodeURIComponent(path)}`;

/** The registration form's intents (entrar, sair, mudar: a participant's own level or team); a community marathon sends a reader who has not accepted the notice to it first. */
export async function runMarathonJoinAction(viewer: Viewer, marathon: MarathonDetail, formData: FormData) {
  const parsed = parseForm(formData, marathonJoinIntent);
  if (!parsed.ok) return parsed.failure;
  try {
    if (parsed.value.intent === 'sair') {
      await leaveMarathon(viewer, marathon.id);
      return { success: 'Você saiu da maratona.' };
    }
    if (parsed.value.intent === 'mudar') {
      await changeMyGroup(viewer, marathon.id, parsed.value.groupId);
      return { success: marathon.mode === 'teams' ? 'Equipe alterada.' : 'Nível alterado.' };
    }
    if (!marathon.official && !(await hasAcceptedNotice(viewer))) throw redirect(noticeUrl(`/m/${marathon.slug}`));
    await joinMarathon(viewer, marathon.id, parsed.value.groupId || null);
    return { success: 'Inscrição feita! Os desafios aparecem na aba Desafios conforme são revelados.' };
  } catch (error) {
    if (error instanceof Response) throw error;
    return failureFromError(error, parsed.fields);
  }
}
