/**
 * Who may do what in a club (PRODUCT.md §1.2, §E): one typed table from role to permissions, read by the pages
 * (to show a button) and by every data function (to refuse). Pure, so the UI may import it.
 */
import type { ClubRole, ClubVisibility, MembershipStatus, PostVisibility } from './vocabulary';

export const CLUB_PERMISSIONS = [
  /** Read members-only posts and threads, see the member directory, comment and react. */
  'take_part',
  /** Open a discussion thread on /comunidade. */
  'open_thread',
  /** Publish on /posts (members too when the club allows it: see mayPublishPosts). */
  'publish_post',
  /** Pin, edit and delete anyone's post or comment. */
  'moderate_posts',
  /** /admin/membros: approve or reject requests, invite, ban and unban members. */
  'manage_members',
  /** Make someone admin, moderator or member (never above one's own rank). */
  'change_roles',
  /** /admin, /admin/atividades, /admin/beneficios, /admin/personalizar, /admin/planos, the members' CSV. */
  'run_club',
  /** Hand the club to another member; only the owner. */
  'transfer_ownership',
] as const;
export type ClubPermission = (typeof CLUB_PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<ClubRole, ReadonlySet<ClubPermission>> = {
  owner: new Set(CLUB_PERMISSIONS),
  admin: new Set(['take_part', 'open_thread', 'publish_post', 'moderate_posts', 'manage_members', 'change_roles', 'run_club']),
  moderator: new Set(['take_part', 'open_thread', 'publish_post', 'moderate_posts', 'manage_members']),
  member: new Set(['take_part', 'open_thread']),
};

export const ROLE_RANK: Record<ClubRole, number> = { owner: 3, admin: 2, moderator: 1, member: 0 };

export const ROLE_LABELS: Record<ClubRole, string> = { owner: 'Dono', admin: 'Admin', moderator: 'Moderador', member: 'Membro' };
export const STATUS_LABELS: Record<MembershipStatus, string> = { active: 'Ativo', pending: 'Pendente', invited: 'Convidado', banned: 'Banido' };
export const CLUB_VISIBILITY_LABELS: Record<ClubVisibility, string> = {
  aberto: 'Aberto: qualquer leitor entra',
  moderado: 'Moderado: a equipe aprova os pedidos',
  privado: 'Privado: só por convite, fora do diretório',
};
export const POST_VISIBILITY_LABELS: Record<PostVisibility, string> = { publico: 'Público', membros: 'Só membros', plano: 'Membros de um plano' };

/** A viewer's standing in one club as the policy needs it; null when they have no row in it. */
export type MembershipStanding = {
  readonly role: ClubRole;
  readonly status: MembershipStatus;
  /** The position of the plan they hold now (a plan not ended), or null. */
  readonly planPosition: number | null;
};

/** Only an active membership carries its role's permissions: pending, invited and banned readers have none. */
export function can(standing: MembershipStanding | null, permission: ClubPermission): boolean {
  return standing?.status === 'active' && ROLE_PERMISSIONS[standing.role].has(permission);
}

/**
 * Whether the club exists for the viewer. A private club is seen by its active members and those invited to
 * it (to accept), and answers 404 to everyone else — the banned included.
 */
export function canSeeClub(club: { visibility: ClubVisibility }, standing: MembershipStanding | null): boolean {
  if (club.visibility !== 'privado') return true;
  return standing?.status === 'active' || standing?.status === 'invited';
}

/** Staff publish on /posts; members too when the club lets them. */
export function mayPublishPosts(club: { membersCanPost: boolean }, standing: MembershipStanding | null): boolean {
  return can(standing, 'publish_post') || (club.membersCanPost && can(standing, 'take_part'));
}

/**
 * Whether a post reads for the viewer: public posts for whoever sees the club; members' posts for active
 * members; a plan's posts for members holding that plan or one ranked after it. Staff read everything, and an
 * author their own.
 */
export function canReadPost(
  post: { visibility: PostVisibility; minPlanPosition: number | null; authorId: string | null },
  standing: MembershipStanding | null,
  viewerId: string | null,
): boolean {
  if (standing?.status === 'banned') return false;
  if (post.visibility === 'publico') return true;
  if (!can(standing, 'take_part')) return false;
  if (post.visibility === 'membros' || can(standing, 'moderate_posts') || (viewerId !== null && post.authorId === viewerId)) return true;
  // A plan post whose plan was deleted falls back to the staff (above) alone.
  return post.minPlanPosition !== null && standing!.planPosition !== null && standing!.planPosition >= post.minPlanPosition;
}

/** An actor may act on a member (ban, change role) only when they outrank them; the owner is never acted on. */
export function outranks(actor: MembershipStanding | null, target: { role: ClubRole }): boolean {
  return actor !== null && actor.status === 'active' && ROLE_RANK[actor.role] > ROLE_RANK[target.role];
}

/** The roles an actor may hand out: below their own rank (only the owner makes admins), never owner (that is a transfer). */
export function assignableRoles(actor: MembershipStanding | null): ClubRole[] {
  if (!can(actor, 'change_roles')) return [];
  return (['admin', 'moderator', 'member'] as const).filter((role) => ROLE_RANK[role] < ROLE_RANK[actor!.role]);
}

/** Why a paid plan cannot be taken yet: payments come with their own issue (§P), and nothing is charged meanwhile. */
export const PAID_PLANS_NOT_YET = 'Os planos pagos chegam com os pagamentos do Maratona, em breve. Por enquanto, nenhuma cobrança é feita.';

/**
 * Why a member holding a paid plan cannot swap it for a free one themselves (decision 0064): a click would drop
 * what an admin granted or what they paid for. Staff change it by hand; payments will cancel it at its period's end.
 */
export const PAID_PLAN_HELD = 'Você tem um plano pago neste clube, e ele não se troca por um gratuito aqui. Para deixá-lo, fale com a equipe do clube.';

/** Whether a membership holds a paid plan now: taken at a price, and not past the end of a cancelled period. */
export const holdsPaidPlan = (member: { planId: string | null; planPriceCents: number | null; planEndsAt: Date | null }, now = new Date()) =>
  member.planId !== null && (member.planPriceCents ?? 0) > 0 && (member.planEndsAt === null || member.planEndsAt > now);

export const CLUB_NAME_MAX = 80;
export const CLUB_DESCRIPTION_MAX = 5000;
export const CLUB_WELCOME_MAX = 1000;
export const CLUB_RULES_MAX = 5000;
export const CLUB_CATEGORIES_MAX = 3;
export const CLUB_POST_TITLE_MAX = 150;
export const CLUB_POST_MAX = 20_000;
export const CLUB_COMMENT_MAX = 2000;
/** Posts and threads a reader publishes an hour, in all clubs together (decision 0063; atts allow 60, PRODUCT.md §1.5). */
export const CLUB_POSTS_PER_HOUR = 20;
/** Comments a reader writes an hour on club posts and threads, in all clubs together. */
export const CLUB_COMMENTS_PER_HOUR = 60;
export const BAN_REASON_MAX = 500;
/** Clubs a reader may create (a guard against spam; staff raise it by hand if ever needed). */
export const CLUBS_OWNED_MAX = 10;
/** Clubs per page of the directory. */
export const DIRECTORY_PAGE_SIZE = 24;
