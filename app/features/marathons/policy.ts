/**
 * Who may do what in a marathon (PRODUCT.md §1.2, §1.3, §G): one typed table from role to permissions, read by the
 * pages (to show a button) and by every data function (to refuse). Pure, so the UI may import it. Decision 0074.
 */
import type { MarathonParticipantStatus, MarathonPhase, MarathonVisibility } from './vocabulary';
import { todayIn } from '~/lib/calendar';

export const MARATHON_PERMISSIONS = [
  /** The marathon exists for the viewer: its page and its tabs. Without it, 404. */
  'see',
  /** Register (during the registration window). */
  'join',
  /** Leave it. */
  'leave',
  /** Edit it, add challenges, see the scheduled ones, remove or ban participants. */
  'manage',
  /** Have a board (/progresso): link editions, tick challenges. Active participants only (decision 0076). */
  'board',
] as const;
export type MarathonPermission = (typeof MARATHON_PERMISSIONS)[number];

/** A viewer's roles in one marathon: a row in it supersedes being a club member or a reader; organisers and site admins add theirs. */
export const MARATHON_ROLES = ['organizer', 'site_admin', 'participant', 'banned', 'club_member', 'reader', 'visitor'] as const;
export type MarathonRole = (typeof MARATHON_ROLES)[number];

const ALL: Record<MarathonVisibility, ReadonlySet<MarathonPermission>> = {
  publico: new Set(['see', 'join', 'manage']),
  clube: new Set(['see', 'join', 'manage']),
  privado: new Set(['see', 'join', 'manage']),
};

/**
 * What each role may do, by the marathon's visibility. A public marathon is seen by everyone and joined by any
 * reader; a club's by the club's members; a private one is seen only by its organisers, site admins and those
 * already in it, and takes no one new (an organiser prepares it there, then opens it).
 */
export const ROLE_PERMISSIONS: Record<MarathonRole, Record<MarathonVisibility, ReadonlySet<MarathonPermission>>> = {
  organizer: ALL,
  site_admin: { publico: new Set(['see', 'join', 'manage']), clube: new Set(['see', 'manage']), privado: new Set(['see', 'manage']) },
  participant: { publico: new Set(['see', 'leave', 'board']), clube: new Set(['see', 'leave', 'board']), privado: new Set(['see', 'leave', 'board']) },
  banned: { publico: new Set(['see']), clube: new Set(), privado: new Set() },
  club_member: { publico: new Set(['see', 'join']), clube: new Set(['see', 'join']), privado: new Set() },
  reader: { publico: new Set(['see', 'join']), clube: new Set(), privado: new Set() },
  visitor: { publico: new Set(['see']), clube: new Set(), privado: new Set() },
};

/** A viewer's standing in one marathon, as the policy needs it. */
export type MarathonStanding = {
  readonly signedIn: boolean;
  /** The reader who organises it, the owner or an admin of the club that does, or (official) a site admin. */
  readonly organizer: boolean;
  readonly siteAdmin: boolean;
  /** An active member of the organiser club. */
  readonly clubMember: boolean;
  readonly status: MarathonParticipantStatus | null;
};

export const VISITOR_STANDING: MarathonStanding = { signedIn: false, organizer: false, siteAdmin: false, clubMember: false, status: null };

export function rolesOf(standing: MarathonStanding): MarathonRole[] {
  const roles: MarathonRole[] = [];
  if (standing.organizer) roles.push('organizer');
  if (standing.siteAdmin) roles.push('site_admin');
  if (standing.status === 'active') roles.push('participant');
  else if (standing.status === 'banned') roles.push('banned');
  else if (standing.clubMember) roles.push('club_member');
  else roles.push(standing.signedIn ? 'reader' : 'visitor');
  return roles;
}

/** Whether the viewer has `permission`; someone already in it never joins again, a banned reader keeps only 'see' on a public one. */
export function can(marathon: { visibility: MarathonVisibility }, standing: MarathonStanding, permission: MarathonPermission): boolean {
  if (permission === 'join' && standing.status !== null) return false;
  // A club's marathon is for its members: leaving the club ends access (its organisers and site admins keep theirs).
  if (marathon.visibility === 'clube' && !standing.clubMember && !standing.organizer && !standing.siteAdmin) return false;
  return rolesOf(standing).some((role) => ROLE_PERMISSIONS[role][marathon.visibility].has(permission));
}

type Dated = { startsOn: string; endsOn: string; timeZone: string };

/** próxima before its first day, acontecendo through its last, encerrada after it: in the marathon's own time zone. */
export function phaseOf(marathon: Dated, now: Date = new Date()): MarathonPhase {
  const today = todayIn(marathon.timeZone, now);
  if (today > marathon.endsOn) return 'encerrada';
  return today < marathon.startsOn ? 'proxima' : 'acontecendo';
}

export type RegistrationState = 'em-breve' | 'aberta' | 'encerrada';

/** Registration takes readers from the first minute of its opening day to the last of its closing day, marathon time. */
export function registrationState(
  marathon: { registrationOpensOn: string; registrationClosesOn: string; timeZone: string },
  now: Date = new Date(),
): RegistrationState {
  const today = todayIn(marathon.timeZone, now);
  if (today < marathon.registrationOpensOn) return 'em-breve';
  return today > marathon.registrationClosesOn ? 'encerrada' : 'aberta';
}

/** Whether a challenge shows (to anyone, organisers' participant view included): no reveal day, or that day has begun there. */
export function isRevealed(challenge: { revealsOn: string | null }, timeZone: string, now: Date = new Date()): boolean {
  return challenge.revealsOn === null || challenge.revealsOn <= todayIn(timeZone, now);
}

export const PHASE_LABELS: Record<MarathonPhase, string> = { proxima: 'Próxima', acontecendo: 'Acontecendo', encerrada: 'Encerrada' };
export const REGISTRATION_LABELS: Record<RegistrationState, string> = {
  'em-breve': 'Inscrições em breve',
  aberta: 'Inscrições abertas',
  encerrada: 'Inscrições encerradas',
};
export const VISIBILITY_LABELS: Record<MarathonVisibility, string> = {
  publico: 'Pública: qualquer pessoa vê e se inscreve',
  clube: 'Do clube: só membros do clube veem e se inscrevem',
  privado: 'Privada: só quem organiza vê (para preparar antes de abrir)',
};
export const BOARD_ONLY_PARTICIPANTS = 'Só quem participa da maratona tem um quadro: inscreva-se para ter o seu.';
export const BANNED_MESSAGE = 'Você não pode mais participar desta maratona: quem organiza encerrou sua participação.';

export const MARATHON_NAME_MAX = 120;
export const MARATHON_TEXT_MAX = 10000;
export const MARATHON_LEVELS_MAX = 6;
export const MARATHON_TEAMS_MAX = 8;
export const MARATHON_CATEGORIES_MAX = 20;
export const MARATHON_CHALLENGES_MAX = 200;
export const CHALLENGE_DESCRIPTION_MAX = 500;
export const CHALLENGE_POINTS_MAX = 1000;
/** A challenge link's comment (PRODUCT.md §G "vinculados"). */
export const LINK_COMMENT_MAX = 1000;
/** Editions one reader may link to one challenge. */
export const LINKS_PER_CHALLENGE_MAX = 10;
/** Shelf entries the board's "vincular" search answers. */
export const BOARD_SEARCH_LIMIT = 12;
/** How long a marathon may last, in days (the community's run from a weekend to a season). */
export const MARATHON_DAYS_MAX = 120;
/** Community marathons one reader may organise at once (open or upcoming): a guard against spam. */
export const MARATHONS_ORGANIZED_MAX = 10;
export const DIRECTORY_PAGE_SIZE = 24;
/** Participants a page, on the participants tab and in Gerenciar. */
export const PARTICIPANTS_PAGE_SIZE = 100;
/** Rows a page of the ranking (`?pagina=`). */
export const RANKING_PAGE_SIZE = 50;
/** Marathons on /home's "Maratonas" card at most (the one ending first comes first). */
export const HOME_MARATHONS_MAX = 4;
