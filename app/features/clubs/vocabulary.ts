/**
 * The words of clubs (PRODUCT.md §E, §1.2) as rows and forms store them. Who may enter a club and who may
 * read a post are in Portuguese, as the product names them in forms and URLs (like VISIBILITIES); roles,
 * statuses and kinds are code words with Portuguese labels in policy.ts.
 */

/** aberto: anyone joins; moderado: staff approve requests; privado: invitation only, 404 to outsiders. */
export const CLUB_VISIBILITIES = ['aberto', 'moderado', 'privado'] as const;
export type ClubVisibility = (typeof CLUB_VISIBILITIES)[number];

/** Exactly one owner per club; the order is rank, highest first. */
export const CLUB_ROLES = ['owner', 'admin', 'moderator', 'member'] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];

export const MEMBERSHIP_STATUSES = ['active', 'pending', 'invited', 'banned'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** A directory's categories (one to three per club), as slugs in rows and in /clubes?categoria=. */
export const CLUB_CATEGORIES = [
  'fantasia',
  'romance',
  'classicos',
  'nao-ficcao',
  'terror',
  'ficcao-cientifica',
  'young-adult',
  'literatura-brasileira',
  'quadrinhos',
  'poesia',
  'autoajuda',
  'geral',
] as const;
export type ClubCategory = (typeof CLUB_CATEGORIES)[number];

/** A club post's audience: everyone who may see the club, its active members, or members holding at least a plan. */
export const POST_VISIBILITIES = ['publico', 'membros', 'plano'] as const;
export type PostVisibility = (typeof POST_VISIBILITIES)[number];

/** A staff announcement on /posts, or a members' discussion thread on /comunidade. */
export const POST_KINDS = ['post', 'thread'] as const;
export type PostKind = (typeof POST_KINDS)[number];

export const BENEFIT_KINDS = ['exclusive_posts', 'exclusive_group_reads', 'discount_code', 'live', 'badge'] as const;
export type BenefitKind = (typeof BENEFIT_KINDS)[number];

/** LC do mês, a live meeting (encontro ao vivo) and a club marathon. */
export const ACTIVITY_KINDS = ['group_read', 'live', 'marathon'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
