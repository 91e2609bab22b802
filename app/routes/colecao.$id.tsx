import { data, redirect } from 'react-router';
import type { Route } from './+types/colecao.$id';
import { CATALOG_CACHE_TAG, collectionCacheTag } from '~/features/catalog/cache';
import { collectionKindLabels } from '~/features/catalog/components/collection-list';
import { EditionShelf } from '~/features/catalog/components/edition-list';
import { findCatalogRedirect, getCollection } from '~/features/catalog/queries.server';
import { catalogIdParam } from '~/features/catalog/validation';
import { formatNumber } from '~/lib/format';
import { CatalogFollowButton } from '~/features/social/components/catalog-follow-button';
import { isFollowingCatalog, setCatalogFollow } from '~/features/social/catalog-follows.server';
import { catalogFollowInput } from '~/features/social/validation';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { parseForm } from '~/server/forms.server';
import { getViewer, requireViewer } from '~/server/viewer.server';

export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: `${data.collection.name} · Coleções · Maratona` },
        { name: 'description', content: data.collection.description ?? `${data.collection.name}: ${data.collection.members.length} livros em ordem.` },
        { property: 'og:title', content: data.collection.name },
      ]
    : [{ title: 'Coleção não encontrada · Maratona' }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = catalogIdParam.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  const collection = await getCollection(id.data);
  if (!collection) {
    const survivor = await findCatalogRedirect('collection', id.data);
    if (survivor) throw redirect(`/colecao/${survivor}`, 308);
    throw data(null, { status: 404 });
  }
  // Visitors get the cached page (no viewer, `null`); a signed-in reader's page is rendered for them alone.
  const viewer = await getViewer({ request, context });
  const following = viewer ? await isFollowingCatalog(viewer, { kind: 'collection', id: collection.id }) : null;
  return data({ collection, following }, { headers: { 'X-Cache-Tags': [CATALOG_CACHE_TAG, collectionCacheTag(collection.id)].join(',') } });
}

/** Follow or unfollow the collection (an alert for each new edition in it). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const id = catalogIdParam.safeParse(params.id);
  const collection = id.success ? await getCollection(id.data) : null;
  if (!collection) throw data(null, { status: 404 });
  const parsed = parseForm(await request.formData(), catalogFollowInput);
  if (!parsed.ok) return parsed.failure;
  await setCatalogFollow(viewer, { kind: 'collection', id: collection.id }, parsed.value.intent === 'seguir');
  return { success: parsed.value.intent === 'seguir' ? `Você segue a coleção ${collection.name}.` : `Você deixou de seguir a coleção ${collection.name}.` };
}

export default function CollectionRoute({ loaderData }: Route.ComponentProps) {
  const { collection } = loaderData;
  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="font-serif text-3xl font-bold">{collection.name}</h1>
        <p className="text-muted">
          {[
            collectionKindLabels[collection.kind],
            collection.publisher,
            `${formatNumber(collection.members.length)} ${collection.members.length === 1 ? 'livro' : 'livros'}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {collection.description ? <p className="max-w-prose">{collection.description}</p> : null}
        <CatalogFollowButton noun="coleção" following={loaderData.following} />
      </header>
      {collection.members.length ? (
        <EditionShelf editions={collection.members} label={`Livros de ${collection.name}`} />
      ) : (
        <p className="text-muted">Esta coleção ainda não tem livros.</p>
      )}
    </article>
  );
}
