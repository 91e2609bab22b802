import { FOCUS_DAILY_CAP_MINUTES, FOCUS_FINISH_GRACE_MINUTES, type FocusSessionStatus } from './vocabulary';

/** /foca lists the latest few sessions; /foca/logs pages through all of them. */
export const FOCUS_RECENT_MAX = 5;
export const FOCUS_LOGS_PAGE_SIZE = 20;
/** /foca/logs shows the latest game events (eggs received and hatched, levels) above the sessions. */
export const FOCUS_EVENTS_SHOWN = 20;
/** A reader's foca page (/f/{username}) shows this many pets, the companion first. */
export const FOCUS_READER_PETS_SHOWN = 24;
/** The profile's foca tab shows the companion and up to this many other pets (decision 0086). */
export const FOCUS_PROFILE_OTHER_PETS_SHOWN = 6;
/** "Recent" sessions on a reader's foca page: those of the last this many days. */
export const FOCUS_RECENT_DAYS = 30;

const MINUTE_MS = 60_000;

/** Whole minutes between two instants (never negative). */
export const wholeMinutes = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / MINUTE_MS));

/**
 * What a session earns when it closes, and the moment it counts at (decision 0079): finished or expired, the full
 * planned minutes at its end; given up, half the whole minutes elapsed (rounded down) at that moment.
 */
export function closingCredit(
  status: Exclude<FocusSessionStatus, 'running'>,
  session: { planned_minutes: number; started_at: Date; ends_at: Date; now: Date },
): { minutes: number; at: Date } {
  if (status !== 'given_up') return { minutes: session.planned_minutes, at: session.ends_at };
  const at = session.now < session.ends_at ? session.now : session.ends_at;
  return { minutes: Math.floor(Math.min(wholeMinutes(session.started_at, at), session.planned_minutes) / 2), at };
}

/** Past the grace after its end: nobody came to finish it, so it closes as `expired` (closing.server's expiredSql). */
export const pastGrace = (session: { ends_at: Date; now: Date }) => session.now.getTime() > session.ends_at.getTime() + FOCUS_FINISH_GRACE_MINUTES * MINUTE_MS;

/**
 * How a session the reader closes ends, by the database's clock: before its end, given up; once its end has passed,
 * finished (the full minutes, whatever the button said: "Desistir" pressed after the end is not a give-up); past the
 * grace, expired, as the sweep would have closed it.
 */
export function closingStatus(session: { ends_at: Date; now: Date }): Exclude<FocusSessionStatus, 'running'> {
  if (session.now < session.ends_at) return 'given_up';
  return pastGrace(session) ? 'expired' : 'finished';
}

/** What is left of the day's 16 hours. */
export const dailyMinutesLeft = (used: number) => Math.max(0, FOCUS_DAILY_CAP_MINUTES - used);

/** /foca/ranking's page size (as the marathons' ranking, decision 0081); /f lists the top few of each period. */
export const FOCUS_RANKING_PAGE_SIZE = 50;
export const FOCUS_TOP_PLAYERS = 10;
