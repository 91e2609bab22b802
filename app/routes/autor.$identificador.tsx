import { data, redirect } from 'react-router';
import type { Route } from './+types/autor.$identificador';
import { authorCacheTag, CATALOG_CACHE_TAG } from '~/features/catalog/cache';
import { AuthorView } from '~/features/catalog/components/author-view';
import { findCatalogRedirect, getAuthor } from '~/features/catalog/queries.server';
import { pageMeta } from '~/features/catalog/seo';
import { authorSlugParam } from '~/features/catalog/validation';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { CatalogFollowButton } from '~/features/social/components/catalog-follow-button';
import { isFollowingCatalog, setCatalogFollow } from '~/features/social/catalog-follows.server';
import { catalogFollowInput } from '~/features/social/validation';
import { getEnv } from '~/server/env.server';
import { parseForm } from '~/server/forms.server';
import { getViewer, requireViewer } from '~/server/viewer.server';

export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [{ title: 'Autor não encontrado · Maratona' }];
  const { author, origin } = data;
  const url = `${origin}/autor/${author.slug}`;
  const description =
    author.bio ?? `Livros de ${author.name} no Maratona: ${author.works.length} ${author.works.length === 1 ? 'obra' : 'obras'} e suas edições brasileiras.`;
  return [
    ...pageMeta({ title: `${author.name} · Maratona`, ogTitle: author.name, description, url, type: 'profile' }),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Person',
        '@id': url,
        name: author.name,
        url,
        ...(author.nationality ? { nationality: { '@type': 'Country', name: author.nationality } } : {}),
        ...(author.birthYear ? { birthDate: String(author.birthYear) } : {}),
        ...(author.deathYear ? { deathDate: String(author.deathYear) } : {}),
        ...(author.otherNames.length ? { alternateName: author.otherNames } : {}),
      },
    },
  ];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const slug = authorSlugParam.safeParse(params.identificador);
  if (!slug.success) throw data(null, { status: 404 });
  const author = await getAuthor(slug.data);
  if (!author) {
    const renamed = await findCatalogRedirect('author_slug', slug.data);
    if (renamed) throw redirect(`/autor/${renamed}`, 308);
    throw data(null, { status: 404 });
  }
  // Visitors get the cached page (no viewer, `null`); a signed-in reader's page is rendered for them alone.
  const viewer = await getViewer({ request, context });
  const following = viewer ? await isFollowingCatalog(viewer, { kind: 'author', id: author.id }) : null;
  return data({ author, origin: getEnv().publicUrl, following }, { headers: { 'X-Cache-Tags': [CATALOG_CACHE_TAG, authorCacheTag(author.id)].join(',') } });
}

/** Follow or unfollow the author (an alert for each new edition). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const slug = authorSlugParam.safeParse(params.identificador);
  const author = slug.success ? await getAuthor(slug.data) : null;
  if (!author) throw data(null, { status: 404 });
  const parsed = parseForm(await request.formData(), catalogFollowInput);
  if (!parsed.ok) return parsed.failure;
  await setCatalogFollow(viewer, { kind: 'author', id: author.id }, parsed.value.intent === 'seguir');
  return { success: parsed.value.intent === 'seguir' ? `Você segue ${author.name}.` : `Você deixou de seguir ${author.name}.` };
}

export default function AuthorRoute({ loaderData }: Route.ComponentProps) {
  return <AuthorView author={loaderData.author} actions={<CatalogFollowButton noun="autor" following={loaderData.following} />} />;
}
