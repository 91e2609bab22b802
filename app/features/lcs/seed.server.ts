import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { clubs, groupReads } from '~/db/schema';
import { editionIdOf, viewersOf } from '~/features/clubs/seed.server';
import { createGroupRead, shiftGroupReadSchedule } from './mutations.server';
import { joinGroupRead } from './participants.server';
import { saoPauloToday } from './policy';
import { addDays, defaultStageCount, generateSchedule } from './schedule';
import type { GroupReadInput } from './validation';
import type { GroupReadVisibility } from './vocabulary';

type DemoGroupRead = {
  title: string;
  host: string;
  /** The club hosting it (its owner is `host`). */
  club?: string;
  visibility: GroupReadVisibility;
  description: string;
  books: { title: string; pages: number }[];
  /** Days from today to its first day (negative: it began already) and how many days it lasts. */
  startsIn: number;
  days: number;
  cap: number | null;
  participants: string[];
  materials?: { title: string; url: string }[];
};

/** One LC in each phase (PRODUCT.md §F): open to join, running (hosted by a club, two books), and finished. */
export const DEMO_GROUP_READS: DemoGroupRead[] = [
  {
    title: 'Dom Casmurro em quatro semanas',
    host: 'lia_leitora',
    visibility: 'publico',
    description:
      'Capitu traiu ou não traiu? Vamos ler devagar, **uma etapa por semana**, e decidir juntos no fim.\n\n- Sem spoiler fora da etapa\n- Encontro ao vivo na última semana',
    books: [{ title: 'Dom Casmurro', pages: 389 }],
    startsIn: 10,
    days: 28,
    cap: 20,
    participants: ['beto_leitor', 'joana_moura', 'rafaela_lima'],
    materials: [{ title: 'Guia de leitura de Dom Casmurro', url: 'https://www.dominiopublico.gov.br/' }],
  },
  {
    title: 'Clássicos curtos do Clube da Foca',
    host: 'lia_leitora',
    club: 'Clube da Foca',
    visibility: 'publico',
    description: 'Dois livros curtos, um depois do outro: Clarice primeiro, Dostoiévski depois. A LC do mês do clube.',
    books: [
      { title: 'A hora da estrela', pages: 87 },
      { title: 'Noites brancas', pages: 110 },
    ],
    startsIn: -6,
    days: 21,
    cap: null,
    participants: ['beto_leitor', 'marcos_tavares', 'camila_rocha', 'tiago_nunes'],
  },
  {
    title: 'Noites brancas numa semana',
    host: 'helena_sato',
    visibility: 'publico',
    description: 'Uma semana, quatro noites, um sonhador em São Petersburgo.',
    books: [{ title: 'Noites brancas', pages: 110 }],
    startsIn: -20,
    days: 7,
    cap: 10,
    participants: ['lia_leitora', 'pedro_albuquerque'],
  },
];

/** Seeds the demo LCs (skipping any that exists): answers how many it created. */
export async function seedDemoGroupReads(): Promise<number> {
  const viewers = await viewersOf([...new Set(DEMO_GROUP_READS.flatMap((lc) => [lc.host, ...lc.participants]))]);
  const who = (username: string) => {
    const viewer = viewers.get(username);
    if (!viewer) throw new Error(`Demo reader ${username} is missing`);
    return viewer;
  };
  let created = 0;
  for (const demo of DEMO_GROUP_READS) {
    const [existing] = await getDb().select({ id: groupReads.id }).from(groupReads).where(eq(groupReads.title, demo.title));
    if (existing) continue;
    const books = await Promise.all(demo.books.map(async (book) => ({ ...book, id: await editionIdOf(book.title) })));
    if (books.some((book) => !book.id)) continue;
    const clubId = demo.club ? (await getDb().select({ id: clubs.id }).from(clubs).where(eq(clubs.name, demo.club)))[0]?.id : null;
    // Created as if it started in a week, so everyone joins an LC still open; then moved to its real dates.
    const startsOn = addDays(saoPauloToday(), 7);
    const endsOn = addDays(startsOn, demo.days - 1);
    const list = books.map((book, i) => ({ editionId: String(i), pages: book.pages }));
    const stages = generateSchedule(list, startsOn, endsOn, defaultStageCount(list.length, startsOn, endsOn));
    const input: GroupReadInput = {
      title: demo.title,
      description: demo.description,
      hostClubId: clubId ?? null,
      visibility: demo.visibility,
      participantCap: demo.cap,
      startsOn,
      endsOn,
      stageCount: null,
      editions: books.map((book) => ({ editionId: book.id!, pages: book.pages })),
      stages: stages.map((stage) => ({ ...stage, editionIndex: Number(stage.editionId) })),
      materials: demo.materials ?? [],
    };
    const host = who(demo.host);
    const lc = await createGroupRead(host, input);
    for (const username of demo.participants) await joinGroupRead(who(username), lc.id);
    if (demo.startsIn !== 7) await shiftGroupReadSchedule(host, lc.id, demo.startsIn - 7);
    created += 1;
  }
  return created;
}
