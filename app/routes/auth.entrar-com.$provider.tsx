import { data, redirect } from 'react-router';
import type { Route } from './+types/auth.entrar-com.$provider';
import { startSocialSignIn } from '~/features/accounts/mutations.server';
import { sameSitePath } from '~/lib/same-site-path';
import { isAppError } from '~/server/errors';

/** A plain form post starts OAuth sign-in, so the buttons work before JavaScript loads. */
export async function action({ request, params }: Route.ActionArgs) {
  const provider = params.provider;
  if (provider !== 'google' && provider !== 'twitch' && provider !== 'discord') throw data(null, { status: 404 });
  const url = new URL(request.url);
  const formData = await request.formData();
  try {
    const start = await startSocialSignIn(request, provider, sameSitePath(String(formData.get('callbackUrl') ?? ''), url.origin) ?? '/');
    return redirect(start.url, { headers: start.headers });
  } catch (error) {
    if (isAppError(error)) throw data(null, { status: 404 });
    throw error;
  }
}

export function loader() {
  return redirect('/auth/signin');
}
