import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest } from '../../test/factories';
import * as edition from './ed.$id';
import * as bookshelf from './estante';
import { routeArgs, type Handler, type Failure } from '../../test/routes';

useTestDatabase();

const act = edition.action as unknown as Handler;
const loadEdition = edition.loader as unknown as Handler;
const loadBookshelf = bookshelf.loader as unknown as Handler;

describe('the shelf forms of /ed/{id} and /estante', () => {
  it('put a book on the bookshelf, rate it and show it on /estante, for its reader only', async () => {
    const id = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], pages: 264 });
    const [reader, other] = [await createUser(), await createUser()];
    const post = (fields: Record<string, string>, cookie = reader.cookie) => act(routeArgs(formRequest(`/ed/${id}`, fields, { cookie }), { id }));

    expect(await post({ intent: 'situacao', status: 'lendo' })).toEqual({ success: 'Na sua estante como “Lendo”.' });
    expect(await post({ intent: 'situacao', status: 'lido' })).toEqual({ success: 'Na sua estante como “Lido”.' });
    expect(await post({ intent: 'avaliar', rating: '4,25' })).toEqual({ success: 'Nota salva.' });

    const page = (await loadEdition(routeArgs(getRequest(`/ed/${id}`, reader.cookie), { id }))) as {
      data: { signedIn: boolean; entry: { status: string; rating: number; readCount: number } };
    };
    expect(page.data).toMatchObject({ signedIn: true, entry: { status: 'read', rating: 4.25, readCount: 1 } });
    expect(page.data.entry).not.toBeNull();
    const visitorPage = (await loadEdition(routeArgs(getRequest(`/ed/${id}`), { id }))) as { data: { signedIn: boolean; entry: unknown } };
    expect(visitorPage.data).toMatchObject({ signedIn: false, entry: null });
    const othersPage = (await loadEdition(routeArgs(getRequest(`/ed/${id}`, other.cookie), { id }))) as { data: { entry: unknown } };
    expect(othersPage.data.entry).toBeNull();

    const shelf = (await loadBookshelf(routeArgs(getRequest('/estante?situacao=lido', reader.cookie)))) as {
      bookshelf: { items: { edition: { title: string }; rating: number }[]; counts: Record<string, number> };
    };
    expect(shelf.bookshelf.items).toMatchObject([{ edition: { title: 'Torto Arado' }, rating: 4.25 }]);
    // Only what the page shows of the edition travels to it (a cover card), in its HTML and its hydration data.
    expect(Object.keys(shelf.bookshelf.items[0]!.edition).sort()).toEqual(['authors', 'coverUrl', 'id', 'title']);
    expect(shelf.bookshelf.counts.read).toBe(1);
    const othersShelf = (await loadBookshelf(routeArgs(getRequest('/estante', other.cookie)))) as { bookshelf: { items: unknown[] } };
    expect(othersShelf.bookshelf.items).toEqual([]);
  });

  it('say what is wrong next to the field and keep what was typed', async () => {
    const id = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'] });
    const reader = await createUser();
    const post = (fields: Record<string, string>) => act(routeArgs(formRequest(`/ed/${id}`, fields, { cookie: reader.cookie }), { id }));

    const unknownStatus = (await post({ intent: 'situacao', status: 'relendo' })) as Failure;
    expect(unknownStatus.init.status).toBe(400);
    expect(unknownStatus.data.fieldErrors.status).toBe('Escolha uma situação.');

    const beforeShelving = (await post({ intent: 'avaliar', rating: '4' })) as Failure;
    expect(beforeShelving.data.formError).toBe('Coloque o livro na sua estante antes.');

    await post({ intent: 'situacao', status: 'lido' });
    const offStep = (await post({ intent: 'avaliar', rating: '4,3' })) as Failure;
    expect(offStep.data.fieldErrors.rating).toBe('A nota vai de 0,25 a 5, em passos de 0,25.');
    expect(offStep.data.fields.rating).toBe('4,3');

    const missing = (await act(
      routeArgs(formRequest('/ed/nao-existe', { intent: 'situacao', status: 'lido' }, { cookie: reader.cookie }), { id: 'nao-existe' }),
    ).catch((e: unknown) => e)) as { init: { status: number } };
    expect(missing.init.status).toBe(404);
  });

  it('filters /estante by status, ignoring an unknown one', async () => {
    const reader = await createUser();
    const ids = [
      await createEdition({ title: 'Macunaíma', authors: ['Mário de Andrade'] }),
      await createEdition({ title: 'Iracema', authors: ['José de Alencar'] }),
    ];
    await act(routeArgs(formRequest(`/ed/${ids[0]}`, { intent: 'situacao', status: 'quero-ler' }, { cookie: reader.cookie }), { id: ids[0]! }));
    await act(routeArgs(formRequest(`/ed/${ids[1]}`, { intent: 'situacao', status: 'abandonado' }, { cookie: reader.cookie }), { id: ids[1]! }));
    const load = async (path: string) =>
      (await loadBookshelf(routeArgs(getRequest(path, reader.cookie)))) as { status?: string; bookshelf: { items: { edition: { title: string } }[] } };
    expect((await load('/estante?situacao=quero-ler')).bookshelf.items.map((i) => i.edition.title)).toEqual(['Macunaíma']);
    expect((await load('/estante?situacao=abandonado')).bookshelf.items.map((i) => i.edition.title)).toEqual(['Iracema']);
    const unknown = await load('/estante?situacao=qualquer');
    expect(unknown.status).toBeUndefined();
    expect(unknown.bookshelf.items).toHaveLength(2);
  });
});
