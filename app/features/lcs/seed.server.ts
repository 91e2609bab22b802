import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { clubs, groupReads } from '~/db/schema';
import { editionIdOf, viewersOf } from '~/features/clubs/seed.server';
import type { Viewer } from '~/server/viewer.server';
import { addGroupReadComment } from './discussion.server';
import { addMaterialFile } from './materials/materials.server';
import { createGroupRead, shiftGroupReadSchedule } from './mutations.server';
import { joinGroupRead } from './participants.server';
import { saoPauloToday } from './policy';
import { logGroupReadProgress } from './progress.server';
import { listStages } from './queries.server';
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
  /** A reading guide as a PDF in the materiais tab, with these lines of text. */
  guide?: { title: string; lines: string[] };
  /** Where participants are: the page each reached in the LC's books, in order; logged before the comments. */
  progress?: Record<string, number[]>;
  /** The discussion: comments on etapa `stage` (1-based) by readers who passed it, each with its replies. */
  comments?: { stage: number; author: string; body: string; replies?: { author: string; body: string }[] }[];
};

/** A one-page PDF with a few lines of text (Helvetica, WinAnsi: Portuguese accents print), for the demo's materials. */
export function demoPdf(lines: readonly string[]): Buffer {
  const escape = (line: string) => line.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines.map((line, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 56 ${780 - i * 24} Td (${escape(line)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * One LC in each phase (PRODUCT.md §F): open to join (with a link list and a PDF guide), running (one hosted by a
 * club, two books; one by a reader), and finished. lia_leitora hosts, and reads along in the running ones, so her
 * profile's LCs tab and her /home card show something.
 */
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
    materials: [
      { title: 'Dom Casmurro no Domínio Público', url: 'https://www.dominiopublico.gov.br/' },
      { title: 'Playlist para ler Machado', url: 'https://www.youtube.com/results?search_query=choro+rio+de+janeiro+1900' },
    ],
    guide: {
      title: 'Guia de leitura: quatro semanas',
      lines: [
        'Dom Casmurro em quatro semanas',
        'Semana 1: caps. 1-37. Quem é Bento? Repare em quem conta a história.',
        'Semana 2: caps. 38-73. O seminário, José Dias e os olhos de ressaca.',
        'Semana 3: caps. 74-110. O casamento e Escobar.',
        'Semana 4: caps. 111-148. E agora: Capitu traiu ou não traiu?',
      ],
    },
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
    participants: ['lia_leitora', 'beto_leitor', 'marcos_tavares', 'camila_rocha', 'tiago_nunes'],
    materials: [{ title: 'Clarice Lispector no Instituto Moreira Salles', url: 'https://ims.com.br/' }],
    // lia_leitora read A hora da estrela before and has not opened Noites brancas: its etapas' threads wait for her
    // behind "mostrar mesmo assim".
    progress: { beto_leitor: [87, 110], camila_rocha: [87, 40], marcos_tavares: [87] },
    comments: [
      {
        stage: 1,
        author: 'beto_leitor',
        body: 'O narrador Rodrigo S.M. falando de si o tempo todo me irritou no começo, e depois entendi: ele também é personagem. E aquele fim da Macabéa atropelada pelo Mercedes amarelo, logo depois da cartomante prometer um futuro lindo…',
        replies: [
          {
            author: 'camila_rocha',
            body: 'A cartomante dizendo que ela ia casar com um estrangeiro rico, e cinco minutos depois… Clarice foi cruel e perfeita.',
          },
        ],
      },
      {
        stage: 1,
        author: 'marcos_tavares',
        body: 'Alguém mais ficou com “Quanto a mim, autor de uma vida” na cabeça? Macabéa morrer no meio-fio e o livro terminar com “Sim.” me pegou.',
      },
      {
        stage: 2,
        author: 'beto_leitor',
        body: 'Nastenka amarrada à avó pelo alfinete! E o sonhador contando a vida inteira dele na segunda noite, como quem nunca teve com quem conversar.',
      },
    ],
  },
  {
    title: 'Vidas secas em duas semanas',
    host: 'beto_leitor',
    visibility: 'publico',
    description: 'Fabiano, sinha Vitória, os meninos e a Baleia. Um capítulo por dia, e a conversa no fim de cada semana.',
    books: [{ title: 'Vidas secas', pages: 155 }],
    startsIn: -4,
    days: 14,
    cap: 30,
    participants: ['lia_leitora', 'joana_moura', 'rafaela_lima'],
    // rafaela_lima is past the first etapa and not the second: its thread (the ending) waits for her.
    progress: { joana_moura: [155], rafaela_lima: [90] },
    comments: [
      {
        stage: 1,
        author: 'joana_moura',
        body: 'Fabiano dizendo que é um bicho, depois que é um homem, depois que é um bicho de novo. A linguagem seca do Graciliano combina demais com o sertão.',
        replies: [{ author: 'rafaela_lima', body: 'E sinha Vitória sonhando com a cama de lastro de couro. Dá um aperto.' }],
      },
      {
        stage: 2,
        author: 'joana_moura',
        body: 'Não consegui ler o capítulo da Baleia sem chorar. Ela morrendo e sonhando com um mundo cheio de preás…',
        replies: [{ author: 'lia_leitora', body: 'E a família indo embora no fim, de novo para o sul, sem saber o que vem. Que final.' }],
      },
    ],
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

/** The demo LC's progress, then its comments and replies, through the same functions a reader's forms use. */
async function seedDiscussion(demo: DemoGroupRead, groupReadId: string, books: { id: string | null }[], who: (username: string) => Viewer) {
  for (const [reader, pages] of Object.entries(demo.progress ?? {}))
    for (const [book, page] of pages.entries())
      await logGroupReadProgress(who(reader), groupReadId, books[book]!.id!, { value: page, unit: 'page', comment: null, emotion: null, spoiler: false });
  if (!demo.comments) return;
  const stages = await listStages(groupReadId);
  for (const comment of demo.comments) {
    const stageId = stages[comment.stage - 1]!.id;
    const { id } = await addGroupReadComment(who(comment.author), groupReadId, { stageId, body: comment.body, parentId: null });
    for (const reply of comment.replies ?? []) await addGroupReadComment(who(reply.author), groupReadId, { stageId, body: reply.body, parentId: id });
  }
}

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
    if (demo.guide) {
      const pdf = demoPdf(demo.guide.lines);
      await addMaterialFile(host, lc.id, demo.guide.title, new File([new Uint8Array(pdf)], 'guia.pdf', { type: 'application/pdf' }));
    }
    if (demo.startsIn !== 7) await shiftGroupReadSchedule(host, lc.id, demo.startsIn - 7);
    await seedDiscussion(demo, lc.id, books, who);
    created += 1;
  }
  return created;
}
