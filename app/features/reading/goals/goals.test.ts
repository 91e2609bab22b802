import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { useTestDatabase } from '../../../../test/db';
import { createEdition, createUser, testViewer } from '../../../../test/factories';
import { block, follow, restrict, shelve, suspend } from '../../../../test/reading-factories';
import { goalFraction, readingGoalInput, yearInSaoPaulo } from './goals';
import { readingGoalOf, setReadingGoal } from './goals.server';

useTestDatabase();

describe('reading goal', () => {
  it('counts read-throughs finished inside the year and the pages of their editions, rereads included', async () => {
    const reader = await createUser();
    const viewer = testViewer(reader);
    const [a, b, c, noPages] = [
      await createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'], pages: 256 }),
      await createEdition({ title: 'Quincas Borba', authors: ['Machado de Assis'], pages: 300 }),
      await createEdition({ title: 'Helena', authors: ['Machado de Assis'], pages: 200 }),
      await createEdition({ title: 'Iaiá Garcia', authors: ['Machado de Assis'] }),
    ];
    // Dom Casmurro twice in 2026 (a reread counts again); Quincas Borba on the year's last day of 2025 and
    // Helena on the first of 2027 stay out; a book without a page count adds a book and no pages.
    await shelve(reader.id, a, { reads: [{ started: '2026-01-01', finished: '2026-01-01' }, { finished: '2026-12-31' }] });
    await shelve(reader.id, b, { reads: [{ finished: '2025-12-31' }] });
    await shelve(reader.id, c, { reads: [{ finished: '2027-01-01' }] });
    await shelve(reader.id, noPages, { reads: [{ finished: '2026-06-15' }] });
    await shelve(reader.id, await createEdition({ title: 'Memorial de Aires', authors: ['Machado de Assis'], pages: 180 }), {
      status: 'reading',
      reads: [{ started: '2026-03-01' }],
    });

    expect(await readingGoalOf(viewer, reader.id, 2026)).toEqual({ year: 2026, booksTarget: null, pagesTarget: null, booksRead: 3, pagesRead: 512 });
    await setReadingGoal(viewer, 2026, { books: 24, pages: null });
    expect(await readingGoalOf(viewer, reader.id, 2026)).toMatchObject({ booksTarget: 24, pagesTarget: null, booksRead: 3 });
    await setReadingGoal(viewer, 2026, { books: null, pages: 6000 });
    expect(await readingGoalOf(viewer, reader.id, 2026)).toMatchObject({ booksTarget: null, pagesTarget: 6000, pagesRead: 512 });
    expect(await readingGoalOf(viewer, reader.id, 2025)).toEqual({ year: 2025, booksTarget: null, pagesTarget: null, booksRead: 1, pagesRead: 300 });
    expect(goalFraction(3, 24)).toBe(0.125);
    expect(goalFraction(30, 24)).toBe(1);
  });

  it('shows a goal only to those who may see the profile, and nobody sets another reader’s goal', async () => {
    const [owner, follower, stranger, blocked] = [await createUser(), await createUser(), await createUser(), await createUser()];
    await setReadingGoal(testViewer(owner), 2026, { books: 12, pages: 3000 });
    await follow(follower.id, owner.id);
    await block(owner.id, blocked.id);

    expect(await readingGoalOf(null, owner.id, 2026)).toMatchObject({ booksTarget: 12 });
    expect(await readingGoalOf(testViewer(blocked), owner.id, 2026)).toBeNull();
    await restrict(owner.id);
    expect(await readingGoalOf(testViewer(stranger), owner.id, 2026)).toBeNull();
    expect(await readingGoalOf(null, owner.id, 2026)).toBeNull();
    expect(await readingGoalOf(testViewer(follower), owner.id, 2026)).toMatchObject({ booksTarget: 12, pagesTarget: 3000 });
    await suspend(owner.id);
    expect(await readingGoalOf(testViewer(follower), owner.id, 2026)).toBeNull();
    expect(await readingGoalOf(null, 'nao-existe', 2026)).toBeNull();

    // The stranger's own goal is theirs alone: setting it never touches the owner's.
    await setReadingGoal(testViewer(stranger), 2026, { books: 1, pages: null });
    expect(await readingGoalOf(testViewer(owner), owner.id, 2026)).toMatchObject({ booksTarget: 12, pagesTarget: 3000 });
    await expect(setReadingGoal(testViewer(stranger), 2026, { books: null, pages: null })).rejects.toMatchObject({ code: 'invalid_input', field: 'books' });
    await expect(setReadingGoal(testViewer(stranger), 2026, { books: 0, pages: null })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('keeps the year’s totals right whichever write changes what counts', async () => {
    const reader = await createUser();
    const viewer = testViewer(reader);
    const db = getDb();
    const totals = () =>
      queryRows<{ year: number; books: number | null; pages: number | null }>(
        sql`SELECT year, books, pages FROM reading_year_totals WHERE user_id = ${reader.id} ORDER BY year`,
      );
    const progress = async (year: number) => {
      const goal = await readingGoalOf(viewer, reader.id, year);
      return [goal?.booksRead, goal?.pagesRead];
    };
    const short = await createEdition({ title: 'A hora da estrela', authors: ['Clarice Lispector'], pages: 88 });
    const long = await createEdition({ title: 'Grande sertão: veredas', authors: ['Guimarães Rosa'], pages: 624 });
    const entry = await shelve(reader.id, short, { reads: [{ finished: '2026-03-10' }] });

    // Nothing finished in 2025: no row, no recount.
    expect(await progress(2025)).toEqual([0, 0]);
    expect(await totals()).toEqual([{ year: 2026, books: null, pages: null }]);
    expect(await progress(2026)).toEqual([1, 88]);
    expect(await totals()).toEqual([{ year: 2026, books: 1, pages: 88 }]);

    // A curator corrects the page count; the entry moves to another edition (a merge); the finish moves a year.
    await db.execute(sql`UPDATE editions SET pages = 90 WHERE id = ${short}`);
    expect(await progress(2026)).toEqual([1, 90]);
    await db.execute(sql`UPDATE shelf_entries SET edition_id = ${long} WHERE id = ${entry}`);
    expect(await progress(2026)).toEqual([1, 624]);
    await db.execute(sql`UPDATE read_throughs SET finished_on = '2025-12-30' WHERE shelf_entry_id = ${entry}`);
    expect([await progress(2025), await progress(2026)]).toEqual([
      [1, 624],
      [0, 0],
    ]);
    // A progress update touches neither the totals nor their version.
    const [before] = await queryRows<{ version: number }>(sql`SELECT version FROM reading_year_totals WHERE user_id = ${reader.id} AND year = 2025`);
    await db.execute(sql`UPDATE read_throughs SET progress_fraction = 1 WHERE shelf_entry_id = ${entry}`);
    expect(await queryRows(sql`SELECT version, books FROM reading_year_totals WHERE user_id = ${reader.id} AND year = 2025`)).toEqual([
      { version: before?.version, books: 1 },
    ]);

    await shelve(reader.id, short, { reads: [{ finished: '2025-05-05' }] });
    const second = await shelve(reader.id, await createEdition({ title: 'Vidas secas', authors: ['Graciliano Ramos'], pages: 176 }), {
      reads: [{ finished: '2025-07-01' }],
    });
    expect(await totals()).toContainEqual({ year: 2025, books: null, pages: null });
    expect(await progress(2025)).toEqual([3, 890]);

    // Deleting an entry (its read-throughs go with it) counts down; deleting the reader leaves nothing behind.
    await db.execute(sql`DELETE FROM shelf_entries WHERE id = ${second}`);
    expect(await progress(2025)).toEqual([2, 714]);
    await db.execute(sql`DELETE FROM users WHERE id = ${reader.id}`);
    expect(await totals()).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)('never saves a count older than a change committed while it counted', async () => {
    const reader = await createUser();
    const viewer = testViewer(reader);
    const db = getDb();
    await shelve(reader.id, await createEdition({ title: 'Torto arado', authors: ['Itamar Vieira Junior'], pages: 264 }), {
      reads: [{ finished: '2026-02-02' }],
    });
    const later = await createEdition({ title: 'O avesso da pele', authors: ['Jeferson Tenório'], pages: 192 });
    // A reader finishes a second book in a transaction that is still open while the goal is read: its
    // trigger has bumped the year's version and holds the row, so the read counts without it and must wait.
    let inserted!: () => void;
    let commit!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const writer = db.transaction(async (tx) => {
      const entry = `${later}-entry`;
      await tx.execute(sql`INSERT INTO shelf_entries (id, user_id, edition_id, status) VALUES (${entry}, ${reader.id}, ${later}, 'read')`);
      await tx.execute(
        sql`INSERT INTO read_throughs (id, user_id, shelf_entry_id, finished_on) VALUES (${`${entry}-1`}, ${reader.id}, ${entry}, '2026-03-03')`,
      );
      inserted();
      await committing;
    });
    await insertedNow;
    const reading = readingGoalOf(viewer, reader.id, 2026);
    for (let waited = 0; ; waited += 50) {
      const [row] = await queryRows<{ waiting: number }>(
        sql`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (row?.waiting) break;
      if (waited > 10_000) throw new Error('the goal never waited for the open transaction');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    commit();
    await writer;
    // The read answers what its snapshot held, but keeps nothing: the next one counts both books.
    expect(await reading).toMatchObject({ booksRead: 1, pagesRead: 264 });
    expect(await queryRows(sql`SELECT books FROM reading_year_totals WHERE user_id = ${reader.id} AND year = 2026`)).toEqual([{ books: null }]);
    expect(await readingGoalOf(viewer, reader.id, 2026)).toMatchObject({ booksRead: 2, pagesRead: 456 });
  });

  it('validates the form in Portuguese', () => {
    const parse = (fields: Record<string, string>) => readingGoalInput.safeParse({ intent: 'meta', ...fields });
    expect(parse({ books: '24', pages: '1.200' }).data).toEqual({ intent: 'meta', books: 24, pages: 1200 });
    expect(parse({ books: '', pages: '5000' }).data).toEqual({ intent: 'meta', books: null, pages: 5000 });
    expect(parse({ books: '', pages: '' }).error?.issues[0]).toMatchObject({ path: ['books'], message: 'Informe uma meta de livros, de páginas ou das duas.' });
    expect(parse({ books: 'doze' }).error?.issues[0]?.message).toBe('Informe um número inteiro de livros, como 24.');
    expect(parse({ books: '0' }).error?.issues[0]?.message).toBe('A meta vai de 1 a 1.000 livros.');
    expect(parse({ pages: '600000' }).error?.issues[0]?.message).toBe('A meta vai de 1 a 500.000 páginas.');
  });

  it('turns the year at midnight in São Paulo', () => {
    expect(yearInSaoPaulo(new Date('2027-01-01T02:59:00Z'))).toBe(2026);
    expect(yearInSaoPaulo(new Date('2027-01-01T03:00:00Z'))).toBe(2027);
  });
});
