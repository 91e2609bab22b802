import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, getRequest, testViewer } from '../../../test/factories';
import { getDb, queryRows } from '~/db/client.server';
import { MERGE_LINKS } from '~/features/catalog/merge.server';
import { findCatalogRedirect, getAuthor, getEdition } from '~/features/catalog/queries.server';
import { searchEditions } from '~/features/catalog/search.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { listNotifications } from '~/features/social/queries.server';
import { AppError } from '~/server/errors';
import * as autor from '../../routes/autor.$identificador';
import * as edicao from '../../routes/ed.$id';
import { mergeAuthors, mergeEditions, mergeWorks } from './merge.server';
import { approveChangeRequest, createChangeRequest, rejectChangeRequest, reportDuplicate, revertCatalogChange } from './mutations.server';
import { getChangeRequestForReview, listCatalogChanges, listChangeRequests, listMyChangeRequests } from './queries.server';
import { routeArgs } from '../../../test/routes';

useTestDatabase();

type Loader = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

/** Where a loader redirects (status and location), or 'page' when it renders. */
async function served(module: { loader: unknown }, path: string, params: Record<string, string>): Promise<string> {
  try {
    await (module.loader as Loader)(routeArgs(getRequest(path), params));
    return 'page';
  } catch (thrown) {
    if (thrown instanceof Response) return `${thrown.status} ${thrown.headers.get('location')}`;
    const status = (thrown as { init?: { status?: number } }).init?.status;
    return String(status);
  }
}

const CATALOG_TABLES = { editions: 'edition', works: 'work', authors: 'author' } as const;

/**
 * Every column the database says points at an edition, a work or an author — a foreign key to those
 * tables, or a text column named like one of their ids with no foreign key elsewhere — that MERGE_LINKS
 * does not handle.
 */
async function unhandledLinks(): Promise<string[]> {
  const foreign = await queryRows<{ table: string; column: string; target: string }>(sql`
    SELECT cl.relname AS "table", a.attname AS "column", rt.relname AS target
    FROM pg_constraint c
      JOIN pg_class cl ON cl.oid = c.conrelid JOIN pg_class rt ON rt.oid = c.confrelid
      JOIN pg_namespace n ON n.oid = cl.relnamespace
      CROSS JOIN LATERAL unnest(c.conkey) AS k(attnum)
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
    WHERE c.contype = 'f' AND n.nspname = 'public'`);
  const named = await queryRows<{ table: string; column: string }>(sql`
    SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name ~ '(^|_)(edition|work|author)_id$'`);
  const expected = new Map<string, string>();
  for (const fk of foreign) {
    const kind = CATALOG_TABLES[fk.target as keyof typeof CATALOG_TABLES];
    if (kind) expected.set(`${fk.table}.${fk.column}`, kind);
  }
  const otherForeignKeys = new Set(foreign.filter((fk) => !(fk.target in CATALOG_TABLES)).map((fk) => `${fk.table}.${fk.column}`));
  for (const col of named) {
    const key = `${col.table}.${col.column}`;
    if (otherForeignKeys.has(key) || expected.has(key)) continue;
    expected.set(key, /(^|_)edition_id$/.test(col.column) ? 'edition' : /(^|_)work_id$/.test(col.column) ? 'work' : 'author');
  }
  const handled = new Map(MERGE_LINKS.map((l) => [`${l.table}.${l.column}`, l.references as readonly string[]]));
  return [...expected].filter(([key, kind]) => !handled.get(key)?.includes(kind)).map(([key]) => key);
}

describe('the merge module and the schema', () => {
  it('handles every column that points at an edition, a work or an author, and a new table with one makes the check fail', async () => {
    expect(await unhandledLinks()).toEqual([]);
    // Every listed column exists (a stale entry would hide a renamed one).
    const columns = await queryRows<{ key: string }>(
      sql`SELECT table_name || '.' || column_name AS key FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const existing = new Set(columns.map((c) => c.key));
    expect(MERGE_LINKS.map((l) => `${l.table}.${l.column}`).filter((key) => !existing.has(key))).toEqual([]);

    // Tables a later issue might add (names no real table uses).
    await getDb().execute(sql`CREATE TABLE future_shelves (id text PRIMARY KEY, edition_id text REFERENCES editions (id))`);
    await getDb().execute(sql`CREATE TABLE future_notes (id text PRIMARY KEY, work_id text)`);
    expect((await unhandledLinks()).sort()).toEqual(['future_notes.work_id', 'future_shelves.edition_id']);
  });
});

async function curatorAndReader() {
  const curator = await createUser({ role: 'curator' });
  const reader = await createUser();
  return { curator, reader, curatorV: testViewer(curator, 'curator'), readerV: testViewer(reader) };
}

const countOf = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(query))[0]?.n ?? 0);

describe('mergeEditions', () => {
  it('moves every link to the survivor, fills its empty fields, leaves a 308 and a history entry, in one go', async () => {
    const { curatorV, readerV } = await curatorAndReader();
    const survivor = await createEdition({
      title: 'Dom Casmurro',
      authors: ['Machado de Assis'],
      isbn: '9788535910667',
      publisher: 'Penguin',
      collection: { name: 'Clássicos Penguin', position: 1 },
    });
    const loser = await createEdition({
      title: 'Dom Casmurro',
      subtitle: 'Edição comentada',
      authors: ['Machado de Assis'],
      isbn: '9788572326972',
      publisher: 'Ática',
      pages: 208,
      translators: ['Ana Tradutora'],
      collection: { name: 'Clássicos Penguin', position: 7 },
    });
    const db = getDb();
    await createEdition({ title: 'Memórias Póstumas de Brás Cubas', authors: ['Machado de Assis'], collection: { name: 'Bom Livro', position: 3 } });
    await db.execute(
      sql`INSERT INTO collection_members (collection_id, edition_id, position) SELECT id, ${loser}, 4 FROM collections WHERE name = 'Bom Livro'`,
    );
    // Three readers: one of each edition, one of both (counted once after the merge).
    const [onlySurvivor, onlyLoser, both] = [testViewer(await createUser()), testViewer(await createUser()), testViewer(await createUser())];
    await setShelfStatus(onlySurvivor, survivor, 'read');
    await setShelfStatus(onlyLoser, loser, 'want_to_read');
    await setShelfStatus(both, survivor, 'reading');
    await setShelfStatus(both, loser, 'read');
    await db.execute(sql`INSERT INTO affiliate_clicks (id, asin, edition_id) VALUES ('click-1', '8535910662', ${loser})`);
    await db.execute(sql`INSERT INTO catalog_redirects (kind, from_id, to_id) VALUES ('edition', 'merged-long-ago', ${loser})`);
    const { code } = await createChangeRequest(readerV, {
      kind: 'edition_edit',
      target: loser,
      changes: [{ field: 'pages', before: '208', after: '210' }],
      note: '',
    });

    await mergeEditions(curatorV, loser, survivor);

    expect(await getEdition(loser)).toBeNull();
    const merged = await getEdition(survivor);
    // Never overwritten: the survivor's ISBN and publisher; filled: the subtitle and pages it lacked.
    expect([merged?.isbn13, merged?.publisher, merged?.subtitle, merged?.pages, merged?.readersCount]).toEqual([
      '9788535910667',
      'Penguin',
      'Edição comentada',
      208,
      3,
    ]);
    expect(merged?.contributors.map((c) => [c.name, c.role])).toEqual([['Ana Tradutora', 'translator']]);
    // Deduplicated on the key: the survivor keeps volume 1 of the collection both were in; the other membership moved.
    expect(merged?.collections.map((c) => [c.name, c.position])).toEqual([
      ['Bom Livro', 4],
      ['Clássicos Penguin', 1],
    ]);
    expect(await countOf(sql`SELECT count(*)::int AS n FROM affiliate_clicks WHERE edition_id = ${survivor}`)).toBe(1);
    expect(await countOf(sql`SELECT count(*)::int AS n FROM change_requests WHERE code = ${code} AND edition_id = ${survivor}`)).toBe(1);
    expect(await findCatalogRedirect('edition', loser)).toBe(survivor);
    expect(await findCatalogRedirect('edition', 'merged-long-ago')).toBe(survivor);
    expect(await served(edicao, `/ed/${loser}`, { id: loser })).toBe(`308 /ed/${survivor}`);
    expect((await searchEditions('comentada')).items.map((e) => e.id)).toEqual([survivor]);

    const history = await listCatalogChanges(curatorV, { page: 1 });
    const mergeRow = history.items.find((h) => h.field === 'merged_into');
    expect([mergeRow?.entityId, mergeRow?.entityLabel, mergeRow?.mergedInto, mergeRow?.actor?.username]).toEqual([
      loser,
      'Dom Casmurro',
      { label: 'Dom Casmurro', path: `/ed/${survivor}` },
      curatorV.username,
    ]);
    expect(history.items.filter((h) => h.entityId === survivor).map((h) => [h.field, h.before, h.after])).toEqual(
      expect.arrayContaining([
        ['subtitle', null, 'Edição comentada'],
        ['pages', null, '208'],
      ]),
    );
    // A merge is not revertible (decision 0013); the fields it filled are, like any other change.
    await expect(revertCatalogChange(curatorV, mergeRow?.id ?? '')).rejects.toThrow(/não pode ser revertida/);
    const filledPages = history.items.find((h) => h.entityId === survivor && h.field === 'pages');
    await revertCatalogChange(curatorV, filledPages?.id ?? '');
    expect((await getEdition(survivor))?.pages).toBeNull();
  });

  it('refuses a merge into itself, into or from a missing edition, and anyone without the curator role', async () => {
    const { curatorV, readerV } = await curatorAndReader();
    const a = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], publisher: 'Record' });
    const b = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], publisher: 'José Olympio' });
    await expect(mergeEditions(curatorV, a, a)).rejects.toThrow('São a mesma edição: escolha o registro duplicado e o que fica.');
    await expect(mergeEditions(curatorV, a, 'nao-existe')).rejects.toThrow('A edição que fica não existe no catálogo.');
    await expect(mergeEditions(curatorV, 'nao-existe', a)).rejects.toThrow('A edição a mesclar não existe (mais) no catálogo.');
    const denied = await mergeEditions(readerV, a, b).catch((e: unknown) => e);
    expect(denied instanceof AppError && denied.code).toBe('not_found');
    await expect(mergeAuthors(readerV, 'x', 'y')).rejects.toThrow(AppError);
    await expect(mergeWorks(readerV, 'x', 'y')).rejects.toThrow(AppError);
    expect((await getEdition(a))?.id).toBe(a);
    expect((await getEdition(b))?.id).toBe(b);
    expect(await countOf(sql`SELECT count(*)::int AS n FROM catalog_changes`)).toBe(0);
  });

  it('merges the work a merged edition leaves empty into the survivor’s work', async () => {
    const { curatorV } = await curatorAndReader();
    const survivor = await createEdition({ title: 'A Hora da Estrela', authors: ['Clarice Lispector'], publisher: 'Rocco' });
    const loser = await createEdition({ title: 'A Hora da Estrela', authors: ['Clarisse Lispector'], publisher: 'Rocco', synopsis: 'Macabéa chega ao Rio.' });
    const loserWork = (await getEdition(loser))?.workId ?? '';
    await mergeEditions(curatorV, loser, survivor);
    const merged = await getEdition(survivor);
    expect(merged?.synopsis).toBe('Macabéa chega ao Rio.');
    expect(await findCatalogRedirect('work', loserWork)).toBe(merged?.workId);
    expect(await countOf(sql`SELECT count(*)::int AS n FROM works WHERE id = ${loserWork}`)).toBe(0);
  });
});

describe('mergeWorks', () => {
  it('moves the editions and credits (deduplicated) and fills the survivor’s empty fields', async () => {
    const { curatorV } = await curatorAndReader();
    const first = await createEdition({ title: 'Grande Sertão: Veredas', authors: ['João Guimarães Rosa'], publisher: 'Nova Fronteira' });
    const second = await createEdition({
      title: 'Grande Sertão',
      authors: ['João Guimarães Rosa'],
      publisher: 'Companhia das Letras',
      synopsis: 'Riobaldo conta sua vida.',
      genres: ['literatura-brasileira'],
    });
    const survivorWork = (await getEdition(first))?.workId ?? '';
    const loserWork = (await getEdition(second))?.workId ?? '';
    expect(survivorWork).not.toBe(loserWork);
    await mergeWorks(curatorV, loserWork, survivorWork);
    const moved = await getEdition(second);
    expect([moved?.workId, moved?.synopsis, moved?.genres.map((g) => g.slug), moved?.otherEditionsCount]).toEqual([
      survivorWork,
      'Riobaldo conta sua vida.',
      ['literatura-brasileira'],
      1,
    ]);
    expect(await countOf(sql`SELECT count(*)::int AS n FROM work_authors WHERE work_id = ${survivorWork}`)).toBe(1);
    expect(await findCatalogRedirect('work', loserWork)).toBe(survivorWork);
    const history = await listCatalogChanges(curatorV, { entity: 'work', page: 1 });
    expect(history.items.map((h) => [h.entityType, h.entityId, h.field, h.after])).toEqual([['work', loserWork, 'merged_into', survivorWork]]);
  });
});

describe('mergeAuthors', () => {
  it('moves credits and contributions, keeps the old name as another name, and redirects the old identificador', async () => {
    const { curatorV } = await curatorAndReader();
    const survivorEdition = await createEdition({ title: 'Coraline', authors: ['Neil Gaiman'], translators: ['Niel Gaiman'] });
    const loserEdition = await createEdition({ title: 'Sandman', authors: ['Niel Gaiman', 'Neil Gaiman'] });
    const neil = (await getAuthor('neil-gaiman'))!;
    const niel = (await getAuthor('niel-gaiman'))!;
    await getDb().execute(sql`UPDATE authors SET nationality = 'Reino Unido', birth_year = 1960 WHERE id = ${niel.id}`);
    await getDb().execute(
      sql`INSERT INTO catalog_redirects (kind, from_id, to_id) VALUES ('author_slug', 'neil-gaiman-velho', 'niel-gaiman'), ('author', 'old-id', ${niel.id})`,
    );

    await mergeAuthors(curatorV, niel.id, neil.id);

    expect(await getAuthor('niel-gaiman')).toBeNull();
    const merged = await getAuthor('neil-gaiman');
    expect([merged?.otherNames, merged?.nationality, merged?.birthYear]).toEqual([['Niel Gaiman'], 'Reino Unido', 1960]);
    expect(merged?.works.map((w) => w.title).sort()).toEqual(['Coraline', 'Sandman']);
    expect(merged?.translations.map((e) => e.id)).toEqual([survivorEdition]);
    // Credited twice on Sandman before; one credit now.
    expect((await getEdition(loserEdition))?.authors.map((a) => a.name)).toEqual(['Neil Gaiman']);
    expect(await findCatalogRedirect('author', niel.id)).toBe(neil.id);
    expect(await findCatalogRedirect('author', 'old-id')).toBe(neil.id);
    expect(await findCatalogRedirect('author_slug', 'neil-gaiman-velho')).toBe('neil-gaiman');
    expect(await served(autor, '/autor/niel-gaiman', { identificador: 'niel-gaiman' })).toBe('308 /autor/neil-gaiman');
    expect((await searchEditions('niel gaiman')).items.map((e) => e.id)).toContain(loserEdition);
    // Importing the old spelling again credits the survivor instead of re-creating the duplicate.
    const again = await createEdition({ title: 'Stardust', authors: ['Niel Gaiman'] });
    expect((await getEdition(again))?.authors.map((a) => a.slug)).toEqual(['neil-gaiman']);
    expect(
      await countOf(sql`SELECT count(*)::int AS n FROM catalog_changes WHERE entity_type = 'author' AND field = 'merged_into' AND entity_id = ${niel.id}`),
    ).toBe(1);
  });
});

describe('duplicate reports', () => {
  it('go to the queue, and approval merges the record the curator did not pick into the one they did', async () => {
    const { readerV, curatorV } = await curatorAndReader();
    const target = await createEdition({ title: 'O Cortiço', authors: ['Aluísio Azevedo'], publisher: 'Ática', pages: 232 });
    const other = await createEdition({ title: 'O Cortiço', authors: ['Aluísio Azevedo'], publisher: 'Atica' });
    await expect(reportDuplicate(readerV, { entity: 'edition', target, other: target, note: '' })).rejects.toThrow(
      'É a mesma edição desta página: escolha a outra edição, a repetida.',
    );
    await expect(reportDuplicate(readerV, { entity: 'edition', target, other: 'nao-existe', note: '' })).rejects.toThrow(
      'Não encontramos essa edição no catálogo: confira o link.',
    );
    const { code, status } = await reportDuplicate(readerV, { entity: 'edition', target, other, note: 'Mesma editora, grafada sem acento.' });
    expect(status).toBe('pending');

    const queue = await listChangeRequests(curatorV, { kind: 'duplicate', status: 'pending', page: 1 });
    expect(queue.items.map((r) => [r.code, r.kind, r.targetLabel, r.duplicate?.path])).toEqual([[code, 'duplicate', 'O Cortiço', `/ed/${other}`]]);
    const review = await getChangeRequestForReview(curatorV, code);
    expect(review?.records?.map((r) => [r?.id, r?.facts.find((f) => f.label === 'Editora')?.value])).toEqual([
      [target, 'Ática'],
      [other, 'Atica'],
    ]);

    await expect(approveChangeRequest(curatorV, code, { survivorId: 'outra-coisa' })).rejects.toThrow('Escolha qual dos dois registros fica.');
    await approveChangeRequest(curatorV, code, { survivorId: other, answer: 'Mescladas.' });
    expect(await getEdition(target)).toBeNull();
    expect((await getEdition(other))?.pages).toBe(232);
    expect(await served(edicao, `/ed/${target}`, { id: target })).toBe(`308 /ed/${other}`);
    const [mine] = (await listMyChangeRequests(readerV)).items;
    expect([mine?.status, mine?.targetPath, mine?.duplicate?.path]).toEqual(['approved', `/ed/${other}`, `/ed/${other}`]);
    const notices = await listNotifications(readerV);
    expect(notices.items[0]?.text).toBe(`Sua solicitação ${code} (“O Cortiço”) foi aprovada.`);
    const history = await listCatalogChanges(curatorV, { code, page: 1 });
    expect(history.items.map((h) => [h.field, h.entityId])).toEqual(expect.arrayContaining([['merged_into', target]]));
  });

  it('of authors are rejected with a reason, and count towards the 50 a day', async () => {
    const { reader, readerV, curatorV } = await curatorAndReader();
    await createEdition({ title: 'Mar Morto', authors: ['Jorge Amado'] });
    await createEdition({ title: 'Capitães da Areia', authors: ['Jorge Amado de Faria'] });
    const { code } = await reportDuplicate(readerV, { entity: 'author', target: 'jorge-amado', other: 'jorge-amado-de-faria', note: '' });
    const review = await getChangeRequestForReview(curatorV, code);
    expect(review?.records?.map((r) => r?.path)).toEqual(['/autor/jorge-amado', '/autor/jorge-amado-de-faria']);
    await rejectChangeRequest(curatorV, code, 'São pessoas diferentes.');
    expect((await getAuthor('jorge-amado-de-faria'))?.name).toBe('Jorge Amado de Faria');
    expect((await listMyChangeRequests(readerV)).items[0]?.answer).toBe('São pessoas diferentes.');

    await getDb().execute(sql`UPDATE rate_limit_counters SET count = 50 WHERE key = ${`change-requests:${reader.id.toLowerCase()}`}`);
    await expect(reportDuplicate(readerV, { entity: 'author', target: 'jorge-amado', other: 'jorge-amado-de-faria', note: '' })).rejects.toThrow(
      /limite de 50 solicitações por dia/,
    );
  });
});
