import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { progressEntries, readThroughs } from '~/db/schema';
import { mergeEditions } from '~/features/curation/merge.server';
import { useTestDatabase } from '../../../../test/db';
import { createEdition, createUser, testViewer } from '../../../../test/factories';
import { setShelfStatus } from '../shelves/mutations.server';
import { type EditionLength, allowedUnits, estimateDaysLeft } from './progress';
import { correctProgress, getMyProgress, logProgress } from './progress.server';
import { listBookshelf } from '../shelves/bookshelf.server';
import { getMyShelfEntry } from '../shelves/queries.server';

useTestDatabase();

const pages = (n: number): EditionLength => ({ pages: n, audioMinutes: null, format: 'brochura' });
const update = (value: number, unit: 'page' | 'percent' | 'minute' = 'page', extra: Partial<{ comment: string; emotion: 'tense'; spoiler: boolean }> = {}) => ({
  value,
  unit,
  comment: extra.comment ?? null,
  emotion: extra.emotion ?? null,
  spoiler: extra.spoiler ?? false,
});
/** Moves the open reading's start (and its last update) back, as if it had begun `days` ago. */
const startedDaysAgo = (days: number) =>
  getDb().execute(sql`UPDATE read_throughs SET started_on = (now() AT TIME ZONE 'America/Sao_Paulo')::date - ${days}::int WHERE finished_on IS NULL`);

describe('reading progress', () => {
  it('offers percent always, pages when known and minutes for audiobooks with a duration', async () => {
    expect(allowedUnits(pages(200))).toEqual(['page', 'percent']);
    expect(allowedUnits({ pages: null, audioMinutes: 600, format: 'audiolivro' })).toEqual(['percent', 'minute']);
    expect(allowedUnits({ pages: null, audioMinutes: 600, format: 'ebook' })).toEqual(['percent']);
    expect(allowedUnits({ pages: null, audioMinutes: null, format: 'brochura' })).toEqual(['percent']);

    const book = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], pages: 200 });
    const audiobook = await createEdition({ title: 'Torto Arado (audiolivro)', authors: ['Itamar Vieira Junior'], format: 'audiolivro', audioMinutes: 600 });
    const reader = testViewer(await createUser());
    expect(await logProgress(reader, book, update(50))).toMatchObject({ advanced: true, fraction: 0.25 });
    // 60 % of the book is further than page 50 whatever the unit: the fraction compares.
    expect(await logProgress(reader, book, update(60, 'percent'))).toMatchObject({ advanced: true, fraction: 0.6 });
    expect(await logProgress(reader, book, update(110))).toMatchObject({ advanced: false, fraction: 0.6 });
    expect(await logProgress(reader, audiobook, update(150, 'minute'))).toMatchObject({ advanced: true, fraction: 0.25 });
    await expect(logProgress(reader, audiobook, update(10, 'page'))).rejects.toMatchObject({ code: 'invalid_input', field: 'unit' });
    await expect(logProgress(reader, book, update(201))).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'value',
      message: 'Este livro tem 200 páginas.',
    });
    await expect(logProgress(reader, book, update(101, 'percent'))).rejects.toMatchObject({ field: 'value', message: 'A porcentagem vai até 100.' });
    await expect(logProgress(reader, 'nao-existe', update(1))).rejects.toMatchObject({ code: 'not_found' });
    // The table refuses what the code would never write.
    await expect(getDb().execute(sql`UPDATE read_throughs SET progress_fraction = 1.5`)).rejects.toThrow();
  });

  it('starts reading a book not being read, but a finished one needs a deliberate reread', async () => {
    const [fresh, paused, done] = await Promise.all([
      createEdition({ title: 'Iracema', authors: ['José de Alencar'], pages: 120 }),
      createEdition({ title: 'Macunaíma', authors: ['Mário de Andrade'], pages: 200 }),
      createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'], pages: 256 }),
    ]);
    const reader = testViewer(await createUser());
    await logProgress(reader, fresh, update(12));
    expect(await getMyShelfEntry(reader, fresh)).toMatchObject({ status: 'reading', readThroughs: [{ finishedOn: null }] });

    await setShelfStatus(reader, paused, 'reading');
    await logProgress(reader, paused, update(20));
    await setShelfStatus(reader, paused, 'paused');
    await logProgress(reader, paused, update(40));
    const resumed = await getMyShelfEntry(reader, paused);
    expect(resumed).toMatchObject({ status: 'reading' });
    expect(resumed?.readThroughs).toHaveLength(1);
    expect((await getMyProgress(reader, paused, pages(200)))?.fraction).toBe(0.2);

    await setShelfStatus(reader, done, 'read');
    await expect(logProgress(reader, done, update(10))).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'Marque como “Lendo” para começar uma releitura e registrar o progresso dela.',
    });
    expect(await getMyProgress(reader, done, pages(256))).toBeNull();
  });

  it('keeps the furthest value when two sessions race, and keeps every update', async () => {
    const book = await createEdition({ title: 'Grande Sertão: Veredas', authors: ['Guimarães Rosa'], pages: 624 });
    const user = await createUser();
    // Two sessions of the same reader (two tabs, two devices) send updates at the same time.
    const [tabA, tabB] = [testViewer(user), testViewer(user)];
    await setShelfStatus(tabA, book, 'reading');
    const values = [120, 300, 80, 299, 250, 10, 301, 150];
    await Promise.all(values.map((value, i) => logProgress(i % 2 ? tabB : tabA, book, update(value))));
    const progress = await getMyProgress(tabA, book, pages(624));
    expect(progress).toMatchObject({ value: 301, unit: 'page', fraction: 301 / 624 });
    expect(await getDb().select().from(progressEntries)).toHaveLength(values.length);

    // A stale tab later sends an older page: recorded, but the progress does not go back.
    expect(await logProgress(tabB, book, update(200))).toMatchObject({ advanced: false, fraction: 301 / 624 });
    expect((await getMyProgress(tabA, book, pages(624)))?.value).toBe(301);
  });

  it('moves backwards only through the explicit correction, recorded as such', async () => {
    const book = await createEdition({ title: 'Quarto de Despejo', authors: ['Carolina Maria de Jesus'], pages: 200 });
    const reader = testViewer(await createUser());
    await setShelfStatus(reader, book, 'reading');
    await expect(correctProgress(reader, book, 10, 'page')).rejects.toMatchObject({ field: 'correctedValue' });
    await logProgress(reader, book, update(150, 'page', { comment: 'Que capítulo!', emotion: 'tense', spoiler: true }));
    await expect(correctProgress(reader, book, 160, 'page')).rejects.toMatchObject({
      field: 'correctedValue',
      message: 'A correção é para voltar atrás; para avançar, registre o progresso.',
    });
    await expect(correctProgress(reader, book, 300, 'page')).rejects.toMatchObject({ field: 'correctedValue', message: 'Este livro tem 200 páginas.' });
    await correctProgress(reader, book, 15, 'percent');
    const progress = await getMyProgress(reader, book, pages(200));
    expect(progress).toMatchObject({ value: 15, unit: 'percent', fraction: 0.15 });
    expect(progress?.updates.map((u) => [u.value, u.unit, u.correction])).toEqual([
      [15, 'percent', true],
      [150, 'page', false],
    ]);
    expect(progress?.updates[1]).toMatchObject({ comment: 'Que capítulo!', emotion: 'tense', spoiler: true });
    // Forward again from the corrected point.
    expect(await logProgress(reader, book, update(40))).toMatchObject({ advanced: true, fraction: 0.2 });
    // Only a book being read (or paused) can be corrected.
    await setShelfStatus(reader, book, 'abandoned');
    await expect(correctProgress(reader, book, 1, 'page')).rejects.toMatchObject({
      message: 'Só dá para corrigir o progresso de um livro que você está lendo.',
    });
  });

  it('reaches the end without finishing by itself; marking it read ends the reading', async () => {
    const book = await createEdition({ title: 'A Hora da Estrela', authors: ['Clarice Lispector'], pages: 88 });
    const reader = testViewer(await createUser());
    expect(await logProgress(reader, book, update(88))).toMatchObject({ advanced: true, fraction: 1 });
    expect(await getMyShelfEntry(reader, book)).toMatchObject({ status: 'reading', readCount: 0 });
    expect(await getMyProgress(reader, book, pages(88))).toMatchObject({ fraction: 1, daysLeft: null });
    expect((await listBookshelf(reader, { page: 1 })).items[0]?.progress).toBe(1);
    await setShelfStatus(reader, book, 'read');
    expect(await getMyShelfEntry(reader, book)).toMatchObject({ status: 'read', readCount: 1 });
    expect(await getMyProgress(reader, book, pages(88))).toBeNull();
    expect((await listBookshelf(reader, { page: 1 })).items[0]?.progress).toBeNull();
  });

  it("estimates the time left from this reading's pace, or the reader's recent readings, or not at all", async () => {
    expect(estimateDaysLeft({ fraction: 0.25, startedOn: '2026-11-01', lastUpdateOn: '2026-11-10', length: 200, recent: null })).toBe(30);
    expect(estimateDaysLeft({ fraction: 0.25, startedOn: '2026-11-10', lastUpdateOn: '2026-11-10', length: 200, recent: null })).toBeNull();
    expect(estimateDaysLeft({ fraction: 0.1, startedOn: '2026-11-10', lastUpdateOn: '2026-11-10', length: 200, recent: { amount: 300, days: 10 } })).toBe(6);
    expect(estimateDaysLeft({ fraction: 0.1, startedOn: null, lastUpdateOn: null, length: null, recent: { amount: 300, days: 10 } })).toBeNull();
    expect(estimateDaysLeft({ fraction: 0.99, startedOn: '2026-11-01', lastUpdateOn: '2026-11-10', length: 200, recent: null })).toBe(1);

    const [earlier, current, other] = await Promise.all([
      createEdition({ title: 'Memórias Póstumas de Brás Cubas', authors: ['Machado de Assis'], pages: 300 }),
      createEdition({ title: 'O Cortiço', authors: ['Aluísio Azevedo'], pages: 200 }),
      createEdition({ title: 'Senhora', authors: ['José de Alencar'], pages: 400 }),
    ]);
    const reader = testViewer(await createUser());
    // Started today with one update: too little of this reading, and no finished reading to learn from.
    await logProgress(reader, current, update(20));
    expect((await getMyProgress(reader, current, pages(200)))?.daysLeft).toBeNull();

    // A finished reading of 300 pages in 10 days: 30 pages a day, so the 180 pages left take 6 days.
    await setShelfStatus(reader, earlier, 'read');
    await getDb().execute(sql`UPDATE read_throughs SET started_on = finished_on - 9 WHERE finished_on IS NOT NULL`);
    expect((await getMyProgress(reader, current, pages(200)))?.daysLeft).toBe(6);

    // This reading began 9 days ago (10 days counted) and is at 50 of 200: 0.025 a day, 30 days left.
    await startedDaysAgo(9);
    await logProgress(reader, current, update(50));
    expect((await getMyProgress(reader, current, pages(200)))?.daysLeft).toBe(30);

    // Another reader's pace is not mine.
    const stranger = testViewer(await createUser());
    await logProgress(stranger, other, update(40));
    expect((await getMyProgress(stranger, other, pages(400)))?.daysLeft).toBeNull();
  });

  it("never touches another reader's progress", async () => {
    const book = await createEdition({ title: 'Ponciá Vicêncio', authors: ['Conceição Evaristo'], pages: 160 });
    const [ana, bia] = [testViewer(await createUser()), testViewer(await createUser())];
    await logProgress(ana, book, update(100));
    await logProgress(bia, book, update(10));
    await expect(correctProgress(bia, book, 50, 'page')).rejects.toMatchObject({ field: 'correctedValue' });
    expect(await getMyProgress(ana, book, pages(160))).toMatchObject({ value: 100, updates: [expect.objectContaining({ value: 100 })] });
    expect(await getMyProgress(bia, book, pages(160))).toMatchObject({ value: 10, updates: [expect.objectContaining({ value: 10 })] });
  });

  it('keeps the furthest progress and every update when a merge folds two open readings', async () => {
    const survivor = await createEdition({ title: 'Capitães da Areia', authors: ['Jorge Amado'], pages: 280, isbn: '9788535914061' });
    const loser = await createEdition({ title: 'Capitães da Areia', authors: ['Jorge Amado'], pages: 280, publisher: 'Outra' });
    const reader = testViewer(await createUser());
    await logProgress(reader, loser, update(200));
    await logProgress(reader, survivor, update(30));
    await mergeEditions(testViewer(await createUser({ role: 'curator' }), 'curator'), loser, survivor);
    const progress = await getMyProgress(reader, survivor, pages(280));
    expect(progress).toMatchObject({ value: 200, fraction: 200 / 280 });
    expect(progress?.updates.map((u) => u.value).sort()).toEqual([200, 30]);
    expect(await getDb().select().from(readThroughs).where(eq(readThroughs.progressValue, 200))).toHaveLength(1);
  });
});
