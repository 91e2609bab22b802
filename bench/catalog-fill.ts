/**
 * Fills the configured database (DATA_DIR's embedded database, or DATABASE_URL) with the demo catalogue
 * plus a generated one — by default 100,000 editions and 50,000 authors — for `npm run bench:catalog`.
 * Run it with the server stopped (the embedded database allows one process). Deterministic: the same
 * seed gives the same catalogue. Skips the generation when a catalogue of that size is already there,
 * so repeated runs on one PostgreSQL database reuse it.
 */
import { sql } from 'drizzle-orm';
import { closeDatabase, getDatabase, getDb, migrateDatabase, queryRows } from '~/db/client.server';
import { authors, collectionMembers, collections, editionContributors, editions, workAuthors, works } from '~/db/schema';
import { GENRE_SLUGS } from '~/features/catalog/genres';
import { refreshSearchWhere } from '~/features/catalog/ingest/search.server';
import { authorSlug } from '~/features/catalog/normalize';
import { seedDemoCatalog } from '~/features/catalog/seed.server';
import { isbn13To10 } from '~/lib/isbn';
import { GENERATED_PREFIX } from './harness';

const EDITIONS = Number(process.env.BENCH_EDITIONS ?? 100_000);
const AUTHORS = Number(process.env.BENCH_AUTHORS ?? 50_000);
/** Several editions of one work (paperback, ebook, audiobook, a new translation): about 1.2 editions per work. */
const WORKS = Math.round(EDITIONS / 1.2);
const COLLECTIONS = Math.round(EDITIONS / 50);
const BATCH = 1000;

/** mulberry32: small, fast and deterministic. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

const FIRST = [
  'João',
  'José',
  'Antônio',
  'Francisco',
  'Luís',
  'Sebastião',
  'Cecília',
  'Inês',
  'Luíza',
  'Márcia',
  'Letícia',
  'Conceição',
  'Lúcia',
  'Helena',
  'Beatriz',
  'Mônica',
  'Tânia',
  'Célia',
  'Otávio',
  'Vinícius',
  'Fábio',
  'Rúben',
  'Raquel',
  'Íris',
  'Glória',
  'Débora',
  'Estêvão',
  'Joaquim',
  'Graça',
  'Ângela',
  'Valéria',
  'Cássio',
  'Aurélio',
  'Júlia',
  'Caetano',
  'Milton',
  'Rosângela',
  'Simão',
  'Natália',
  'Flávia',
  'Jéssica',
  'Emílio',
  'Lívia',
  'Tomás',
  'Benedito',
  'Patrícia',
  'Sérgio',
  'Vitória',
  'Irene',
  'Amélia',
];
const MIDDLE = ['', '', '', 'Maria', 'de Souza', 'da Silva', 'dos Santos', 'Aparecida', 'Cristina', 'Henrique', 'Augusto', 'de Jesus', 'Luiz', 'Emanuel'];
const SURNAMES = [
  'Araújo',
  'Gonçalves',
  'Magalhães',
  'Simões',
  'Brandão',
  'Falcão',
  'Conceição',
  'Guimarães',
  'Assunção',
  'Lacerda',
  'Peçanha',
  'Azevêdo',
  'Monteiro',
  'Ribeiro',
  'Carvalho',
  'Albuquerque',
  'Nóbrega',
  'Gusmão',
  'Bragança',
  'Araripe',
  'Cavalcânti',
  'Pimentel',
  'Galvão',
  'Sampaio',
  'Rocha',
  'Queiroz',
  'Mendonça',
  'Figueiredo',
  'Macêdo',
  'Teixeira',
  'Brito',
  'Lobão',
  'Damasceno',
  'Leão',
  'Coutinho',
  'Valadares',
  'Assis',
  'Veríssimo',
  'Quintana',
  'Barroso',
  'Loureiro',
  'Fontes',
  'Amaral',
  'Tavares',
  'Câmara',
  'Paixão',
  'Tristão',
  'Frazão',
  'Sá',
  'Meireles',
  'Aragão',
  'Bastos',
  'Vieira',
  'Cunha',
  'Moraes',
  'Antunes',
  'Prates',
  'Viana',
];
type Noun = { word: string; feminine: boolean; plural: string };
const noun = (word: string, feminine: boolean, plural = `${word}s`): Noun => ({ word, feminine, plural });
const NOUNS: Noun[] = [
  noun('silêncio', false),
  noun('água', true),
  noun('sertão', false, 'sertões'),
  noun('coração', false, 'corações'),
  noun('memória', true),
  noun('canção', true, 'canções'),
  noun('noite', true),
  noun('cidade', true),
  noun('rio', false),
  noun('mar', false, 'mares'),
  noun('ilha', true),
  noun('estrela', true),
  noun('sombra', true),
  noun('jardim', false, 'jardins'),
  noun('casa', true),
  noun('viagem', true, 'viagens'),
  noun('herança', true),
  noun('promessa', true),
  noun('pássaro', false),
  noun('lua', true),
  noun('estação', true, 'estações'),
  noun('fogo', false),
  noun('espelho', false),
  noun('labirinto', false),
  noun('oráculo', false),
  noun('ventania', true),
  noun('maré', true),
  noun('sabiá', false),
  noun('relâmpago', false),
  noun('capitão', false, 'capitães'),
  noun('órfão', false),
  noun('ladrão', false, 'ladrões'),
  noun('feiticeira', true),
  noun('raiz', true, 'raízes'),
  noun('café', false),
  noun('saudade', true),
  noun('inverno', false),
  noun('verão', false, 'verões'),
  noun('açude', false),
  noun('farol', false, 'faróis'),
];
const ADJECTIVES: [string, string][] = [
  ['submerso', 'submersa'],
  ['último', 'última'],
  ['esquecido', 'esquecida'],
  ['proibido', 'proibida'],
  ['invisível', 'invisível'],
  ['secreto', 'secreta'],
  ['perdido', 'perdida'],
  ['único', 'única'],
  ['antigo', 'antiga'],
  ['selvagem', 'selvagem'],
  ['dourado', 'dourada'],
  ['sombrio', 'sombria'],
  ['vermelho', 'vermelha'],
  ['imóvel', 'imóvel'],
  ['efêmero', 'efêmera'],
];
const PLACES = [
  'Olinda',
  'Ouro Preto',
  'São Luís',
  'Paraty',
  'Belém',
  'Itabira',
  'Canudos',
  'Macondo',
  'Ilhéus',
  'Cuiabá',
  'Goiás Velho',
  'Diamantina',
  'Alcântara',
  'Jequitinhonha',
  'Marajó',
  'Piauí',
  'Ceará',
  'Lisboa',
  'Luanda',
  'Maputo',
];
const SUBTITLES = [
  'Romance',
  'Contos reunidos',
  'Uma história de amor',
  'Crônicas',
  'Poemas',
  'Edição comentada',
  'Memórias',
  'Uma investigação',
  'Edição de bolso',
  'Ensaios',
];
const PUBLISHERS = [
  'Companhia das Letras',
  'Record',
  'Rocco',
  'Intrínseca',
  'Todavia',
  'Alfaguara',
  'Editora 34',
  'Cosac Naify',
  'Globo Livros',
  'Martins Fontes',
  'L&PM',
  'Penguin-Companhia',
  'Aleph',
  'DarkSide',
  'Suma',
  'Nova Fronteira',
  'Objetiva',
  'José Olympio',
  'Zahar',
  'Ática',
  'Autêntica',
  'Boitempo',
  'Editora Unesp',
  'Sextante',
  'Planeta',
  'Antofágica',
  'Carambaia',
  'Nós',
  'Pallas',
  'Malê',
  'Moderna',
  'Seguinte',
];

const article = (n: Noun, plural = false) => (n.feminine ? (plural ? 'As' : 'A') : plural ? 'Os' : 'O');
const of = (n: Noun, plural = false) => (n.feminine ? (plural ? 'das' : 'da') : plural ? 'dos' : 'do');
const capital = (word: string) => word.charAt(0).toLocaleUpperCase('pt-BR') + word.slice(1);

function titleOf(r: ReturnType<typeof random>): string {
  const a = r.pick(NOUNS);
  const b = r.pick(NOUNS.filter((n) => n !== a));
  const adjective = (n: Noun) => r.pick(ADJECTIVES)[n.feminine ? 1 : 0];
  switch (r.int(8)) {
    case 0:
      return `${article(a)} ${capital(a.word)} ${of(b, true)} ${capital(b.plural)}`;
    case 1:
      return `${capital(a.word)} e ${capital(b.word)}`;
    case 2:
      return `${article(a)} ${capital(a.word)} ${capital(adjective(a))}`;
    case 3:
      return `Memórias ${of(a)} ${capital(a.word)} ${capital(adjective(a))}`;
    case 4:
      return `${capital(a.plural)} de ${r.pick(PLACES)}`;
    case 5:
      return `${article(a)} ${capital(a.word)} ${of(b)} ${capital(b.word)}`;
    case 6:
      return `Crônicas ${of(a, true)} ${capital(a.plural)} ${capital(adjective(a))}s`.replace(/ms$/, 'ns').replace(/ls$/, 'is');
    default:
      return `${article(a, true)} ${capital(a.plural)} de ${r.pick(FIRST)}`;
  }
}

/** Most books have no readers, a few have thousands (log-uniform on a draw to the fifth power). */
const readersOf = (r: ReturnType<typeof random>) => Math.floor(Math.exp(r.next() ** 5 * Math.log(30_000))) - 1;

function isbn13Of(serial: number): string {
  const body = `97865${String(serial).padStart(7, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

const ASIN_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const asinOf = (r: ReturnType<typeof random>) => `B0${Array.from({ length: 8 }, () => r.pick([...ASIN_CHARS])).join('')}`;
const pad = (n: number) => String(n).padStart(6, '0');

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

async function generate() {
  const r = random(20_261_123);
  const db = getDb();
  const taken = await queryRows<{ slug: string }>(sql`SELECT slug FROM authors`);
  const slugs = new Set(taken.map((row) => row.slug));
  const authorRows: (typeof authors.$inferInsert)[] = [];
  while (authorRows.length < AUTHORS) {
    const surname = r.chance(0.4) ? `${r.pick(SURNAMES)} ${r.pick(SURNAMES)}` : r.pick(SURNAMES);
    const name = [r.pick(FIRST), r.pick(MIDDLE), surname].filter(Boolean).join(' ');
    let slug = authorSlug(name);
    for (let n = 2; slugs.has(slug); n++) slug = `${authorSlug(name)}-${n}`;
    slugs.add(slug);
    const last = surname.split(' ').at(-1)!;
    const birthYear = r.chance(0.5) ? 1850 + r.int(150) : null;
    authorRows.push({
      id: `${GENERATED_PREFIX}a${pad(authorRows.length)}`,
      slug,
      name,
      sortName: `${last}, ${name.slice(0, -last.length - 1)}`,
      nationality: r.chance(0.3) ? r.pick(['Brasil', 'Portugal', 'Angola', 'Moçambique']) : null,
      birthYear,
      deathYear: birthYear && birthYear < 1940 ? birthYear + 40 + r.int(50) : null,
    });
  }
  await insertInBatches(authorRows, (batch) => db.insert(authors).values(batch));

  // Every author has a work; beyond that, a few prolific authors write most of the rest.
  const authorOf = (w: number) => (w < AUTHORS ? w : Math.floor(AUTHORS * r.next() ** 3));
  const workRows: (typeof works.$inferInsert)[] = [];
  const workAuthorRows: (typeof workAuthors.$inferInsert)[] = [];
  const workTitles: string[] = [];
  for (let w = 0; w < WORKS; w++) {
    const id = `${GENERATED_PREFIX}w${pad(w)}`;
    const title = titleOf(r);
    workTitles.push(title);
    const genres = [...new Set(Array.from({ length: 1 + r.int(3) }, () => r.pick(GENRE_SLUGS)))];
    workRows.push({ id, title, genres, firstPublishedYear: 1880 + r.int(145), originalTitle: null });
    const first = authorOf(w);
    workAuthorRows.push({ workId: id, authorId: authorRows[first]!.id!, position: 0 });
    if (r.chance(0.08)) {
      const second = r.int(AUTHORS);
      if (second !== first) workAuthorRows.push({ workId: id, authorId: authorRows[second]!.id!, position: 1 });
    }
  }
  await insertInBatches(workRows, (batch) => db.insert(works).values(batch));
  await insertInBatches(workAuthorRows, (batch) => db.insert(workAuthors).values(batch));

  const takenIsbns = new Set((await queryRows<{ isbn13: string }>(sql`SELECT isbn13 FROM editions WHERE isbn13 IS NOT NULL`)).map((row) => row.isbn13));
  const editionRows: (typeof editions.$inferInsert)[] = [];
  const contributorRows: (typeof editionContributors.$inferInsert)[] = [];
  let serial = 5_000_000;
  for (let e = 0; e < EDITIONS; e++) {
    const w = e < WORKS ? e : r.int(WORKS);
    const format = r.pick(['brochura', 'brochura', 'brochura', 'brochura', 'brochura', 'brochura', 'capa_dura', 'ebook', 'ebook', 'audiolivro'] as const);
    let isbn13: string | null = null;
    if (format !== 'ebook' || r.chance(0.5)) {
      do isbn13 = isbn13Of(serial++);
      while (takenIsbns.has(isbn13));
    }
    const id = `${GENERATED_PREFIX}e${pad(e)}`;
    editionRows.push({
      id,
      workId: workRows[w]!.id!,
      title: workTitles[w]!,
      subtitle: r.chance(0.2) ? r.pick(SUBTITLES) : null,
      isbn13,
      isbn10: isbn13 ? isbn13To10(isbn13) : null,
      asin: format === 'ebook' || r.chance(0.1) ? asinOf(r) : null,
      publisher: r.pick(PUBLISHERS),
      publicationDate: String(1950 + r.int(76)),
      pages: format === 'audiolivro' ? null : 60 + r.int(700),
      audioMinutes: format === 'audiolivro' ? 120 + r.int(1200) : null,
      format,
      language: r.chance(0.92) ? 'pt' : r.pick(['en', 'es', 'fr']),
      readersCount: readersOf(r),
      // Spread over two years so "recent" lists have a real order.
      createdAt: new Date(Date.UTC(2024, 0, 1) + r.int(730 * 86_400_000)),
    });
    if (r.chance(0.15)) contributorRows.push({ editionId: id, authorId: authorRows[r.int(AUTHORS)]!.id!, role: r.chance(0.9) ? 'translator' : 'illustrator' });
  }
  await insertInBatches(editionRows, (batch) => db.insert(editions).values(batch));
  await insertInBatches(contributorRows, (batch) => db.insert(editionContributors).values(batch).onConflictDoNothing());

  const collectionRows: (typeof collections.$inferInsert)[] = [];
  const memberRows: (typeof collectionMembers.$inferInsert)[] = [];
  for (let c = 0; c < COLLECTIONS; c++) {
    const id = `${GENERATED_PREFIX}c${pad(c)}`;
    const n = r.pick(NOUNS);
    const kind = r.pick(['series', 'series', 'publisher_collection', 'box'] as const);
    const name =
      kind === 'series'
        ? r.pick([`Trilogia ${of(n)} ${capital(n.word)}`, `Saga ${r.pick(SURNAMES)}`, `Crônicas de ${r.pick(PLACES)}`])
        : kind === 'box'
          ? `Box ${capital(n.plural)}`
          : `Coleção ${capital(n.word)} ${r.pick(['Clássica', 'de Bolso', 'Brasileira', 'Jovem'])}`;
    collectionRows.push({ id, name, kind, publisher: kind === 'series' ? null : r.pick(PUBLISHERS) });
    const first = r.int(EDITIONS - 12);
    const size = 3 + r.int(8);
    for (let p = 0; p < size; p++) memberRows.push({ collectionId: id, editionId: editionRows[first + p]!.id!, position: p + 1 });
  }
  await insertInBatches(collectionRows, (batch) => db.insert(collections).values(batch));
  await insertInBatches(memberRows, (batch) => db.insert(collectionMembers).values(batch).onConflictDoNothing());

  // The search columns, computed by the catalogue's own SQL, a slice of editions per transaction.
  const SLICE = 10_000;
  for (let start = 0; start < EDITIONS; start += SLICE) {
    const from = `${GENERATED_PREFIX}e${pad(start)}`;
    const to = `${GENERATED_PREFIX}e${pad(start + SLICE)}`;
    await db.transaction((tx) => refreshSearchWhere(tx, sql`e.id >= ${from} AND e.id < ${to}`));
  }
}

async function main() {
  const started = performance.now();
  const database = getDatabase();
  await migrateDatabase(database);
  await seedDemoCatalog();
  const [present] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM editions WHERE id LIKE ${`${GENERATED_PREFIX}%`}`);
  if ((present?.n ?? 0) === 0) await generate();
  else if (present?.n !== EDITIONS) throw new Error(`This database already holds ${present?.n} generated editions; use an empty one.`);
  // What autovacuum does on a live PostgreSQL after a bulk load: merge the GIN indexes' pending lists and
  // gather statistics. The embedded database has no autovacuum, so it needs this all the more.
  await getDb().execute(sql`VACUUM ANALYZE`);
  const [counts] = await queryRows<{ editions: number; authors: number; works: number; collections: number }>(
    sql`SELECT (SELECT count(*) FROM editions)::int AS editions, (SELECT count(*) FROM authors)::int AS authors,
        (SELECT count(*) FROM works)::int AS works, (SELECT count(*) FROM collections)::int AS collections`,
  );
  console.log(
    `catalogue on ${database.kind}: ${counts?.editions} editions, ${counts?.authors} authors, ${counts?.works} works, ${counts?.collections} collections ` +
      `(${((performance.now() - started) / 1000).toFixed(1)} s${present?.n ? ', reused' : ''})`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
