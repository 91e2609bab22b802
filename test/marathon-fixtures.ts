import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { marathons } from '~/db/schema';
import { changeRole, joinClub } from '~/features/clubs/membership.server';
import { createClub } from '~/features/clubs/mutations.server';
import { addDays } from '~/features/lcs/schedule';
import { acceptMarathonNotice, createMarathon, joinMarathon, removeMarathonParticipant } from '~/features/marathons/mutations.server';
import { todayIn } from '~/lib/calendar';
import type { MarathonInput } from '~/features/marathons/validation';
import type { MarathonVisibility } from '~/features/marathons/vocabulary';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { createUser, testViewer, type TestUser } from './factories';

/**
 * What the wizard hands createMarathon: a public marathon organised by the reader, starting in three days, with
 * registration open since yesterday, one category of two challenges (the second revealed on its fifth day).
 */
export function marathonInput(overrides: Partial<MarathonInput> = {}): MarathonInput {
  const today = todayIn('America/Sao_Paulo');
  const startsOn = addDays(today, 3);
  const endsOn = addDays(startsOn, 13);
  return {
    name: 'Maratona de Verão',
    description: 'Vamos **ler** muito.',
    rules: 'Vale qualquer livro.',
    organizer: 'eu',
    timeZone: 'America/Sao_Paulo',
    startsOn,
    endsOn,
    registrationOpensOn: addDays(today, -1),
    registrationClosesOn: endsOn,
    mode: 'none',
    groups: [],
    categories: [{ name: 'Clássicos' }],
    challenges: [
      { category: 0, kind: 'leitura', description: 'Leia um clássico brasileiro', points: 3, revealsOn: null, level: null },
      { category: 0, kind: 'atividade', description: 'Poste uma foto da sua pilha', points: 1, revealsOn: addDays(startsOn, 4), level: null },
    ],
    visibility: 'publico',
    ...overrides,
  };
}

const verified = (user: TestUser, role: Viewer['role'] = 'reader'): Viewer => ({ ...testViewer(user, role), emailVerified: true });

/** A verified reader who accepted /maratonas/aviso. */
export async function noticeReader(role: Viewer['role'] = 'reader'): Promise<{ user: TestUser; viewer: Viewer }> {
  const user = await createUser({ verified: true, ...(role === 'admin' ? { role } : {}) });
  const viewer = verified(user, role);
  await acceptMarathonNotice(viewer);
  return { user, viewer };
}

/** Everyone the marathons' authorization matrix asks (PRODUCT.md §1.2, §G). */
export const MARATHON_ROLES_UNDER_TEST = [
  'visitante',
  'leitor',
  'participante',
  'banido',
  'organizador',
  'adminDoClube',
  'membroDoClube',
  'adminDoSite',
] as const;
export type MarathonWho = (typeof MARATHON_ROLES_UNDER_TEST)[number];

export type MarathonCast = {
  marathon: { id: string; slug: string };
  users: Record<Exclude<MarathonWho, 'visitante'>, TestUser>;
  viewers: Record<Exclude<MarathonWho, 'visitante'>, Viewer>;
  cookie: (who: MarathonWho) => string | undefined;
};

/**
 * A club's marathon, created by its owner (`organizador`); `adminDoClube` administers the club; `participante`
 * registered; `banido` registered and was banned; `membroDoClube` is in the club only, `leitor` in nothing;
 * `adminDoSite` is site staff. The readers with a row are club members too. Built public, then given `visibility`.
 */
export async function createMarathonCast(visibility: MarathonVisibility = 'publico'): Promise<MarathonCast> {
  const names = ['leitor', 'participante', 'banido', 'organizador', 'adminDoClube', 'membroDoClube', 'adminDoSite'] as const;
  const created = await Promise.all(names.map((name) => noticeReader(name === 'adminDoSite' ? 'admin' : 'reader')));
  const users = Object.fromEntries(names.map((name, i) => [name, created[i]!.user])) as MarathonCast['users'];
  const viewers = Object.fromEntries(names.map((name, i) => [name, created[i]!.viewer])) as MarathonCast['viewers'];
  const club = await createClub(viewers.organizador, { name: `Clube ${newId().slice(0, 6)}`, description: '', visibility: 'aberto', categories: [] });
  for (const name of ['membroDoClube', 'participante', 'banido', 'adminDoClube'] as const) await joinClub(viewers[name], club.id);
  await changeRole(viewers.organizador, club.id, users.adminDoClube.id, 'admin');
  const marathon = await createMarathon(viewers.organizador, marathonInput({ organizer: `clube:${club.id}` }));
  await joinMarathon(viewers.participante, marathon.id, null);
  await joinMarathon(viewers.banido, marathon.id, null);
  await removeMarathonParticipant(viewers.organizador, marathon.id, users.banido.id, true);
  if (visibility !== 'publico') await getDb().update(marathons).set({ visibility }).where(eq(marathons.id, marathon.id));
  return { marathon, users, viewers, cookie: (who) => (who === 'visitante' ? undefined : users[who].cookie) };
}
