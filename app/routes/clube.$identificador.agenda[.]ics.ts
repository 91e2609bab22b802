import { data, redirect } from 'react-router';
import type { Route } from './+types/clube.$identificador.agenda[.]ics';
import { getAgendaFeed } from '~/features/clubs/activities/feed.server';
import { findClubRedirect } from '~/features/clubs/queries.server';
import { clubSlugParam } from '~/features/clubs/validation';
import { orNotFound } from '~/server/errors';
import { getViewer } from '~/server/viewer.server';

/**
 * /clube/{identificador}/agenda.ics: the club's activities as an iCalendar feed, with the club's access (a
 * private club: 404 to outsiders). `?chave=` is a member's personal key, for calendar apps that send no cookie.
 */
export async function loader(args: Route.LoaderArgs) {
  const slug = clubSlugParam.safeParse(args.params.identificador);
  if (!slug.success) throw data(null, { status: 404 });
  const url = new URL(args.request.url);
  const key = url.searchParams.get('chave');
  const feed = await orNotFound(getAgendaFeed(await getViewer(args), slug.data, key));
  if (feed === null) {
    const moved = await findClubRedirect(slug.data);
    if (moved) throw redirect(`/clube/${moved}/agenda.ics${url.search}`, 308);
    throw data(null, { status: 404 });
  }
  return new Response(feed, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${slug.data}.ics"`,
      // A personal feed (a key or a session) is that member's alone; the public one may be kept briefly.
      'Cache-Control': key || args.request.headers.get('cookie') ? 'private, no-store' : 'public, max-age=300',
    },
  });
}
