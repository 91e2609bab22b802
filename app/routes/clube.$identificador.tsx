import { data } from 'react-router';
import type { Route } from './+types/clube.$identificador';
import { FormMessage } from '~/components/ui/field';
import { agendaPath } from '~/features/clubs/activities/feed.server';
import { clubCacheTag } from '~/features/clubs/cache';
import { ClubHeader } from '~/features/clubs/components/club-header';
import { ClubHome } from '~/features/clubs/components/club-home';
import { getClubHome } from '~/features/clubs/home.server';
import { runMembershipAction } from '~/features/clubs/membership-action.server';
import { loadClubForRoute } from '~/features/clubs/page.server';
import { isFailure, isSuccess } from '~/lib/form-result';
import { renderMarkdown } from '~/lib/markdown';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { getViewer, requireViewer } from '~/server/viewer.server';

/** Visitors get the cached page (dropped by every change that shows here); a signed-in reader's copy is theirs alone. */
export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: `${data.club.name} · Clubes · Maratona` },
        { name: 'description', content: data.club.description.slice(0, 160) || `O clube ${data.club.name} no Maratona.` },
      ]
    : [{ title: 'Clube não encontrado · Maratona' }];

/** A club's home: about, rules, next activities, pinned posts, what members are reading, and the join button. */
export async function loader(args: Route.LoaderArgs) {
  const club = await loadClubForRoute(args);
  const viewer = await getViewer(args);
  const home = await getClubHome(viewer, club);
  return data(
    {
      club,
      home,
      agenda: agendaPath(club, viewer),
      signedIn: viewer !== null,
      descriptionHtml: renderMarkdown(club.description),
      rulesHtml: renderMarkdown(club.rules),
    },
    { headers: { 'X-Cache-Tags': clubCacheTag(club.id) } },
  );
}

/** Join, ask to join, accept or decline an invitation, cancel a request, leave. */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  const club = await loadClubForRoute(args);
  return runMembershipAction(viewer, club.id, await args.request.formData());
}

export default function ClubPage({ loaderData, actionData }: Route.ComponentProps) {
  const { club, home, agenda, signedIn, descriptionHtml, rulesHtml } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <ClubHeader club={club} current="inicio" signedIn={signedIn} />
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      <FormMessage>{isFailure(actionData) ? (actionData.formError ?? Object.values(actionData.fieldErrors)[0]) : null}</FormMessage>
      <ClubHome club={club} home={home} agenda={agenda} descriptionHtml={descriptionHtml} rulesHtml={rulesHtml} />
    </div>
  );
}
