import { data } from 'react-router';
import type { Route } from './+types/clube.$identificador.comunidade';
import { clubCacheTag } from '~/features/clubs/cache';
import { ClubHeader } from '~/features/clubs/components/club-header';
import { loadClubForRoute } from '~/features/clubs/page.server';
import { can } from '~/features/clubs/policy';
import { runPostAction } from '~/features/clubs/posts/actions.server';
import { type CommunityView, CommunityPage } from '~/features/clubs/posts/components/community-page';
import { listClubMembers } from '~/features/clubs/posts/members.server';
import { getClubPost, listClubPosts } from '~/features/clubs/posts/queries.server';
import { communityPageQuery } from '~/features/clubs/posts/validation';
import { usePosting } from '~/features/reading/components/use-posting';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { getViewer, requireViewer } from '~/server/viewer.server';

/** Visitors see only the member count (cached, dropped when members change); members' copies are theirs alone. */
export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `Comunidade · ${data.club.name} · Maratona` }] : [{ title: 'Clube não encontrado · Maratona' }];

/** Members: the threads, one thread (`?conversa=`) or the directory (`?aba=membros&q=`); others: the count and the way in. */
export async function loader(args: Route.LoaderArgs) {
  const club = await loadClubForRoute(args);
  const viewer = await getViewer(args);
  const url = new URL(args.request.url);
  const query = communityPageQuery.parse(Object.fromEntries(url.searchParams));
  let view: CommunityView = { kind: 'outside' };
  if (can(club.standing, 'take_part')) {
    if (query.conversa) {
      const thread = await getClubPost(viewer, club.id, 'thread', query.conversa, query.comentarios);
      if (!thread) throw data(null, { status: 404 });
      view = { kind: 'thread', thread };
    } else if (query.aba === 'membros') {
      view = { kind: 'members', page: await listClubMembers(viewer, club.id, { q: query.q, cursor: query.cursor }), q: query.q };
    } else {
      view = { kind: 'threads', page: await listClubPosts(viewer, club.id, 'thread', query.cursor) };
    }
  }
  return data({ club, signedIn: viewer !== null, view, deleted: url.searchParams.has('apagado') }, { headers: { 'X-Cache-Tags': clubCacheTag(club.id) } });
}

/** Open, edit, delete, pin, comment on and react to threads (each checked again by its mutation). */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  const club = await loadClubForRoute(args);
  return runPostAction(viewer, club.id, 'thread', await args.request.formData(), `/clube/${club.slug}/comunidade`);
}

export default function ClubCommunityRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = usePosting();
  const { club, signedIn, view, deleted } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <ClubHeader club={club} current="comunidade" signedIn={signedIn} />
      <CommunityPage club={club} signedIn={signedIn} view={view} deleted={deleted} result={actionData} busy={busy} />
    </div>
  );
}
