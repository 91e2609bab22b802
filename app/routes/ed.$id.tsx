import { data } from 'react-router';
import type { Route } from './+types/ed.$id';
import { EditionAbout, EditionPage } from '~/features/catalog/components/edition-page';
import { loadEditionOr404 } from '~/features/catalog/edition-page.server';
import { editionMeta } from '~/features/catalog/seo';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';

export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) => (data ? editionMeta(data.edition, data.origin) : [{ title: 'Edição não encontrada — Maratona' }]);

export async function loader({ params }: Route.LoaderArgs) {
  const { edition, origin, cacheHeaders } = await loadEditionOr404(params.id);
  return data({ edition, origin }, { headers: cacheHeaders });
}

export default function EditionRoute({ loaderData }: Route.ComponentProps) {
  return (
    <EditionPage edition={loaderData.edition}>
      <EditionAbout edition={loaderData.edition} />
    </EditionPage>
  );
}
