import type { Route } from './+types/lc.$identificador.cronograma[.]ics';
import { scheduleFeed } from '~/features/lcs/feed.server';
import { loadGroupReadForRoute } from '~/features/lcs/page.server';
import { listStages } from '~/features/lcs/queries.server';

/** The LC's etapas as an iCalendar feed, with the LC's access: a private LC (or a club's) is 404 to outsiders. */
export async function loader(args: Route.LoaderArgs) {
  const lc = await loadGroupReadForRoute(args);
  const feed = scheduleFeed(lc, await listStages(lc.id), new URL(args.request.url).origin);
  return new Response(feed, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${lc.slug}.ics"`,
      // Only a public LC's feed is the same for everyone.
      'Cache-Control': lc.visibility === 'publico' && !args.request.headers.get('cookie') ? 'public, max-age=300' : 'private, no-store',
    },
  });
}
