import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { editions, readThroughs } from '~/db/schema';
import { useTestDatabase } from '../../../../test/db';
import { createEdition, createUser, testViewer } from '../../../../test/factories';
import { mergeEditions } from '~/features/curation/merge.server';
import { rateShelfEntry, removeShelfEntry, setFavorite, setShelfStatus } from './mutations.server';
import { listBookshelf } from './bookshelf.server';
import { getMyShelfEntry } from './queries.server';

useTestDatabase();

const readersCount = async (id: string) => (await getDb().select({ n: editions.readersCount }).from(editions).where(eq(editions.id, id)))[0]?.n;
/** Moves every date of an entry back, as if the reading had happened days ago. */
const ageDates = (days: number) =>
  getDb().execute(
    sql`UPDATE read_throughs SET started_on = started_on - ${days}::int, finished_on = finished_on - ${days}::int, abandoned_on = abandoned_on - ${days}::int, created_at = created_at - make_interval(days => ${days})`,
  );

describe('shelf entries and read-throughs', () => {
  it('puts an edition on the bookshelf once per reader, counting its readers', async () => {
    const edition = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], pages: 176 });
    const [ana, bia] = [testViewer(await createUser()), testViewer(await createUser())];
    await setShelfStatus(ana, edition, 'want_to_read');
    await setShelfStatus(ana, edition, 'want_to_read');
    await Promise.all([setShelfStatus(bia, edition, 'reading'), setShelfStatus(bia, edition, 'reading')]);
    expect(await readersCount(edition)).toBe(2);
    expect(await getMyShelfEntry(ana, edition)).toMatchObject({ status: 'want_to_read', rating: null, favorite: false, readThroughs: [], readCount: 0 });
    expect((await getMyShelfEntry(bia, edition))?.readThroughs).toHaveLength(1);

    await removeShelfEntry(ana, edition);
    await removeShelfEntry(ana, edition);
    expect(await readersCount(edition)).toBe(1);
    expect(await getMyShelfEntry(ana, edition)).toBeNull();
  });

  it('keeps every date through status changes, and a reread is a read-through of its own', async () => {
    const edition = await createEdition({ title: 'Grande Sertão: Veredas', authors: ['Guimarães Rosa'], pages: 624 });
    const reader = testViewer(await createUser());
    await setShelfStatus(reader, edition, 'reading');
    await ageDates(30);
    await setShelfStatus(reader, edition, 'paused');
    await setShelfStatus(reader, edition, 'want_to_read');
    await setShelfStatus(reader, edition, 'reading');
    let entry = await getMyShelfEntry(reader, edition);
    // Pausing and wanting to read again did not end the reading nor lose its start.
    expect(entry?.readThroughs).toHaveLength(1);
    const started = entry?.readThroughs[0]?.startedOn;
    expect(started).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await setShelfStatus(reader, edition, 'read');
    entry = await getMyShelfEntry(reader, edition);
    expect(entry?.readThroughs[0]).toMatchObject({ startedOn: started, abandonedOn: null });
    expect(entry?.readThroughs[0]?.finishedOn).not.toBeNull();
    expect(entry?.readCount).toBe(1);

    await ageDates(10);
    const firstStart = (await getMyShelfEntry(reader, edition))?.readThroughs[0]?.startedOn;
    await setShelfStatus(reader, edition, 'reading');
    await setShelfStatus(reader, edition, 'abandoned');
    await setShelfStatus(reader, edition, 'want_to_read');
    entry = await getMyShelfEntry(reader, edition);
    expect(entry?.readThroughs).toHaveLength(2);
    expect(entry?.readThroughs[0]).toMatchObject({ startedOn: firstStart });
    expect(entry?.readThroughs[1]?.abandonedOn).not.toBeNull();
    expect(entry?.readCount).toBe(1);

    // Marking as read with nothing open records a reading finished today, without inventing a start.
    await setShelfStatus(reader, edition, 'read');
    entry = await getMyShelfEntry(reader, edition);
    expect(entry?.readThroughs).toHaveLength(3);
    expect(entry?.readThroughs[2]).toMatchObject({ startedOn: null, abandonedOn: null });
    expect(entry?.readCount).toBe(2);
    expect(await getDb().select().from(readThroughs)).toHaveLength(3);
  });

  it('rates in quarter steps from 0.25 to 5, and refuses anything else', async () => {
    const edition = await createEdition({ title: 'Quarto de Despejo', authors: ['Carolina Maria de Jesus'] });
    const reader = testViewer(await createUser());
    await expect(rateShelfEntry(reader, edition, 4)).rejects.toMatchObject({ code: 'invalid_input' });
    await setShelfStatus(reader, edition, 'read');
    await rateShelfEntry(reader, edition, 4.25);
    expect((await getMyShelfEntry(reader, edition))?.rating).toBe(4.25);
    for (const wrong of [0, 4.3, 5.25, -1])
      await expect(rateShelfEntry(reader, edition, wrong)).rejects.toMatchObject({ code: 'invalid_input', field: 'rating' });
    await expect(getDb().execute(sql`UPDATE shelf_entries SET rating_quarters = 21`)).rejects.toThrow();
    await rateShelfEntry(reader, edition, 0.25);
    expect((await getMyShelfEntry(reader, edition))?.rating).toBe(0.25);
    await rateShelfEntry(reader, edition, null);
    expect((await getMyShelfEntry(reader, edition))?.rating).toBeNull();
    await setFavorite(reader, edition, true);
    expect((await getMyShelfEntry(reader, edition))?.favorite).toBe(true);
  });

  it("lists only the viewer's own bookshelf, by status, with counts and the latest dates", async () => {
    const [a, b, c] = [
      await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'] }),
      await createEdition({ title: 'Ponciá Vicêncio', authors: ['Conceição Evaristo'] }),
      await createEdition({ title: 'Macunaíma', authors: ['Mário de Andrade'] }),
    ];
    const [reader, other] = [testViewer(await createUser()), testViewer(await createUser())];
    await setShelfStatus(reader, a, 'read');
    await setShelfStatus(reader, b, 'reading');
    await setShelfStatus(reader, c, 'want_to_read');
    await setShelfStatus(other, a, 'abandoned');
    await rateShelfEntry(reader, a, 4.75);

    const all = await listBookshelf(reader, { page: 1 });
    expect(all.total).toBe(3);
    expect(all.counts).toEqual({ want_to_read: 1, reading: 1, read: 1, abandoned: 0, paused: 0 });
    expect(all.items.map((i) => i.edition.title).sort()).toEqual(['Macunaíma', 'Ponciá Vicêncio', 'Torto Arado']);
    const read = await listBookshelf(reader, { filters: { status: 'read' }, page: 1 });
    expect(read.items).toHaveLength(1);
    expect(read.items[0]).toMatchObject({ status: 'read', rating: 4.75, edition: { title: 'Torto Arado', authors: [{ name: 'Itamar Vieira Junior' }] } });
    expect(read.items[0]?.finishedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await listBookshelf(other, { page: 1 })).items.map((i) => i.status)).toEqual(['abandoned']);
    expect(await setShelfStatus(reader, 'nao-existe', 'read').catch((e: unknown) => e)).toMatchObject({ code: 'not_found' });
  });

  it('keeps every reading when a curator merges two editions a reader had both of', async () => {
    const survivor = await createEdition({ title: 'A Hora da Estrela', authors: ['Clarice Lispector'], isbn: '9788532508126' });
    const loser = await createEdition({ title: 'A Hora da Estrela', authors: ['Clarice Lispector'], publisher: 'Outra' });
    const [ana, bia, caio] = [testViewer(await createUser()), testViewer(await createUser()), testViewer(await createUser())];
    // Ana finished the duplicate (rated, favourite) and is rereading the survivor.
    await setShelfStatus(ana, loser, 'read');
    await rateShelfEntry(ana, loser, 4.5);
    await setFavorite(ana, loser, true);
    await setShelfStatus(ana, survivor, 'reading');
    // Bia started the duplicate long ago and the survivor today: one reading, from the earlier start.
    await setShelfStatus(bia, loser, 'reading');
    await ageDates(20);
    const earlier = (await getMyShelfEntry(bia, loser))?.readThroughs[0]?.startedOn;
    await setShelfStatus(bia, survivor, 'reading');
    await setShelfStatus(caio, loser, 'paused');

    await mergeEditions(testViewer(await createUser({ role: 'curator' }), 'curator'), loser, survivor);

    const anaEntry = await getMyShelfEntry(ana, survivor);
    expect(anaEntry).toMatchObject({ status: 'reading', rating: 4.5, favorite: true, readCount: 1 });
    expect(anaEntry?.readThroughs).toHaveLength(2);
    const biaEntry = await getMyShelfEntry(bia, survivor);
    expect(biaEntry?.readThroughs).toEqual([expect.objectContaining({ startedOn: earlier, finishedOn: null, abandonedOn: null })]);
    expect(await getMyShelfEntry(caio, survivor)).toMatchObject({ status: 'paused' });
    expect(await readersCount(survivor)).toBe(3);
  });
});
