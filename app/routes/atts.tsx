import type { Route } from './+types/atts';
import { AttsFeed } from '~/features/atts/components/atts-feed';
import { listAtts } from '~/features/atts/queries.server';
import { feedParams } from '~/features/atts/validation';
import { getViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [
  { title: 'Atts · Maratona' },
  { name: 'description', content: 'O que a comunidade do Maratona está lendo: progresso, livros terminados e fotos.' },
];

/** Visitors see `todos` only; a reader starts on `seguindo`. Each att is filtered by the audience inside the query. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer({ request, context });
  const search = new URL(request.url).searchParams;
  const params = feedParams.parse(Object.fromEntries(search));
  const tab = viewer ? (params.aba ?? 'seguindo') : 'todos';
  const photos = params.fotos === 'sim';
  const page = await listAtts(viewer, { kind: tab === 'seguindo' ? 'following' : 'all' }, { withPhotos: photos, cursor: params.cursor ?? null });
  return { signedIn: viewer !== null, tab, photos, deleted: search.has('apagada'), ...page };
}

export default function AttsRoute({ loaderData }: Route.ComponentProps) {
  return <AttsFeed {...loaderData} />;
}
