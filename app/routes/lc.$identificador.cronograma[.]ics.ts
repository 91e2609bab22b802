import type { Route } from './+types/lc.$identificador.cronograma[.]ics';
import { getGroupReadForFeedKey, scheduleFeed } from '~/features/lcs/feed.server';
import { loadGroupReadForRoute } from '~/features/lcs/page.server';
import { listStages } from '~/features/lcs/queries.server';

/**
 * The LC's etapas as an iCalendar feed, with the LC's access: a private LC (or a club's) is 404 to outsiders.
 * `?chave=` is a reader's personal key (schedulePath), for calendar apps that send no cookie; an old identificador
 * answers 308 with the key kept.
 */
export async function loader(args: Route.LoaderArgs) {
  const key = new URL(args.request.url).searchParams.get('chave');
  const lc = await loadGroupReadForRoute(args, key ? (_viewer, slug) => getGroupReadForFeedKey(slug, key) : undefined);
  const feed = scheduleFeed(lc, await listStages(lc.id), new URL(args.request.url).origin);
  return new Response(feed, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${lc.slug}.ics"`,
      // Only a public LC's feed is the same for everyone; a personal one (a key or a session) is that reader's alone.
      'Cache-Control': lc.visibility === 'publico' && !key && !args.request.headers.get('cookie') ? 'public, max-age=300' : 'private, no-store',
    },
  });
}
