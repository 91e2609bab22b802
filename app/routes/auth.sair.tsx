import { redirect } from 'react-router';
import type { Route } from './+types/auth.sair';
import { signOut, signOutEverywhere } from '~/features/accounts/mutations.server';
import { getViewer } from '~/server/viewer.server';

/** POST only: signing out is a change, so a link or an image cannot sign anyone out. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewer({ request, context });
  if (!viewer) return redirect('/');
  const formData = await request.formData();
  const headers = formData.get('intent') === 'todos' ? await signOutEverywhere(viewer, request) : await signOut(request);
  // The service worker hears this and purges the pages it cached for the reader.
  headers.append('Clear-Site-Data', '"cache"');
  return redirect('/?saiu=1', { headers });
}

export async function loader() {
  return redirect('/');
}
