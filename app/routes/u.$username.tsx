import { data, redirect } from 'react-router';
import type { Route } from './+types/u.$username';
import { FormMessage } from '~/components/ui/field';
import { readerCacheTag } from '~/features/profiles/cache';
import { ProfileHeader } from '~/features/profiles/components/profile-header';
import { ProfileOverview } from '~/features/profiles/components/profile-overview';
import { ProfileTabsNav } from '~/features/profiles/components/profile-tabs-nav';
import { findProfileOwner, getProfile } from '~/features/profiles/queries.server';
import { runSocialAction } from '~/features/social/social-action.server';
import { getWhisperTarget } from '~/features/whispers/queries.server';
import { isFailure, isSuccess } from '~/lib/form-result';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { getViewer, requireViewer } from '~/server/viewer.server';

/** Visitors get the cached page (dropped by the reader's own writes, decision 0026); a signed-in reader's copy is private. */
export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.profile.reader.name} (@${data.profile.reader.username}) · Maratona` : 'Perfil não encontrado · Maratona' },
];

/** A reader's profile. Missing, suspended and blocked (either way) all answer the same 404; an old username moves (308). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await getViewer({ request, context });
  const owner = await findProfileOwner(viewer, params.username);
  if (!owner) throw data(null, { status: 404 });
  if ('movedTo' in owner) throw redirect(`/u/${owner.movedTo}${new URL(request.url).search}`, 308);
  const [profile, whisper] = await Promise.all([
    getProfile(viewer, owner),
    viewer && viewer.id !== owner.reader.id ? getWhisperTarget(viewer, owner.reader.id) : null,
  ]);
  return data({ profile, whisper: Boolean(whisper && !whisper.refusal) }, { headers: { 'X-Cache-Tags': readerCacheTag(owner.reader.id) } });
}

/** Follow, request, cancel, unfollow, block: after a block the profile is gone for the viewer, so it goes to /seguindo. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const result = await runSocialAction(viewer, await request.formData());
  if (!isFailure(result) && 'blocked' in result) throw redirect(`/seguindo?bloqueado=${result.blocked}`);
  return result;
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, whisper } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <ProfileHeader profile={profile} whisper={whisper} />
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      <FormMessage>{isFailure(actionData) ? (actionData.formError ?? Object.values(actionData.fieldErrors)[0]) : null}</FormMessage>
      {profile.details ? (
        <>
          <ProfileTabsNav username={profile.reader.username} current={null} />
          <ProfileOverview details={profile.details} username={profile.reader.username} mine={profile.relation.relation === 'owner'} />
        </>
      ) : null}
    </div>
  );
}
