import { inArray } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { users } from '~/db/schema';
import { type DemoAccount, demoViewer, seedDemoAccounts } from '~/features/accounts/seed.server';
import { postAtt } from '~/features/atts/mutations.server';
import { type DemoBook, hasBookshelf, shelveDemoBooks } from '~/features/reading/seed.server';
import { followReader } from '~/features/social/follows.server';

/** A demo reader with a public profile, a bookshelf, maybe an att, and the readers they follow. */
type DemoReader = DemoAccount & {
  books: DemoBook[];
  /** A public att about one of the books: from its progress update when it is being read, "terminei" when read. */
  att?: { title: string; text: string };
  /** Usernames they follow. */
  follows: string[];
};

/**
 * Readers to meet in the demo (fictional people), so `/u`'s "Ativos recentemente" and "Mais seguidos", the
 * atts feed and the editions' readers and reviews show a small community rather than one reader. The follows
 * give distinct follower counts: joana_moura 6, lia_leitora 5 (with beto_leitor), helena_sato 4,
 * rafaela_lima 3, camila_rocha 2, marcos_tavares 1.
 */
export const DEMO_READERS: DemoReader[] = [
  {
    username: 'joana_moura',
    name: 'Joana Moura',
    email: 'joana@demo.maratona.app',
    role: 'reader',
    pronouns: 'ela/dela',
    bio: 'Professora de literatura no ensino médio, em Recife. Leio com lápis na mão e sublinho tudo. Clássicos brasileiros, poesia e, de vez em quando, um policial para descansar.',
    books: [
      { title: 'Memórias Póstumas de Brás Cubas', status: 'read', rating: 5, favorite: true },
      { title: 'Sentimento do Mundo', status: 'read', rating: 4.5 },
      { title: 'Os Sertões', status: 'want_to_read' },
      { title: 'Grande Sertão: Veredas', status: 'reading', progress: { percent: 62, emotion: 'thoughtful' } },
    ],
    att: { title: 'Grande Sertão: Veredas', text: 'Riobaldo me pegou de jeito. Leio duas páginas e fico meia hora pensando nelas.' },
    follows: ['lia_leitora', 'helena_sato', 'rafaela_lima'],
  },
  {
    username: 'marcos_tavares',
    name: 'Marcos Tavares',
    email: 'marcos@demo.maratona.app',
    role: 'reader',
    pronouns: 'ele/dele',
    bio: 'Engenheiro em Belo Horizonte, leio no ônibus entre a casa e o trabalho. Gosto de distopias, de ficção científica e de livros que dá para terminar em uma semana.',
    books: [
      { title: '1984', status: 'read', rating: 4.5 },
      { title: 'A Revolução dos Bichos', status: 'read', rating: 4 },
      { title: 'Budapeste', status: 'want_to_read' },
      { title: 'Ensaio sobre a Cegueira', status: 'reading', progress: { percent: 35, emotion: 'shocked' } },
    ],
    att: { title: 'Ensaio sobre a Cegueira', text: 'Saramago sem um travessão sequer e eu sem conseguir largar. Que agonia boa.' },
    follows: ['lia_leitora', 'joana_moura', 'helena_sato'],
  },
  {
    username: 'rafaela_lima',
    name: 'Rafaela Lima',
    email: 'rafaela@demo.maratona.app',
    role: 'reader',
    pronouns: 'ela/dela',
    bio: 'Estudante de Letras em Salvador e mediadora de um clube de leitura no bairro. Autoras negras, literatura baiana e romances que rendem horas de conversa.',
    books: [
      {
        title: 'Ponciá Vicêncio',
        status: 'read',
        rating: 5,
        favorite: true,
        review: {
          body: 'Conceição Evaristo escreve memória como quem costura. Terminei com vontade de ligar para a minha avó.',
          traits: { moods: ['emotional', 'reflective'], pacing: 'medium', contentWarnings: ['racismo'] },
        },
      },
      { title: 'Capitães da Areia', status: 'read', rating: 4.5 },
      { title: 'Becos da Memória', status: 'want_to_read' },
      { title: 'O Avesso da Pele', status: 'reading', progress: { percent: 70, emotion: 'crying' } },
    ],
    att: { title: 'O Avesso da Pele', text: 'Vai ser a próxima leitura do clube e eu já sei que a conversa vai longe.' },
    follows: ['lia_leitora', 'joana_moura', 'helena_sato', 'camila_rocha'],
  },
  {
    username: 'tiago_nunes',
    name: 'Tiago Nunes',
    email: 'tiago@demo.maratona.app',
    role: 'reader',
    pronouns: 'ele/dele',
    bio: 'Porto Alegre. Releio O Senhor dos Anéis a cada inverno e, aos poucos, tento ler mais autores gaúchos.',
    books: [
      { title: 'A Sociedade do Anel', status: 'read', rating: 5, favorite: true },
      { title: 'As Duas Torres', status: 'read', rating: 4.75 },
      { title: 'O Continente', status: 'want_to_read' },
      { title: 'O Retorno do Rei', status: 'reading', progress: { percent: 20, emotion: 'loving' } },
    ],
    att: { title: 'O Retorno do Rei', text: 'Começando O Retorno do Rei pela quinta vez. Minas Tirith continua de arrepiar.' },
    follows: ['joana_moura', 'marcos_tavares'],
  },
  {
    username: 'helena_sato',
    name: 'Helena Sato',
    email: 'helena@demo.maratona.app',
    role: 'reader',
    pronouns: 'ela/dela',
    bio: 'Bibliotecária em São Paulo. Organizo o clube de leitura da biblioteca do bairro e sempre levo um livro de contos na bolsa.',
    books: [
      { title: 'Laços de Família', status: 'read', rating: 4.5 },
      {
        title: 'A Paixão Segundo G.H.',
        status: 'read',
        rating: 4,
        review: {
          body: 'Um livro que não se lê, se atravessa. Não entendi tudo, e desconfio que a ideia seja essa.',
          traits: { moods: ['challenging', 'reflective'], pacing: 'slow', contentWarnings: [] },
        },
      },
      { title: "Olhos d'Água", status: 'want_to_read' },
      { title: 'Primeiras Estórias', status: 'reading', progress: { percent: 55, emotion: 'smitten' } },
    ],
    att: { title: 'Primeiras Estórias', text: '“A terceira margem do rio” é daqueles contos que a gente relê na mesma hora.' },
    follows: ['lia_leitora', 'joana_moura', 'rafaela_lima'],
  },
  {
    username: 'pedro_albuquerque',
    name: 'Pedro Albuquerque',
    email: 'pedro@demo.maratona.app',
    role: 'reader',
    pronouns: 'ele/dele',
    bio: 'Cearense, jornalista aposentado. Releio os regionalistas que meu pai lia e descubro os autores novos que os netos me recomendam.',
    books: [
      { title: 'São Bernardo', status: 'read', rating: 4 },
      // Read as a young man, long before any app: no one knows the day.
      { title: 'Vidas Secas', status: 'read', rating: 5, undated: true },
      { title: 'Torto Arado', status: 'want_to_read' },
      { title: 'Lavoura Arcaica', status: 'reading', progress: { percent: 30, emotion: 'thoughtful' } },
      { title: 'O Quinze', status: 'read', rating: 4.5, favorite: true },
    ],
    att: { title: 'O Quinze', text: 'Reli O Quinze quarenta anos depois. A seca que a minha avó contava está toda aqui.' },
    follows: ['joana_moura', 'camila_rocha'],
  },
  {
    username: 'camila_rocha',
    name: 'Camila Rocha',
    email: 'camila@demo.maratona.app',
    role: 'reader',
    pronouns: 'ela/dela',
    bio: 'Manaus. Leio literatura africana e latino-americana e anoto tudo num caderno que ninguém vê.',
    books: [
      {
        title: 'Terra Sonâmbula',
        status: 'read',
        rating: 5,
        favorite: true,
        review: {
          body: 'Mia Couto faz a guerra caber dentro de um sonho. Cada caderno de Kindzu é uma pequena joia.',
          traits: { moods: ['reflective', 'emotional'], pacing: 'medium', contentWarnings: ['guerra'] },
        },
      },
      { title: 'Americanah', status: 'read', rating: 4.5 },
      { title: 'Ideias para Adiar o Fim do Mundo', status: 'want_to_read' },
      { title: 'Cem Anos de Solidão', status: 'reading', progress: { percent: 48, emotion: 'shocked' } },
    ],
    att: { title: 'Cem Anos de Solidão', text: 'Já perdi a conta dos Aurelianos e não quero que acabe nunca.' },
    follows: ['rafaela_lima', 'joana_moura', 'helena_sato'],
  },
];

/**
 * Creates the demo readers and, for each one whose bookshelf is still empty, fills it, posts their att and
 * follows their readers, through the data functions the reader's own forms call (so follows notify, as they
 * would). A reader who already has a bookshelf is left alone: seeding again duplicates nothing and keeps what
 * someone trying the demo changed. Answers how many readers were filled.
 */
export async function seedDemoReaders(): Promise<number> {
  const ids = await seedDemoAccounts(DEMO_READERS);
  const followed = [...new Set(DEMO_READERS.flatMap((reader) => reader.follows))];
  const followees = new Map(
    (await getDb().select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, followed))).map((u) => [u.username, u.id]),
  );
  let filled = 0;
  for (const reader of DEMO_READERS) {
    const id = ids.get(reader.username);
    if (!id || (await hasBookshelf(id))) continue;
    const viewer = demoViewer({ id, username: reader.username, name: reader.name });
    const shelved = await shelveDemoBooks(viewer, reader.books);
    const book = shelved.find((b) => b.title === reader.att?.title);
    if (reader.att && book) {
      await postAtt(viewer, {
        editionId: book.editionId,
        kind: book.progressEntryId ? 'progress' : 'finished',
        progressEntryId: book.progressEntryId,
        text: reader.att.text,
        spoiler: false,
        visibility: 'publico',
        images: [],
      });
    }
    for (const username of reader.follows) {
      const followee = followees.get(username);
      if (followee) await followReader(viewer, followee);
    }
    filled += 1;
  }
  return filled;
}
