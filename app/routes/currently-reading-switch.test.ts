import { describe, expect, it } from 'vitest';
import { listFollowingActivity } from '~/features/reading/home.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { logProgress } from '~/features/reading/progress/progress.server';
import { addToShelf, createShelf } from '~/features/reading/shelves/custom-shelves.server';
import { listReaderSuggestions } from '~/features/social/suggestions.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer } from '../../test/factories';
import { follow } from '../../test/reading-factories';
import { call } from '../../test/routes';
import * as account from './configuracoes.conta';
import * as editionTab from './ed.$id.$tab';
import * as customShelf from './estante.$id';
import * as following from './seguindo';
import * as profileTab from './u.$username.$tab';

useTestDatabase();

type Bookshelf = {
  data: { items: { edition: { title: string }; progress: number | null }[]; counts: Record<string, number>; status: string | undefined; total: number };
};
type Readers = { data: { readers: { items: { username: string }[]; total: number } } };
type Following = { following: { items: { username: string; activity: { edition: { title: string }; status: string } | null }[] } };
type ShelfPage = { items: { edition: { title: string }; status: string | null }[] };

describe('"Mostrar “Lendo agora” no meu perfil" turned off', () => {
  it('keeps the books being read and their progress out of every list others see, and out of none of the owner’s', async () => {
    const ana = await createUser({ username: 'ana_discreta' });
    const [fan, stranger, neighbour] = [await createUser(), await createUser(), await createUser()];
    const reading = await createEdition({ title: 'Grande Sertão: Veredas', authors: ['Guimarães Rosa'], pages: 600 });
    const done = await createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'] });
    const owner = testViewer(ana);
    await setShelfStatus(owner, done, 'read');
    await setShelfStatus(owner, reading, 'reading');
    await logProgress(owner, reading, { value: 150, unit: 'page', comment: null, emotion: null, spoiler: false });
    const shelf = await createShelf(owner, { name: 'Sertões', description: '', visibility: 'publico' });
    await addToShelf(owner, shelf, { editionId: reading });
    await follow(fan.id, ana.id);
    await setShelfStatus(testViewer(neighbour), reading, 'want_to_read');
    // The switch as /configuracoes/conta saves it: the box left unchecked.
    expect(
      await call(account.action, formRequest('/configuracoes/conta', { intent: 'perfil', name: 'Ana', profileVisibility: 'publico' }, { cookie: ana.cookie })),
    ).toMatchObject({ success: 'Perfil salvo.' });

    // The bookshelf tab: the other statuses, without a `lendo` filter; asking for it lists them all.
    const bookshelf = async (query: string, cookie?: string) =>
      ((await call(profileTab.loader, getRequest(`/u/ana_discreta/estante${query}`, cookie), { username: 'ana_discreta', tab: 'estante' })) as Bookshelf).data;
    for (const cookie of [undefined, stranger.cookie, fan.cookie]) {
      for (const query of ['', '?situacao=lendo', '?situacao=lendo&pagina=1']) {
        const seen = await bookshelf(query, cookie);
        expect(seen.items.map((i) => i.edition.title)).toEqual(['Dom Casmurro']);
        expect([seen.counts, seen.status, seen.total]).toEqual([{ want_to_read: 0, read: 1, abandoned: 0, paused: 0 }, undefined, 1]);
      }
    }
    const own = await bookshelf('?situacao=lendo', ana.cookie);
    expect([own.items.map((i) => [i.edition.title, i.progress]), own.counts.reading]).toEqual([[['Grande Sertão: Veredas', 0.25]], 1]);

    // The edition's readers leave her out while she reads it.
    const readers = async (cookie?: string) =>
      ((await call(editionTab.loader, getRequest(`/ed/${reading}/leitores`, cookie), { id: reading, tab: 'leitores' })) as Readers).data.readers;
    for (const cookie of [undefined, fan.cookie]) expect(await readers(cookie)).toMatchObject({ items: [{ username: neighbour.username }], total: 1 });
    expect((await readers(ana.cookie)).total).toBe(2);

    // Her follower's /seguindo and /home (both of its statements) show the book she finished instead.
    const seguindo = (await call(following.loader, getRequest('/seguindo', fan.cookie))) as Following;
    expect(seguindo.following.items.map((r) => [r.username, r.activity?.edition.title, r.activity?.status])).toEqual([[ana.username, 'Dom Casmurro', 'read']]);
    for (const recentWindow of [2_000, 1]) {
      expect((await listFollowingActivity(testViewer(fan), { recentWindow })).map((a) => [a.edition.title, a.status])).toEqual([['Dom Casmurro', 'read']]);
    }

    // What she reads is no reason to suggest her to someone who wants to read the same book.
    expect((await listReaderSuggestions(testViewer(neighbour))).map((s) => s.id)).not.toContain(ana.id);

    // Her public shelf still lists the book she put on it, without its status.
    const items = async (cookie?: string) => ((await call(customShelf.loader, getRequest(`/estante/${shelf}`, cookie), { id: shelf })) as ShelfPage).items;
    expect((await items(stranger.cookie)).map((i) => [i.edition.title, i.status])).toEqual([['Grande Sertão: Veredas', null]]);
    expect((await items()).map((i) => i.status)).toEqual([null]);
    expect((await items(ana.cookie)).map((i) => i.status)).toEqual(['reading']);
  });
});
