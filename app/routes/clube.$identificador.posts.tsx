import { data } from 'react-router';
import type { Route } from './+types/clube.$identificador.posts';
import { clubCacheTag } from '~/features/clubs/cache';
import { ClubHeader } from '~/features/clubs/components/club-header';
import { loadClubForRoute } from '~/features/clubs/page.server';
import { mayPublishPosts } from '~/features/clubs/policy';
import { runPostAction } from '~/features/clubs/posts/actions.server';
import { ClubPostsPage } from '~/features/clubs/posts/components/posts-page';
import { getClubPost, listClubPosts } from '~/features/clubs/posts/queries.server';
import { postsPageQuery } from '~/features/clubs/posts/validation';
import { usePosting } from '~/features/reading/components/use-posting';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { getViewer, requireViewer } from '~/server/viewer.server';

/** Visitors get the cached page (every post, comment, reaction, pin, edit and delete drops it); a reader's copy is theirs. */
export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [{ title: data.post ? `${data.post.title} · ${data.club.name} · Maratona` : `Posts · ${data.club.name} · Maratona` }]
    : [{ title: 'Post não encontrado · Maratona' }];

/** The club's posts the viewer may read (pinned first, "Carregar mais"), or one post with its comments (`?post=`). */
export async function loader(args: Route.LoaderArgs) {
  const club = await loadClubForRoute(args);
  const viewer = await getViewer(args);
  const url = new URL(args.request.url);
  const query = postsPageQuery.parse(Object.fromEntries(url.searchParams));
  const [post, page] = await Promise.all([
    query.post ? getClubPost(viewer, club.id, 'post', query.post, query.comentarios) : null,
    query.post ? null : listClubPosts(viewer, club.id, 'post', query.cursor),
  ]);
  if (query.post && !post) throw data(null, { status: 404 });
  return data(
    { club, signedIn: viewer !== null, post, page, mayPublish: mayPublishPosts(club, club.standing), deleted: url.searchParams.has('apagado') },
    { headers: { 'X-Cache-Tags': clubCacheTag(club.id) } },
  );
}

/** Publish, edit, delete, pin, comment and react (each checked again by its mutation). */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  const club = await loadClubForRoute(args);
  return runPostAction(viewer, club.id, 'post', await args.request.formData(), `/clube/${club.slug}/posts`);
}

export default function ClubPostsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = usePosting();
  const { club, signedIn, ...rest } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <ClubHeader club={club} current="posts" signedIn={signedIn} />
      <ClubPostsPage club={club} signedIn={signedIn} {...rest} result={actionData} busy={busy} />
    </div>
  );
}
