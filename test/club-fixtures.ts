import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { clubPlans, clubs } from '~/db/schema';
import { answerJoinRequest, banMember, changeRole, grantPlan, inviteMember, joinClub } from '~/features/clubs/membership.server';
import { createClub } from '~/features/clubs/mutations.server';
import type { ClubPostContent } from '~/features/clubs/posts/mutations.server';
import type { ClubVisibility, PostVisibility } from '~/features/clubs/vocabulary';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { createUser, testViewer, type TestUser } from './factories';

/** Everyone the clubs' authorization matrix asks (PRODUCT.md §1.2, issue 27): each a reader with a session cookie. */
export const CLUB_ROLES_UNDER_TEST = [
  'visitante',
  'naoMembro',
  'pendente',
  'convidado',
  'membro',
  'membroComPlano',
  'moderador',
  'admin',
  'dono',
  'banido',
  'adminDoSite',
] as const;
export type ClubWho = (typeof CLUB_ROLES_UNDER_TEST)[number];

export type ClubCast = {
  club: { id: string; slug: string };
  /** A plan ranked above the free one, held by `membroComPlano`. */
  plans: { free: string; paid: string };
  users: Record<Exclude<ClubWho, 'visitante'>, TestUser>;
  viewers: Record<Exclude<ClubWho, 'visitante'>, Viewer>;
  /** The cookie a request carries for each role (none for the visitor). */
  cookie: (who: ClubWho) => string | undefined;
};

const verified = (user: TestUser, role: Viewer['role'] = 'reader'): Viewer => ({ ...testViewer(user, role), emailVerified: true });

/**
 * A club with one reader of every standing: its owner, an admin, a moderator, a member, a member holding the
 * paid plan, a reader whose request waits, an invited reader, a banned one, a reader with no tie to it and a
 * site admin who is not a member. Built as a moderated club, then given `visibility`.
 */
export async function createClubCast(visibility: ClubVisibility = 'moderado'): Promise<ClubCast> {
  const names = ['naoMembro', 'pendente', 'convidado', 'membro', 'membroComPlano', 'moderador', 'admin', 'dono', 'banido', 'adminDoSite'] as const;
  const created = await Promise.all(names.map((name) => createUser({ verified: true, ...(name === 'adminDoSite' ? { role: 'admin' as const } : {}) })));
  const users = Object.fromEntries(names.map((name, i) => [name, created[i]!])) as ClubCast['users'];
  const viewers = Object.fromEntries(names.map((name) => [name, verified(users[name], name === 'adminDoSite' ? 'admin' : 'reader')])) as ClubCast['viewers'];
  const club = await createClub(viewers.dono, {
    name: `Clube ${newId().slice(0, 6)}`,
    description: 'Um clube de teste.',
    visibility: 'moderado',
    categories: ['geral'],
  });
  const free = newId();
  const paid = newId();
  await getDb()
    .insert(clubPlans)
    .values([
      { id: free, clubId: club.id, name: 'Leitor', priceCents: 0, position: 0 },
      { id: paid, clubId: club.id, name: 'Mecenas', priceCents: 1990, position: 1 },
    ]);
  for (const name of ['membro', 'membroComPlano', 'moderador', 'admin', 'banido'] as const) {
    await joinClub(viewers[name], club.id);
    await answerJoinRequest(viewers.dono, club.id, users[name].id, true);
  }
  await changeRole(viewers.dono, club.id, users.admin.id, 'admin');
  await changeRole(viewers.dono, club.id, users.moderador.id, 'moderator');
  await grantPlan(viewers.dono, club.id, users.membroComPlano.id, paid);
  await banMember(viewers.dono, club.id, users.banido.id, 'Desrespeitou as regras.');
  await joinClub(viewers.pendente, club.id);
  await inviteMember(viewers.dono, club.id, users.convidado.username);
  if (visibility !== 'moderado') {
    await getDb().update(clubs).set({ visibility }).where(eq(clubs.id, club.id));
  }
  return { club, plans: { free, paid }, users, viewers, cookie: (who) => (who === 'visitante' ? undefined : users[who].cookie) };
}

/** What createClubPost takes for a post (kind `post`) titled `title`, its text in Markdown naming it. */
export const clubPost = (title: string, visibility: PostVisibility = 'membros', minPlanId: string | null = null): ClubPostContent => ({
  kind: 'post',
  content: { title, body: `Texto de **${title}**.`, visibility, minPlanId },
});
