import { redirect } from 'react-router';
import type { Route } from './+types/oauthredirect';
import { requireViewer } from '~/server/viewer.server';

/** Where a provider returns after linking from /configuracoes/conexoes: back there, with the outcome. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireViewer({ request, context });
  const url = new URL(request.url);
  const error = url.searchParams.get('error');
  if (error) throw redirect(`/auth/error?error=${encodeURIComponent(error)}&origem=conexoes`);
  throw redirect(url.searchParams.get('conectado') ? '/configuracoes/conexoes?conectado=1' : '/configuracoes/conexoes');
}
