import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { groupReads } from '~/db/schema';
import { joinClub } from '~/features/clubs/membership.server';
import { createClub } from '~/features/clubs/mutations.server';
import { createGroupRead } from '~/features/lcs/mutations.server';
import { inviteToGroupRead, joinGroupRead, removeParticipant } from '~/features/lcs/participants.server';
import { saoPauloToday } from '~/features/lcs/policy';
import { addDays } from '~/features/lcs/schedule';
import type { GroupReadInput } from '~/features/lcs/validation';
import type { GroupReadVisibility } from '~/features/lcs/vocabulary';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { createEdition, createUser, testViewer, type TestUser } from './factories';

/** What the wizard hands createGroupRead for a public LC of one book in two etapas, starting in three days. */
export async function lcInput(overrides: Partial<GroupReadInput> = {}): Promise<GroupReadInput> {
  const edition = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], pages: 264 });
  const startsOn = addDays(saoPauloToday(), 3);
  return {
    title: 'LC de Torto Arado',
    description: 'Vamos ler juntos.',
    hostClubId: null,
    visibility: 'publico',
    participantCap: null,
    startsOn,
    endsOn: addDays(startsOn, 13),
    stageCount: 2,
    editions: [{ editionId: edition, pages: null }],
    stages: [
      { editionIndex: 0, unit: 'pages', fromNumber: 1, toNumber: 132, startsOn, endsOn: addDays(startsOn, 6) },
      { editionIndex: 0, unit: 'pages', fromNumber: 133, toNumber: 264, startsOn: addDays(startsOn, 7), endsOn: addDays(startsOn, 13) },
    ],
    materials: [{ title: 'Playlist', url: 'https://exemplo.com.br/playlist' }],
    ...overrides,
  };
}

/** Everyone the LCs' authorization matrix asks (PRODUCT.md §1.2, §F): each a reader with a session cookie. */
export const LC_ROLES_UNDER_TEST = [
  'visitante',
  'leitor',
  'participante',
  'convidado',
  'espera',
  'banido',
  'anfitriao',
  'membroDoClube',
  'adminDoSite',
] as const;
export type LcWho = (typeof LC_ROLES_UNDER_TEST)[number];

export type LcCast = {
  lc: { id: string; slug: string };
  users: Record<Exclude<LcWho, 'visitante'>, TestUser>;
  viewers: Record<Exclude<LcWho, 'visitante'>, Viewer>;
  cookie: (who: LcWho) => string | undefined;
};

const verified = (user: TestUser, role: Viewer['role'] = 'reader'): Viewer => ({ ...testViewer(user, role), emailVerified: true });

/**
 * An LC of a club (hosted by its owner, `anfitriao`) with one place, taken by `participante`; `espera` waits for
 * it, `convidado` (not in the club) is invited, `banido` was banned; `membroDoClube` is in the club only, `leitor` in nothing, and
 * `adminDoSite` is staff of the site. Built public, then given `visibility`.
 */
export async function createLcCast(visibility: GroupReadVisibility = 'publico'): Promise<LcCast> {
  const names = ['leitor', 'participante', 'convidado', 'espera', 'banido', 'anfitriao', 'membroDoClube', 'adminDoSite'] as const;
  const created = await Promise.all(names.map((name) => createUser({ verified: true, ...(name === 'adminDoSite' ? { role: 'admin' as const } : {}) })));
  const users = Object.fromEntries(names.map((name, i) => [name, created[i]!])) as LcCast['users'];
  const viewers = Object.fromEntries(names.map((name) => [name, verified(users[name], name === 'adminDoSite' ? 'admin' : 'reader')])) as LcCast['viewers'];
  const club = await createClub(viewers.anfitriao, { name: `Clube ${newId().slice(0, 6)}`, description: '', visibility: 'aberto', categories: [] });
  // The readers with a row in the LC are members of its club too, so the matrix reads the same for a club's LC.
  for (const name of ['membroDoClube', 'participante', 'espera', 'banido'] as const) await joinClub(viewers[name], club.id);
  const lc = await createGroupRead(viewers.anfitriao, await lcInput({ hostClubId: club.id, participantCap: 1 }));
  await joinGroupRead(viewers.participante, lc.id);
  await joinGroupRead(viewers.espera, lc.id);
  await joinGroupRead(viewers.banido, lc.id);
  await removeParticipant(viewers.anfitriao, lc.id, users.banido.id, true);
  await inviteToGroupRead(viewers.anfitriao, lc.id, users.convidado.username);
  if (visibility !== 'publico') await getDb().update(groupReads).set({ visibility }).where(eq(groupReads.id, lc.id));
  return { lc, users, viewers, cookie: (who) => (who === 'visitante' ? undefined : users[who].cookie) };
}
