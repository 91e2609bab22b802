import { describe, expect, it } from 'vitest';
import { yearInSaoPaulo } from '~/features/reading/goals/goals';
import { setReadingGoal } from '~/features/reading/goals/goals.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, getRequest, testViewer } from '../../test/factories';
import { shelve } from '../../test/reading-factories';
import { call } from '../../test/routes';
import * as bookshelf from './estante';
import * as home from './home';
import * as profile from './u.$username';
import * as tab from './u.$username.$tab';

useTestDatabase();

const loadTab = (username: string, name: string, query = '') => call(tab.loader, getRequest(`/u/${username}/${name}${query}`), { username, tab: name });

type FinishedData = {
  data: {
    years: { year: number; count: number }[];
    undated: number;
    year: number | 'sem-data' | null;
    readings: { edition: { title: string }; finishedOn: string | null }[];
    total: number;
  };
};
type StatsData = {
  data: {
    years: number[];
    stats: { year: number | null; books: number; pages: number; timeline: { at: number | null; books: number; pages: number }[]; ratings: number[] };
  };
};
const finished = async (username: string, query = '') => ((await loadTab(username, 'lidos', query)) as FinishedData).data;
const stats = async (username: string, query = '') => ((await loadTab(username, 'estatisticas', query)) as StatsData).data;
const readCount = async (username: string) =>
  ((await call(profile.loader, getRequest(`/u/${username}`), { username })) as { data: { profile: { details: { counts: { read: number } } } } }).data.profile
    .details.counts.read;

describe('finished books with and without a date', () => {
  it('are counted and listed alike: the header, the Lidos tab with its "Sem data" group, /estante and the year’s goal', async () => {
    const reader = await createUser({ username: 'leitora_importada' });
    const year = yearInSaoPaulo();
    const book = (title: string) => createEdition({ title, authors: ['Autora Teste'], pages: 100 });
    // Two books read on unknown dates (an import), one finished in 2023, one read in 2021 and being read again,
    // one wanted: "lidos" is the three whose status is read.
    await shelve(reader.id, await book('Brás'), { undatedReadings: 1, rating: 4 });
    await shelve(reader.id, await book('Alma'), { undatedReadings: 2 });
    await shelve(reader.id, await book('Carta'), { reads: [{ finished: '2023-05-02' }] });
    await shelve(reader.id, await book('Duna'), { status: 'reading', reads: [{ finished: '2021-03-01' }, { started: `${year}-01-02` }] });
    await shelve(reader.id, await book('Eva'), { status: 'want_to_read' });

    expect(await readCount('leitora_importada')).toBe(3);
    const latest = await finished('leitora_importada');
    expect(latest).toMatchObject({
      years: [
        { year: 2023, count: 1 },
        { year: 2021, count: 1 },
      ],
      undated: 2,
      year: 2023,
      total: 1,
    });
    expect(latest.readings.map((r) => r.edition.title)).toEqual(['Carta']);
    const undated = await finished('leitora_importada', '?ano=sem-data');
    expect(undated).toMatchObject({ year: 'sem-data', total: 2 });
    expect(undated.readings.map((r) => [r.edition.title, r.finishedOn])).toEqual([
      ['Alma', null],
      ['Brás', null],
    ]);

    // The owner's bookshelf counts the same three under "Lido".
    const shelf = (await call(bookshelf.loader, getRequest('/estante', reader.cookie))) as { bookshelf: { counts: Record<string, number> } };
    expect(shelf.bookshelf.counts.read).toBe(3);
    const profileShelf = (await loadTab('leitora_importada', 'estante')) as { data: { counts: Record<string, number> } };
    expect(profileShelf.data.counts.read).toBe(3);

    // A reading without a date belongs to no year: this year's goal counts none of them.
    await setReadingGoal(testViewer(reader), year, { books: 10, pages: null });
    const page = (await call(home.loader, getRequest('/home', reader.cookie))) as { goal: { booksRead: number } };
    expect(page.goal.booksRead).toBe(0);
  });

  it('list a reader with only undated reads under "Sem data" instead of "nothing read yet"', async () => {
    const reader = await createUser({ username: 'so_sem_data' });
    for (const title of ['Vidas Secas', 'Angústia'])
      await shelve(reader.id, await createEdition({ title, authors: ['Graciliano Ramos'] }), { undatedReadings: 1 });
    // A book marked read with no reading recorded at all is a read without a date too.
    await shelve(reader.id, await createEdition({ title: 'Caetés', authors: ['Graciliano Ramos'] }));

    expect(await readCount('so_sem_data')).toBe(3);
    const data = await finished('so_sem_data');
    expect(data).toMatchObject({ years: [], undated: 3, year: 'sem-data', total: 3 });
    expect(data.readings.map((r) => r.edition.title)).toEqual(['Angústia', 'Caetés', 'Vidas Secas']);
  });
});

describe('estatisticas', () => {
  it('opens on the latest year with reading, offers the years with reading, and adds up all time with the undated books', async () => {
    const reader = await createUser({ username: 'leitora_antiga' });
    const torto = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], pages: 264, genres: ['romance'] });
    const mia = await createEdition({ title: 'Terra Sonâmbula', authors: ['Mia Couto'], pages: 200, genres: ['romance'] });
    const old = await createEdition({ title: 'Iracema', authors: ['José de Alencar'], pages: 120 });
    await shelve(reader.id, torto, { rating: 4.5, reads: [{ finished: '2021-02-10' }, { finished: '2023-07-05' }] });
    await shelve(reader.id, mia, { rating: 3, reads: [{ finished: '2021-02-20' }] });
    await shelve(reader.id, old, { rating: 5, undatedReadings: 1 });

    const opened = await stats('leitora_antiga');
    expect(opened.years).toEqual([2023, 2021]);
    expect(opened.stats).toMatchObject({ year: 2023, books: 1, pages: 264 });

    const all = (await stats('leitora_antiga', '?ano=todos')).stats;
    expect(all).toMatchObject({ year: null, books: 4, pages: 848, ratings: [0, 0, 1, 1, 1] });
    expect(all.timeline).toEqual([
      { at: 2021, books: 2, pages: 464 },
      { at: 2022, books: 0, pages: 0 },
      { at: 2023, books: 1, pages: 264 },
      { at: null, books: 1, pages: 120 },
    ]);
    // Any year may still be asked for; one without books is an empty year.
    expect((await stats('leitora_antiga', '?ano=2010')).stats).toMatchObject({ year: 2010, books: 0 });
  });

  it('opens on all time for a reader whose reads have no date', async () => {
    const reader = await createUser({ username: 'importou_tudo' });
    await shelve(reader.id, await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], pages: 176 }), { undatedReadings: 1 });
    const data = await stats('importou_tudo');
    expect(data.years).toEqual([]);
    expect(data.stats).toMatchObject({ year: null, books: 1, pages: 176, timeline: [{ at: null, books: 1, pages: 176 }] });
  });
});
