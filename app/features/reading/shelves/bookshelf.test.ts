import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { useTestDatabase } from '../../../../test/db';
import { createEdition, createUser, testViewer } from '../../../../test/factories';
import { listBookshelf, moveShelfEntries } from './bookshelf.server';
import { rateShelfEntry, setEntryCopy, setShelfStatus } from './mutations.server';
import { getMyShelfEntry } from './queries.server';
import type { BookshelfFilters } from '../types';
import type { BookshelfSort } from './validation';

useTestDatabase();

const finishOn = (entryId: string, day: string) => getDb().execute(sql`UPDATE read_throughs SET finished_on = ${day}::date WHERE shelf_entry_id = ${entryId}`);

describe('the bookshelf page (/estante)', () => {
  it('filters by year, rating, format, owned copy, genre, language and status, and sorts five ways', async () => {
    const reader = testViewer(await createUser());
    const other = testViewer(await createUser());
    const vidas = await createEdition({
      title: 'Vidas Secas',
      authors: ['Graciliano Ramos'],
      format: 'brochura',
      language: 'pt',
      genres: ['literatura-brasileira'],
    });
    const dom = await createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'], format: 'capa_dura', language: 'pt', genres: ['classicos'] });
    const hobbit = await createEdition({ title: 'The Hobbit', authors: ['J. R. R. Tolkien'], format: 'ebook', language: 'en', genres: ['fantasia'] });
    await setShelfStatus(reader, vidas, 'read');
    await rateShelfEntry(reader, vidas, 4.5);
    await setShelfStatus(reader, dom, 'read');
    await rateShelfEntry(reader, dom, 3);
    await setShelfStatus(reader, hobbit, 'want_to_read');
    await setEntryCopy(reader, hobbit, { owned: true, ownedFormat: 'ebook', notes: 'Presente da Ana' });
    await setShelfStatus(other, vidas, 'read');
    await finishOn((await getMyShelfEntry(reader, vidas))!.id, '2024-05-10');
    await finishOn((await getMyShelfEntry(reader, dom))!.id, '2025-02-01');

    const titles = async (filters: BookshelfFilters, sort?: BookshelfSort) =>
      (await listBookshelf(reader, { filters, ...(sort ? { sort } : {}), page: 1 })).items.map((i) => i.edition.title);
    expect(await titles({ year: 2024 })).toEqual(['Vidas Secas']);
    expect(await titles({ year: 2023 })).toEqual([]);
    expect(await titles({ rating: 4 })).toEqual(['Vidas Secas']);
    expect((await titles({ rating: 3 })).sort()).toEqual(['Dom Casmurro', 'Vidas Secas']);
    expect(await titles({ rating: 'none' })).toEqual(['The Hobbit']);
    expect(await titles({ format: 'capa_dura' })).toEqual(['Dom Casmurro']);
    expect(await titles({ owned: true })).toEqual(['The Hobbit']);
    expect((await titles({ owned: false })).sort()).toEqual(['Dom Casmurro', 'Vidas Secas']);
    expect(await titles({ genre: 'fantasia' })).toEqual(['The Hobbit']);
    expect(await titles({ language: 'en' })).toEqual(['The Hobbit']);
    expect(await titles({ status: 'read', language: 'en' })).toEqual([]);

    expect(await titles({}, 'titulo')).toEqual(['Dom Casmurro', 'The Hobbit', 'Vidas Secas']);
    expect(await titles({}, 'autor')).toEqual(['Dom Casmurro', 'Vidas Secas', 'The Hobbit']);
    expect(await titles({}, 'nota')).toEqual(['Vidas Secas', 'Dom Casmurro', 'The Hobbit']);
    expect(await titles({}, 'leitura')).toEqual(['Dom Casmurro', 'Vidas Secas', 'The Hobbit']);
    expect(await titles({}, 'recentes')).toEqual(['The Hobbit', 'Dom Casmurro', 'Vidas Secas']);

    // The tabs count with the other filters applied; the filters offer what the reader has.
    const portuguese = await listBookshelf(reader, { filters: { language: 'pt' }, page: 1 });
    expect(portuguese.counts).toMatchObject({ read: 2, want_to_read: 0 });
    expect(portuguese.total).toBe(2);
    expect(portuguese).toMatchObject({ years: [2025, 2024], languages: ['en', 'pt'] });
    // Another reader's bookshelf holds only their own entry.
    expect((await listBookshelf(other, { filters: { year: 2024 }, page: 1 })).items).toEqual([]);

    // The language follows the edition: a curator's correction, and an entry moved to another edition (a merge).
    await getDb().execute(sql`UPDATE editions SET language = 'es' WHERE id = ${hobbit}`);
    expect(await titles({ language: 'es' })).toEqual(['The Hobbit']);
    expect((await listBookshelf(reader, { page: 1 })).languages).toEqual(['es', 'pt']);
    const french = await createEdition({ title: 'Vies sèches', authors: ['Graciliano Ramos'], language: 'fr' });
    await getDb().execute(sql`UPDATE shelf_entries SET edition_id = ${french} WHERE id = ${(await getMyShelfEntry(reader, vidas))!.id}`);
    expect(await titles({ language: 'fr' })).toEqual(['Vies sèches']);
    expect((await listBookshelf(reader, { page: 1 })).languages).toEqual(['es', 'fr', 'pt']);
  });

  it('moves the checked entries in bulk, only the viewer’s own, keeping every date', async () => {
    const reader = testViewer(await createUser());
    const other = testViewer(await createUser());
    const reading = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'] });
    const wanted = await createEdition({ title: 'Quarto de Despejo', authors: ['Carolina Maria de Jesus'] });
    await setShelfStatus(reader, reading, 'reading');
    await getDb().execute(sql`UPDATE read_throughs SET started_on = started_on - 20`);
    await setShelfStatus(reader, wanted, 'want_to_read');
    await setShelfStatus(other, reading, 'paused');
    const started = (await getMyShelfEntry(reader, reading))!.readThroughs[0]!.startedOn;
    const ids = [(await getMyShelfEntry(reader, reading))!.id, (await getMyShelfEntry(reader, wanted))!.id, (await getMyShelfEntry(other, reading))!.id];

    expect(await moveShelfEntries(reader, ids, 'read')).toBe(2);
    const finished = await getMyShelfEntry(reader, reading);
    expect(finished).toMatchObject({ status: 'read', readCount: 1 });
    expect(finished!.readThroughs).toEqual([expect.objectContaining({ startedOn: started, finishedOn: expect.stringMatching(/^\d{4}-/) })]);
    expect(await getMyShelfEntry(reader, wanted)).toMatchObject({ status: 'read', readCount: 1 });
    expect(await getMyShelfEntry(other, reading)).toMatchObject({ status: 'paused' });
    expect(await moveShelfEntries(other, [ids[0]!], 'abandoned')).toBe(0);
    expect(await getMyShelfEntry(reader, reading)).toMatchObject({ status: 'read' });
  });

  it('keeps the owned copy and the private notes on the reader’s entry', async () => {
    const reader = testViewer(await createUser());
    const edition = await createEdition({ title: 'Grande Sertão: Veredas', authors: ['Guimarães Rosa'] });
    await expect(setEntryCopy(reader, edition, { owned: true, ownedFormat: 'brochura', notes: null })).rejects.toMatchObject({ code: 'invalid_input' });
    await setShelfStatus(reader, edition, 'reading');
    await setEntryCopy(reader, edition, { owned: true, ownedFormat: 'capa_dura', notes: 'Emprestado do tio' });
    expect(await getMyShelfEntry(reader, edition)).toMatchObject({ owned: true, ownedFormat: 'capa_dura', notes: 'Emprestado do tio' });
    // Not owning it any more forgets the format.
    await setEntryCopy(reader, edition, { owned: false, ownedFormat: 'capa_dura', notes: null });
    expect(await getMyShelfEntry(reader, edition)).toMatchObject({ owned: false, ownedFormat: null, notes: null });
    await expect(setEntryCopy(reader, edition, { owned: false, ownedFormat: null, notes: 'x'.repeat(2001) })).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'notes',
    });
  });
});
