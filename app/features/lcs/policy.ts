/**
 * Who may do what in an LC (PRODUCT.md §1.2, §1.3, §F): one typed table from role to permissions, read by the
 * pages (to show a button) and by every data function (to refuse). Pure, so the UI may import it.
 */
import type { GroupReadPhase, GroupReadVisibility, ParticipantStatus } from './vocabulary';

export const GROUP_READ_PERMISSIONS = [
  /** The LC exists for the viewer: its page, its tabs, its feed. Without it, 404. */
  'see',
  /** Join (or take a place on the waiting list); for an invited reader, accept. */
  'join',
  /** Leave, give up a place on the waiting list, or decline an invitation. */
  'leave',
  /** Read along: what participants do (the discussion and progress build on it). */
  'take_part',
  /** Edit, shift the schedule, invite, remove or ban participants, close early. */
  'manage',
] as const;
export type GroupReadPermission = (typeof GROUP_READ_PERMISSIONS)[number];

/**
 * A viewer's roles in one LC. A reader with a row in the LC has its status as role (it supersedes being a club
 * member or a reader); the host and a site admin add theirs to it.
 */
export const GROUP_READ_ROLES = ['host', 'site_admin', 'participant', 'invited', 'waiting', 'banned', 'club_member', 'reader', 'visitor'] as const;
export type GroupReadRole = (typeof GROUP_READ_ROLES)[number];

/**
 * What each role may do, by the LC's visibility. A public LC is seen by everyone; a club's by its members, the
 * host and those with a place in it; a private one by the host and those invited or with a place (everyone else,
 * the banned included, gets 404). Joining needs the visibility's audience: anyone for public, the club's members
 * for clube, an invitation for privado.
 */
export const ROLE_PERMISSIONS: Record<GroupReadRole, Record<GroupReadVisibility, ReadonlySet<GroupReadPermission>>> = {
  host: {
    publico: new Set(['see', 'join', 'take_part', 'manage']),
    clube: new Set(['see', 'join', 'take_part', 'manage']),
    privado: new Set(['see', 'join', 'take_part', 'manage']),
  },
  site_admin: { publico: new Set(['see', 'manage']), clube: new Set(['see', 'manage']), privado: new Set(['see', 'manage']) },
  participant: {
    publico: new Set(['see', 'take_part', 'leave']),
    clube: new Set(['see', 'take_part', 'leave']),
    privado: new Set(['see', 'take_part', 'leave']),
  },
  invited: { publico: new Set(['see', 'join', 'leave']), clube: new Set(['see', 'join', 'leave']), privado: new Set(['see', 'join', 'leave']) },
  waiting: { publico: new Set(['see', 'leave']), clube: new Set(['see', 'leave']), privado: new Set(['see', 'leave']) },
  banned: { publico: new Set(['see']), clube: new Set(), privado: new Set() },
  club_member: { publico: new Set(['see', 'join']), clube: new Set(['see', 'join']), privado: new Set() },
  reader: { publico: new Set(['see', 'join']), clube: new Set(), privado: new Set() },
  visitor: { publico: new Set(['see']), clube: new Set(), privado: new Set() },
};

/** A viewer's standing in one LC, as the policy needs it. */
export type GroupReadStanding = {
  readonly signedIn: boolean;
  /** The LC's host: the reader who hosts it, or staff (owner, admin) of the club that does. */
  readonly host: boolean;
  readonly siteAdmin: boolean;
  /** An active member of the host club. */
  readonly clubMember: boolean;
  /** Their row in the LC, if any. */
  readonly status: ParticipantStatus | null;
  /** Their place on the waiting list (1 = next in). */
  readonly waitingPlace: number | null;
};

export const VISITOR_STANDING: GroupReadStanding = { signedIn: false, host: false, siteAdmin: false, clubMember: false, status: null, waitingPlace: null };

const STATUS_ROLE: Record<ParticipantStatus, GroupReadRole> = { active: 'participant', invited: 'invited', waiting: 'waiting', banned: 'banned' };

export function rolesOf(standing: GroupReadStanding): GroupReadRole[] {
  const roles: GroupReadRole[] = [];
  if (standing.host) roles.push('host');
  if (standing.siteAdmin) roles.push('site_admin');
  if (standing.status) roles.push(STATUS_ROLE[standing.status]);
  else if (standing.clubMember) roles.push('club_member');
  else roles.push(standing.signedIn ? 'reader' : 'visitor');
  return roles;
}

/** Whether the viewer has `permission` in an LC of this visibility; a banned reader keeps only 'see' on a public one. */
export function can(lc: { visibility: GroupReadVisibility }, standing: GroupReadStanding, permission: GroupReadPermission): boolean {
  const roles = rolesOf(standing);
  // A club's LC is for its members: leaving the club, or a ban from it, ends the reader's access at once (an
  // invitation from its hosts still opens it).
  if (lc.visibility === 'clube' && !standing.clubMember && !standing.host && !standing.siteAdmin && standing.status !== 'invited') return false;
  if (standing.status === 'banned' && permission !== 'see' && !roles.includes('host') && !roles.includes('site_admin')) return false;
  return roles.some((role) => ROLE_PERMISSIONS[role][lc.visibility].has(permission));
}

/** "Today" in São Paulo as YYYY-MM-DD (Brazil keeps UTC−3 all year since 2019). */
export function saoPauloToday(now: Date = new Date()): string {
  return new Date(now.getTime() - 3 * 3600 * 1000).toISOString().slice(0, 10);
}

/** abertas before the first day, em andamento through the last, encerradas after it or once closed early. */
export function phaseOf(lc: { startsOn: string; endsOn: string; closedEarlyAt: Date | string | null }, today: string = saoPauloToday()): GroupReadPhase {
  if (lc.closedEarlyAt || today > lc.endsOn) return 'encerrada';
  return today < lc.startsOn ? 'aberta' : 'em-andamento';
}

export const PHASE_LABELS: Record<GroupReadPhase, string> = { aberta: 'Aberta', 'em-andamento': 'Em andamento', encerrada: 'Encerrada' };
export const VISIBILITY_LABELS: Record<GroupReadVisibility, string> = {
  publico: 'Pública: qualquer pessoa vê e entra',
  clube: 'Do clube: só membros do clube veem e entram',
  privado: 'Privada: só por convite, fora do diretório',
};
/** What a banned reader reads on the LC and when they try to act in it (neutral: it speaks to anyone). */
export const BANNED_MESSAGE = 'Você não pode mais participar desta LC: quem organiza encerrou sua participação.';

export const PARTICIPANT_STATUS_LABELS: Record<ParticipantStatus, string> = {
  active: 'Participando',
  invited: 'Convite enviado',
  waiting: 'Na lista de espera',
  banned: 'Banimento',
};

export const GROUP_READ_TITLE_MAX = 120;
export const GROUP_READ_DESCRIPTION_MAX = 5000;
/** Editions one LC reads at most, and etapas in its schedule. */
export const GROUP_READ_EDITIONS_MAX = 10;
export const GROUP_READ_STAGES_MAX = 120;
export const GROUP_READ_MATERIALS_MAX = 30;
export const MATERIAL_TITLE_MAX = 120;
/** How long an LC may last, in days (a year: reading lists of a whole year are the longest the community runs). */
export const GROUP_READ_DAYS_MAX = 366;
/** LCs one reader may host at once (a guard against spam, like the clubs' own). */
export const GROUP_READS_HOSTED_MAX = 20;
export const DIRECTORY_PAGE_SIZE = 24;
/** Invitations one host sends in an hour (PRODUCT.md §1.5: every action that reaches others is rate limited). */
export const GROUP_READ_INVITATIONS_PER_HOUR = 30;

/** Characters of one comment in an LC's discussion at most. */
export const GROUP_READ_COMMENT_MAX = 2000;

/** A material file: a PDF up to 10 MB (a reading guide, a map), or an image under the site's image rules (5 MB). */
export const MATERIAL_PDF_MAX_BYTES = 10 * 1024 * 1024;
/** Material files one reader may upload an hour, PDFs and images together (images count in the image limit too). */
export const MATERIAL_FILES_PER_HOUR = 20;
