import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer } from '../../../test/factories';
import { block, follow, restrict, shelve, suspend } from '../../../test/reading-factories';
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
    await shelve(reader.id, await createEdition({ title: 'Memorial de Aires', authors: ['Machado de Assis'], pages: 180 }), { status: 'reading', reads: [{ started: '2026-03-01' }] });

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
