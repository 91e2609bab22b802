import { eq, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { clubs } from '~/db/schema';
import { AppError } from '~/server/errors';
import { getEnv } from '~/server/env.server';
import { feedKey, feedKeyHolder } from '~/server/feed-keys.server';
import type { Viewer } from '~/server/viewer.server';
import { ACTIVITY_KIND_LABELS } from '../labels';
import { can, canSeeClub, type MembershipStanding } from '../policy';
import { requireClubAccess, standingOf } from '../standing.server';
import type { ActivityKind } from '../vocabulary';
import { type CalendarEvent, buildCalendar } from './ical';
import { UPCOMING_ACTIVITIES_MAX } from './queries.server';

/**
 * The club's agenda as an iCalendar feed (/clube/{id}/agenda.ics, docs/decisions/0059). A calendar app sends no
 * cookie, so each active member gets a personal address: `?chave={userId}.{HMAC}` (feed-keys.server.ts). It
 * reads as that member while they are an active member (leaving or a ban ends it at once) and shows live
 * meetings' links, which are for members only; without a key the feed is the club's public face.
 */
const LIVE_DEFAULT_MS = 3600 * 1000;
/** How far back the feed reaches, so a calendar keeps last month's meetings. */
const PAST_DAYS = 90;

const agendaScope = (clubId: string) => `club-agenda:${clubId}`;

export const agendaKey = (clubId: string, userId: string): string => feedKey(agendaScope(clubId), userId);

/** The member whose key this is, or null for a key that is malformed or was not signed for this club. */
export const keyHolder = (clubId: string, key: string): string | null => feedKeyHolder(agendaScope(clubId), key);

/** The agenda's address for this viewer: a personal one (to subscribe to in a calendar app) for active members. */
export function agendaPath(club: { id: string; slug: string; standing: MembershipStanding | null }, viewer: Viewer | null): string {
  const base = `/clube/${club.slug}/agenda.ics`;
  return viewer && can(club.standing, 'take_part') ? `${base}?chave=${encodeURIComponent(agendaKey(club.id, viewer.id))}` : base;
}

/** Who reads the feed: a valid key's holder, else the signed-in viewer (a browser's download), else a visitor. */
async function feedReader(viewer: Viewer | null, clubId: string, key: string | null): Promise<{ standing: MembershipStanding | null }> {
  const db = getDb();
  const holder = key ? keyHolder(clubId, key) : null;
  if (holder) {
    const [club] = await db.select({ visibility: clubs.visibility }).from(clubs).where(eq(clubs.id, clubId));
    if (!club) throw new AppError('not_found');
    const standing = await standingOf(db, clubId, holder);
    if (can(standing, 'take_part')) return { standing };
    // A key whose holder left or was banned reads as no one: a private club is then not_found.
    if (!canSeeClub(club, null)) throw new AppError('not_found');
    return { standing: null };
  }
  return requireClubAccess(db, viewer, clubId, null);
}

/**
 * The feed's text for whoever asks, by the club's current identificador (null: no club has it now); a private
 * club is not_found to anyone but its members. Found by slug before the viewer is asked, as a calendar app
 * holding a member's key has no session.
 */
export async function getAgendaFeed(viewer: Viewer | null, slug: string, key: string | null): Promise<string | null> {
  const [club] = await getDb().select({ id: clubs.id, slug: clubs.slug, name: clubs.name }).from(clubs).where(eq(clubs.slug, slug));
  if (!club) return null;
  const { standing } = await feedReader(viewer, club.id, key);
  const member = can(standing, 'take_part');
  const rows = await queryRows<{
    id: string;
    kind: ActivityKind;
    title: string;
    description: string;
    starts_at: Date;
    ends_at: Date | null;
    link: string | null;
    edition_id: string | null;
    edition_title: string | null;
  }>(sql`
    SELECT a.id, a.kind, a.title, a.description, a.starts_at, a.ends_at, a.link, e.id AS edition_id, e.title AS edition_title
    FROM club_activities a LEFT JOIN editions e ON e.id = a.edition_id
    WHERE a.club_id = ${club.id} AND coalesce(a.ends_at, a.starts_at) >= now() - make_interval(days => ${PAST_DAYS})
    ORDER BY a.starts_at, a.id LIMIT ${UPCOMING_ACTIVITIES_MAX * 2}`);
  const origin = getEnv().publicUrl;
  const host = new URL(origin).host;
  const clubUrl = `${origin}/clube/${club.slug}`;
  const events = rows.map((row): CalendarEvent => {
    const start = new Date(row.starts_at);
    const parts = [
      ACTIVITY_KIND_LABELS[row.kind],
      row.description,
      row.edition_id ? `Livro: ${row.edition_title ?? ''} — ${origin}/ed/${row.edition_id}` : '',
      row.kind === 'live' && row.link && member ? `Link do encontro: ${row.link}` : '',
      `Clube: ${clubUrl}`,
    ];
    return {
      uid: `club-activity-${row.id}@${host}`,
      start,
      end: row.ends_at ? new Date(row.ends_at) : new Date(start.getTime() + LIVE_DEFAULT_MS),
      summary: row.title,
      description: parts.filter(Boolean).join('\n\n'),
      url: row.kind === 'live' && row.link && member ? row.link : clubUrl,
    };
  });
  return buildCalendar({ name: `${club.name} · Maratona`, description: `Atividades do clube ${club.name} no Maratona`, events, now: new Date() });
}
