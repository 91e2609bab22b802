import { data, redirect } from 'react-router';
import type { Route } from './+types/u.$username.$tab';
import { FormMessage } from '~/components/ui/field';
import { ReaderPageHeading } from '~/features/profiles/components/reader-page-heading';
import { ProfileTabView } from '~/features/profiles/components/profile-tab';
import { ProfileTabsNav } from '~/features/profiles/components/profile-tabs-nav';
import { findProfileOwner } from '~/features/profiles/queries.server';
import { loadProfileTab } from '~/features/profiles/tab-data.server';
import { profileTabFromSlug, tabHeading } from '~/features/profiles/tabs';
import { profileTabParams } from '~/features/profiles/validation';
import { runSocialAction } from '~/features/social/social-action.server';
import { isFailure, isSuccess } from '~/lib/form-result';
import { getViewer, requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${tabHeading(data.data.tab, data.reader.name)} · Maratona` : 'Página não encontrada · Maratona' },
];

/**
 * One tab of a profile (tabs.ts). Unknown tabs, and every tab of a profile the viewer may not see beyond its
 * name (restrito, blocked, suspended), answer 404; an old username moves (308) with its tab.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const tab = profileTabFromSlug(params.tab);
  if (!tab) throw data(null, { status: 404 });
  const viewer = await getViewer({ request, context });
  const owner = await findProfileOwner(viewer, params.username);
  if (!owner) throw data(null, { status: 404 });
  const url = new URL(request.url);
  if ('movedTo' in owner) throw redirect(`/u/${owner.movedTo}/${tab}${url.search}`, 308);
  const tabData = await loadProfileTab(viewer, owner, tab, profileTabParams.parse(Object.fromEntries(url.searchParams)));
  if (!tabData) throw data(null, { status: 404 });
  const { id, username, name, image } = owner.reader;
  return { reader: { id, username, name, image }, mine: owner.audience.relation === 'owner', data: tabData, search: url.search };
}

/** The follower forms of `seguidores` (approve, decline, remove); the data functions act only on the viewer's own follows. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!profileTabFromSlug(params.tab)) throw data(null, { status: 404 });
  const viewer = await requireViewer({ request, context });
  return runSocialAction(viewer, await request.formData());
}

export default function ProfileTabPage({ loaderData, actionData }: Route.ComponentProps) {
  const { reader, data: tabData } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <ReaderPageHeading reader={reader} title={tabHeading(tabData.tab, reader.name)}>
        @{reader.username}
      </ReaderPageHeading>
      <ProfileTabsNav username={reader.username} current={tabData.tab} />
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      <FormMessage>{isFailure(actionData) ? (actionData.formError ?? Object.values(actionData.fieldErrors)[0]) : null}</FormMessage>
      <ProfileTabView data={tabData} username={reader.username} owner={reader.name} mine={loaderData.mine} search={loaderData.search} />
    </div>
  );
}
