import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { useTestDatabase } from '../../../../test/db';
import { createEdition, createUser, testViewer } from '../../../../test/factories';
import { follow, restrict, shelve, suspend } from '../../../../test/reading-factories';
import { editionStats, readerStats } from './stats.server';

useTestDatabase();

describe('reading statistics', () => {
  it('add up a reader’s year: months, pages, genres, authors’ countries and ratings', async () => {
    const reader = await createUser();
    const torto = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], pages: 264, genres: ['literatura-brasileira', 'romance'] });
    const mia = await createEdition({ title: 'Terra Sonâmbula', authors: ['Mia Couto'], pages: 200, genres: ['literatura-africana', 'romance'] });
    const saramago = await createEdition({ title: 'Ensaio sobre a Cegueira', authors: ['José Saramago'], pages: 310, genres: ['romance'] });
    await getDb().execute(
      sql`UPDATE authors SET nationality = CASE name WHEN 'Itamar Vieira Junior' THEN 'Brasil' WHEN 'Mia Couto' THEN 'Moçambique' ELSE NULL END`,
    );
    await shelve(reader.id, torto, { rating: 4.5, reads: [{ finished: '2026-01-20' }, { finished: '2026-03-02' }] });
    await shelve(reader.id, mia, { rating: 5, reads: [{ finished: '2026-03-31' }] });
    await shelve(reader.id, saramago, { rating: 1.75, reads: [{ finished: '2025-12-31' }] });

    const stats = await readerStats(null, reader.id, 2026);
    expect(stats).toMatchObject({ year: 2026, books: 3, pages: 728 });
    expect(stats?.timeline.slice(0, 4)).toEqual([
      { at: 1, books: 1, pages: 264 },
      { at: 2, books: 0, pages: 0 },
      { at: 3, books: 2, pages: 464 },
      { at: 4, books: 0, pages: 0 },
    ]);
    expect(stats?.genres).toEqual([
      { label: 'Romance', value: 3 },
      { label: 'Literatura brasileira', value: 2 },
      { label: 'Literatura africana', value: 1 },
    ]);
    expect(stats?.countries).toEqual([
      { label: 'Brasil', value: 1 },
      { label: 'Moçambique', value: 1 },
    ]);
    // 4,5 in "4 a 4,75", 5 alone; the 1,75 of a book finished in 2025 is not this year's.
    expect(stats?.ratings).toEqual([0, 0, 0, 1, 1]);
    expect((await readerStats(null, reader.id, 2025))?.ratings).toEqual([1, 0, 0, 0, 0]);
  });

  it('are hidden like a missing reader when the profile is hidden from the viewer', async () => {
    const [reader, follower, stranger] = [await createUser(), await createUser(), await createUser()];
    await follow(follower.id, reader.id);
    await restrict(reader.id);
    expect(await readerStats(testViewer(stranger), reader.id, 2026)).toBeNull();
    expect(await readerStats(null, reader.id, 2026)).toBeNull();
    expect(await readerStats(testViewer(follower), reader.id, 2026)).toMatchObject({ books: 0 });
    expect(await readerStats(testViewer(reader), reader.id, 2026)).toMatchObject({ books: 0 });
    expect(await readerStats(null, 'ninguem', 2026)).toBeNull();
  });

  it('of an edition: ratings of every reader not suspended, and the average time of dated readings', async () => {
    const book = await createEdition({ title: 'Capitães da Areia', authors: ['Jorge Amado'], pages: 280 });
    const [a, b, c, d, gone] = [await createUser(), await createUser(), await createUser(), await createUser(), await createUser()];
    await restrict(d.id);
    await shelve(a.id, book, { rating: 5, reads: [{ started: '2026-01-01', finished: '2026-01-10' }] });
    await shelve(b.id, book, { rating: 4, reads: [{ started: '2026-02-01', finished: '2026-02-05' }, { finished: '2026-05-01' }] });
    await shelve(c.id, book, { rating: 0.5, status: 'abandoned', reads: [{ started: '2026-03-01' }] });
    // A restricted reader's rating still counts in the aggregate: it names no one.
    await shelve(d.id, book, { rating: 4.75 });
    await shelve(gone.id, book, { rating: 1, reads: [{ started: '2026-01-01', finished: '2026-12-31' }] });
    await suspend(gone.id);

    const traits = (userId: string, moods: string[], pacing: string | null, warnings: string[]) =>
      getDb().execute(
        sql`UPDATE shelf_entries SET moods = ${`{${moods.join(',')}}`}::text[], pacing = ${pacing}, content_warnings = ${`{${warnings.join(',')}}`}::text[] WHERE user_id = ${userId} AND edition_id = ${book}`,
      );
    await traits(a.id, ['dark', 'emotional'], 'slow', ['violência']);
    await traits(b.id, ['emotional'], null, []);
    await traits(c.id, [], 'fast', ['violência', 'abuso infantil']);
    // A suspended reader's traits count no more than their rating.
    await traits(gone.id, ['funny'], 'fast', ['luto']);

    expect(await editionStats(book)).toEqual({
      ratings: [1, 0, 0, 2, 1],
      ratingsCount: 4,
      averageRating: 3.56,
      readingTime: { averageDays: 7.5, count: 2 },
      moods: [
        { mood: 'emotional', readers: 2 },
        { mood: 'dark', readers: 1 },
      ],
      pacing: [
        { pacing: 'slow', readers: 1 },
        { pacing: 'medium', readers: 0 },
        { pacing: 'fast', readers: 1 },
      ],
      contentWarnings: [
        { label: 'violência', value: 2 },
        { label: 'abuso infantil', value: 1 },
      ],
      traitReaders: 3,
    });
    expect(await editionStats(await createEdition({ title: 'Mar Morto', authors: ['Jorge Amado'] }))).toEqual({
      ratings: [0, 0, 0, 0, 0],
      ratingsCount: 0,
      averageRating: null,
      readingTime: null,
      moods: [],
      pacing: [
        { pacing: 'slow', readers: 0 },
        { pacing: 'medium', readers: 0 },
        { pacing: 'fast', readers: 0 },
      ],
      contentWarnings: [],
      traitReaders: 0,
    });
  });
});
