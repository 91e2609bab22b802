import { data, redirect } from 'react-router';
import type { Route } from './+types/f.$username';
import { Link } from '~/components/link';
import { ReaderPageHeading } from '~/features/profiles/components/reader-page-heading';
import { FOCUS_RANKING_CACHE_TAG, focusReaderCacheTag } from '~/features/focus/cache';
import { ReaderFocaPage } from '~/features/focus/components/reader-foca';
import { FOCUS_READER_PETS_SHOWN } from '~/features/focus/policy';
import { getReaderFoca } from '~/features/focus/reader-page.server';
import { readerCacheTag } from '~/features/profiles/cache';
import { findProfileOwner } from '~/features/profiles/queries.server';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { orNotFound } from '~/server/errors';
import { getViewer } from '~/server/viewer.server';

/**
 * Visitors get the cached page (decision 0086), dropped at the commit of every close that credits minutes (totals,
 * XP, hatches: the rankings' tag), of the reader's own changes the profile shows (companion, level, visibility,
 * blocks, suspension, username: `reader:`) and of a pet renamed (`focus-reader:`).
 */
export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: page ? `Foca de ${page.reader.name} (@${page.reader.username}) · Maratona` : 'Página não encontrada · Maratona' },
];

/**
 * A reader's foca page (PRODUCT.md §J): as their profile's contents — public to everyone, restricted to followers;
 * missing, suspended, blocked either way or not allowed all answer the same 404. An old username moves (308).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await getViewer({ request, context });
  const owner = await findProfileOwner(viewer, params.username);
  if (!owner) throw data(null, { status: 404 });
  if ('movedTo' in owner) throw redirect(`/f/${owner.movedTo}`, 308);
  const { id, username, name, image } = owner.reader;
  const foca = await orNotFound(getReaderFoca(viewer, id, FOCUS_READER_PETS_SHOWN, owner.audience));
  const tags = [readerCacheTag(id), focusReaderCacheTag(id), FOCUS_RANKING_CACHE_TAG];
  return data({ reader: { username, name, image }, mine: owner.audience.relation === 'owner', foca }, { headers: { 'X-Cache-Tags': tags.join(',') } });
}

export default function ReaderFocaRoute({ loaderData }: Route.ComponentProps) {
  const { reader, foca, mine } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <ReaderPageHeading reader={reader} title={`Foca de ${reader.name}`}>
        <Link to={`/u/${reader.username}`}>@{reader.username}</Link>
        {mine ? (
          <>
            {' '}
            · <Link to="/foca">Sua sessão de foco</Link>
          </>
        ) : null}
      </ReaderPageHeading>
      <ReaderFocaPage foca={foca} owner={reader.name} />
    </div>
  );
}
