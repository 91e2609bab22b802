import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { editions as editionsTable, clubs, marathonLevels, marathonTeams, marathons } from '~/db/schema';
import { viewersOf } from '~/features/clubs/seed.server';
import { addDays } from '~/features/lcs/schedule';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import type { Viewer } from '~/server/viewer.server';
import { getBoard, linkEdition, searchShelfForBoard, tickChallenge, updateLink } from './board.server';
import { creditReading } from './counting.server';
import { acceptMarathonNotice, createMarathon, joinMarathon } from './mutations.server';
import { todayIn } from '~/lib/calendar';
import type { MarathonInput } from './validation';

type DemoChallenge = { category: number; kind: 'leitura' | 'atividade'; description: string; points: number; revealsIn?: number; level?: number };

type DemoMarathon = {
  name: string;
  /** A username; `oficial` marathons are created by ana_admin for the site. */
  organizer: string;
  organizerKind: 'oficial' | 'leitor' | 'clube';
  club?: string;
  description: string;
  rules: string;
  /** Days from today to its first day (negative: it has started), and how many days it lasts. */
  startsIn: number;
  days: number;
  mode: MarathonInput['mode'];
  groups: string[];
  categories: string[];
  challenges: DemoChallenge[];
  /** Who registers, with the position of their level or team. */
  participants: [username: string, group: number | null][];
};

/**
 * The demo marathons (issue 29): an official one with levels, running, with a challenge still to be revealed; a
 * community one with two teams, opening soon; and a club's one that has ended.
 */
export const DEMO_MARATHONS: DemoMarathon[] = [
  {
    name: 'Maratona Literária de Verão',
    organizer: 'ana_admin',
    organizerKind: 'oficial',
    description: 'A maratona oficial do Maratona: duas semanas de leitura, desafios revelados aos poucos e **três níveis** para cada ritmo.',
    rules: '- Vale livro físico, e-book e audiolivro\n- Cada livro conta para um desafio de leitura\n- Os níveis são cumulativos: o hardcore faz tudo',
    startsIn: -3,
    days: 14,
    mode: 'levels',
    groups: ['Principiante', 'Intermediário', 'Hardcore'],
    categories: ['Clássicos brasileiros', 'Fora da zona de conforto'],
    challenges: [
      { category: 0, kind: 'leitura', description: 'Leia um livro de Machado de Assis', points: 3 },
      { category: 0, kind: 'leitura', description: 'Leia um romance regionalista', points: 3, level: 1 },
      { category: 1, kind: 'leitura', description: 'Leia um livro de mais de 500 páginas', points: 5, level: 2 },
      { category: 1, kind: 'atividade', description: 'Poste uma foto da sua pilha da maratona', points: 1 },
      { category: 1, kind: 'atividade', description: 'Desafio surpresa da segunda semana', points: 2, revealsIn: 4 },
    ],
    participants: [
      ['lia_leitora', 1],
      ['beto_leitor', 0],
      ['joana_moura', 2],
    ],
  },
  {
    name: 'Reino Perdido: Norte contra Sul',
    organizer: 'lia_leitora',
    organizerKind: 'leitor',
    description: 'Dois reinos disputam quem lê mais fantasia em dez dias. Escolha seu lado na inscrição.',
    rules: 'Só vale fantasia. Cada desafio cumprido soma pontos para o seu reino.',
    startsIn: 5,
    days: 10,
    mode: 'teams',
    groups: ['Reino do Norte', 'Reino do Sul'],
    categories: ['Fantasia'],
    challenges: [
      { category: 0, kind: 'leitura', description: 'Leia uma fantasia escrita por uma autora brasileira', points: 3 },
      { category: 0, kind: 'atividade', description: 'Desenhe o mapa do seu reino', points: 1, revealsIn: 8 },
    ],
    participants: [
      ['beto_leitor', 0],
      ['marcos_tavares', 1],
      ['rafaela_lima', 0],
    ],
  },
  {
    name: 'Maratona de Inverno do Clube da Foca',
    organizer: 'lia_leitora',
    organizerKind: 'clube',
    club: 'Clube da Foca',
    description: 'A maratona de inverno do clube: uma semana de contos e poesia.',
    rules: '',
    startsIn: -40,
    days: 7,
    mode: 'none',
    groups: [],
    categories: ['Contos', 'Poesia'],
    challenges: [
      { category: 0, kind: 'leitura', description: 'Leia um livro de contos', points: 2 },
      { category: 1, kind: 'leitura', description: 'Leia um livro de poemas', points: 2 },
    ],
    participants: [
      ['lia_leitora', null],
      ['camila_rocha', null],
      ['tiago_nunes', null],
    ],
  },
];

/**
 * One participant's board, through the board's own functions at `now`: each leitura challenge of their level gets a
 * book of their shelf (a few put there when the shelf is short) at 100 % and complete, 60 % or 30 %, by turns; every
 * other atividade is ticked; and the pages and minutes of a couple of days of reading are credited.
 */
async function seedDemoBoard(reader: Viewer, marathonId: string, turn: number, now: Date): Promise<void> {
  const board = await getBoard(reader, marathonId, now);
  const challenges = board.categories.flatMap((c) => c.challenges);
  let shelf = await searchShelfForBoard(reader, marathonId, '');
  if (shelf.length < challenges.length) {
    const editions = await getDb()
      .select({ id: editionsTable.id })
      .from(editionsTable)
      .orderBy(editionsTable.title)
      .limit(challenges.length + turn + 1);
    for (const edition of editions.slice(turn)) await setShelfStatus(reader, edition.id, 'reading', { onlyIfAbsent: true });
    shelf = await searchShelfForBoard(reader, marathonId, '');
  }
  for (const [j, challenge] of challenges.entries()) {
    const step = (turn + j) % 3;
    if (challenge.kind === 'atividade') {
      if (step !== 1) await tickChallenge(reader, marathonId, challenge.id, true, now);
      continue;
    }
    const book = shelf[(turn + j) % shelf.length];
    if (!book) continue;
    await linkEdition(reader, marathonId, challenge.id, book.edition.id, now);
    const [link] = (await getBoard(reader, marathonId, now)).categories.flatMap((c) => c.challenges).find((c) => c.id === challenge.id)!.links;
    const comment = step === 0 ? 'Terminei! Recomendo muito.' : null;
    await updateLink(
      reader,
      marathonId,
      link!.id,
      { progress: [100, 60, 30][step]!, complete: step === 0, rating: step === 0 ? 4.5 : null, comment, markedOn: null },
      now,
    );
  }
  await getDb().transaction((tx) => creditReading(tx, { userId: reader.id, pages: 180 + 95 * turn, minutes: 40 * turn, at: now }));
}

/** Seeds the demo marathons (skipping any that exists) through the wizard's and the join button's functions: answers how many it created. */
export async function seedDemoMarathons(): Promise<number> {
  const viewers = await viewersOf([...new Set(DEMO_MARATHONS.flatMap((m) => [m.organizer, ...m.participants.map(([u]) => u)]))]);
  const who = (username: string): Viewer => {
    const viewer = viewers.get(username);
    if (!viewer) throw new Error(`Demo reader ${username} is missing`);
    return viewer;
  };
  const today = todayIn('America/Sao_Paulo');
  let created = 0;
  for (const demo of DEMO_MARATHONS) {
    const [existing] = await getDb().select({ id: marathons.id }).from(marathons).where(eq(marathons.name, demo.name));
    if (existing) continue;
    const clubId = demo.club ? (await getDb().select({ id: clubs.id }).from(clubs).where(eq(clubs.name, demo.club)))[0]?.id : undefined;
    if (demo.club && !clubId) continue;
    const organizer = demo.organizerKind === 'oficial' ? { ...who(demo.organizer), role: 'admin' as const } : who(demo.organizer);
    if (demo.organizerKind !== 'oficial') await acceptMarathonNotice(organizer);
    const startsOn = addDays(today, demo.startsIn);
    const endsOn = addDays(startsOn, demo.days - 1);
    const registrationOpensOn = addDays(startsOn, -10);
    const { id } = await createMarathon(organizer, {
      name: demo.name,
      description: demo.description,
      rules: demo.rules,
      organizer: demo.organizerKind === 'oficial' ? 'oficial' : demo.organizerKind === 'clube' ? `clube:${clubId}` : 'eu',
      timeZone: 'America/Sao_Paulo',
      startsOn,
      endsOn,
      registrationOpensOn,
      registrationClosesOn: endsOn,
      visibility: 'publico',
      mode: demo.mode,
      groups: demo.groups.map((name) => ({ name })),
      categories: demo.categories.map((name) => ({ name })),
      challenges: demo.challenges.map((c) => ({
        category: c.category,
        kind: c.kind,
        description: c.description,
        points: c.points,
        revealsOn: c.revealsIn === undefined ? null : addDays(today, c.revealsIn),
        level: c.level ?? null,
      })),
    });
    const table = demo.mode === 'teams' ? marathonTeams : marathonLevels;
    const groups = demo.mode === 'none' ? [] : await getDb().select({ id: table.id }).from(table).where(eq(table.marathonId, id)).orderBy(table.position);
    // Registered on its first registration day at noon, São Paulo time, so a finished marathon takes them too.
    const registeredAt = new Date(`${registrationOpensOn}T15:00:00Z`);
    for (const [username, group] of demo.participants) {
      const reader = who(username);
      if (demo.organizerKind !== 'oficial') await acceptMarathonNotice(reader);
      await joinMarathon(reader, id, group === null ? null : groups[group]!.id, registeredAt);
    }
    // A started marathon's boards fill as on its second day at noon there (a finished one's too): links, ticks, pages.
    if (demo.startsIn < 0) {
      const day = new Date(`${addDays(startsOn, 1)}T15:00:00Z`);
      for (const [i, [username]] of demo.participants.entries()) await seedDemoBoard(who(username), id, i, day);
    }
    created += 1;
  }
  return created;
}
