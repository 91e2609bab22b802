import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, type TestUser } from '../../test/factories';
import * as edition from './ed.$id';
import * as bookshelf from './estante';
import * as shelfPage from './estante.$id';
import * as shelvesPage from './estantes';
import { renderPage } from '../../test/render';
import { call, statusOf, type Failure } from '../../test/routes';

useTestDatabase();

async function shelveBook(reader: TestUser, id: string, fields: Record<string, string>) {
  return call(edition.action, formRequest(`/ed/${id}`, fields, { cookie: reader.cookie }), { id });
}

async function createShelfAs(reader: TestUser, fields: Record<string, string>): Promise<string> {
  const response = (await call(shelvesPage.action, formRequest('/estantes', fields, { cookie: reader.cookie }))) as Response;
  expect(response.status).toBe(302);
  return response.headers.get('location')!.replace('/estante/', '');
}

describe('custom shelves and the bookshelf through their pages', () => {
  it('create a shelf on /estantes, add books from the edition page and the shelf page, reorder and delete it', async () => {
    const reader = await createUser();
    const [first, second] = [
      await createEdition({ title: 'Capitães da Areia', authors: ['Jorge Amado'] }),
      await createEdition({ title: 'Gabriela', authors: ['Jorge Amado'] }),
    ];

    const empty = (await call(
      shelvesPage.action,
      formRequest('/estantes', { intent: 'criar', name: '  ', description: 'x'.repeat(501), visibility: 'publico' }, { cookie: reader.cookie }),
    )) as Failure;
    expect(empty.init.status).toBe(400);
    expect(empty.data.fieldErrors).toEqual({ name: 'Dê um nome à estante.', description: 'Use no máximo 500 caracteres.' });
    expect(empty.data.fields.description).toHaveLength(501);
    const long = (await call(
      shelvesPage.action,
      formRequest('/estantes', { intent: 'criar', name: 'x'.repeat(61), visibility: 'todos' }, { cookie: reader.cookie }),
    )) as Failure;
    expect(long.data.fieldErrors).toEqual({ name: 'Use no máximo 60 caracteres.', visibility: 'Escolha quem pode ver a estante.' });

    const id = await createShelfAs(reader, {
      intent: 'criar',
      name: 'Jorge Amado',
      description: 'Da **Bahia** <script>alert(1)</script>',
      visibility: 'publico',
    });
    await shelveBook(reader, first, { intent: 'situacao', status: 'lido' });
    await shelveBook(reader, second, { intent: 'situacao', status: 'quero-ler' });
    expect(await shelveBook(reader, first, { intent: 'adicionar-a-estante', shelf: id })).toEqual({ success: 'Adicionado a “Jorge Amado”.' });
    const editionPage = (await call(edition.loader, getRequest(`/ed/${first}`, reader.cookie), { id: first })) as { data: { shelves: unknown[] } };
    expect(editionPage.data.shelves).toEqual([{ id, name: 'Jorge Amado', contains: true }]);

    const load = async () =>
      (await call(shelfPage.loader, getRequest(`/estante/${id}`, reader.cookie), { id })) as {
        shelf: { mine: boolean };
        items: { entryId: string; edition: { title: string } }[];
        addable: { id: string; title: string }[];
      };
    const before = await load();
    expect(before.shelf.mine).toBe(true);
    // The description is safe Markdown: formatting kept, raw HTML dropped.
    const html = ((await call(shelfPage.loader, getRequest(`/estante/${id}`), { id })) as { descriptionHtml: string }).descriptionHtml;
    expect(html).toContain('<strong>Bahia</strong>');
    expect(html).not.toContain('<script');
    expect(before.addable.map((a) => a.title)).toEqual(['Gabriela']);
    const post = (fields: Record<string, string>) => call(shelfPage.action, formRequest(`/estante/${id}`, fields, { cookie: reader.cookie }), { id });
    expect(await post({ intent: 'adicionar', entry: before.addable[0]!.id })).toEqual({ success: 'Livro adicionado.' });
    let page = await load();
    expect(page.items.map((i) => i.edition.title)).toEqual(['Capitães da Areia', 'Gabriela']);
    expect(await post({ intent: 'subir', entry: page.items[1]!.entryId })).toEqual({ success: 'Livro subiu uma posição.' });
    page = await load();
    expect(page.items.map((i) => i.edition.title)).toEqual(['Gabriela', 'Capitães da Areia']);

    // The bookshelf filters by it.
    const filtered = (await call(bookshelf.loader, getRequest(`/estante?estante=${id}&situacao=lido`, reader.cookie))) as {
      bookshelf: { items: { edition: { title: string } }[] };
      filtered: boolean;
    };
    expect(filtered.bookshelf.items.map((i) => i.edition.title)).toEqual(['Capitães da Areia']);
    expect(filtered.filtered).toBe(true);

    const badEdit = (await post({ intent: 'editar', name: '', description: 'Nova', visibility: 'privado' })) as Failure;
    expect(badEdit.data.fieldErrors.name).toBe('Dê um nome à estante.');
    expect(badEdit.data.fields.description).toBe('Nova');
    expect(await post({ intent: 'editar', name: 'Amado', description: 'Nova', visibility: 'privado' })).toEqual({ success: 'Estante salva.' });

    const deleted = (await post({ intent: 'excluir' })) as Response;
    expect(deleted.headers.get('location')).toBe('/estantes');
    expect(await statusOf(call(shelfPage.loader, getRequest(`/estante/${id}`, reader.cookie), { id }))).toBe(404);
  });

  it('show each shelf to whom its visibility allows, by direct URL too, and never anyone’s notes', async () => {
    const owner = await createUser();
    const other = await createUser();
    const book = await createEdition({ title: 'A Hora da Estrela', authors: ['Clarice Lispector'] });
    await shelveBook(owner, book, { intent: 'situacao', status: 'lido' });
    expect(await shelveBook(owner, book, { intent: 'exemplar', owned: 'sim', ownedFormat: 'capa_dura', notes: 'SEGREDO-DA-MACABEA' })).toEqual({
      success: 'Exemplar e notas salvos.',
    });
    const ids: Record<string, string> = {};
    for (const visibility of ['publico', 'seguidores', 'privado']) {
      ids[visibility] = await createShelfAs(owner, { intent: 'criar', name: `Clarice ${visibility}`, visibility });
      await shelveBook(owner, book, { intent: 'adicionar-a-estante', shelf: ids[visibility]! });
    }
    const who = { dono: owner.cookie, outro: other.cookie, visitante: undefined };
    const seen: Record<string, Record<string, number>> = {};
    const pages: unknown[] = [];
    for (const [visibility, id] of Object.entries(ids)) {
      seen[visibility] = {};
      for (const [name, cookie] of Object.entries(who)) {
        const loaded = call(shelfPage.loader, getRequest(`/estante/${id}`, cookie), { id });
        seen[visibility][name] = await statusOf(loaded);
        if (name !== 'dono' && seen[visibility][name] === 200) pages.push(await loaded);
      }
    }
    expect(seen).toEqual({
      publico: { dono: 200, outro: 200, visitante: 200 },
      seguidores: { dono: 200, outro: 404, visitante: 404 },
      privado: { dono: 200, outro: 404, visitante: 404 },
    });

    // Nothing another reader or a visitor loads carries the notes.
    pages.push((await call(edition.loader, getRequest(`/ed/${book}`, other.cookie), { id: book })) as object);
    pages.push((await call(edition.loader, getRequest(`/ed/${book}`), { id: book })) as object);
    pages.push(await call(shelvesPage.loader, getRequest('/estantes', other.cookie)));
    pages.push(await call(shelvesPage.loader, getRequest('/estantes')));
    const discover = pages.at(-1) as { discover: { items: { name: string }[] } };
    expect(discover.discover.items.map((s) => s.name)).toEqual(['Clarice publico']);
    // Someone else's shelf names its owner by a link to their profile, in the list and on its own page.
    const ownerLink = new RegExp(`de <a[^>]*href="/u/${owner.username}"[^>]*>${owner.username}</a>`);
    expect(renderPage(shelvesPage.default, discover, '/estantes')).toMatch(ownerLink);
    const publicShelf = `/estante/${ids.publico}`;
    expect(renderPage(shelfPage.default, await call(shelfPage.loader, getRequest(publicShelf), { id: ids.publico! }), publicShelf)).toMatch(ownerLink);
    expect(JSON.stringify(pages)).not.toContain('SEGREDO-DA-MACABEA');
    const mine = (await call(edition.loader, getRequest(`/ed/${book}`, owner.cookie), { id: book })) as {
      data: { entry: { notes: string; owned: boolean; ownedFormat: string } };
    };
    expect(mine.data.entry).toMatchObject({ notes: 'SEGREDO-DA-MACABEA', owned: true, ownedFormat: 'capa_dura' });

    // Someone else's shelf answers its owner's forms with the same 404, whatever the shelf's visibility.
    for (const id of Object.values(ids)) {
      expect(await statusOf(call(shelfPage.action, formRequest(`/estante/${id}`, { intent: 'excluir' }, { cookie: other.cookie }), { id }))).toBe(404);
    }
    // Notes past the limit are refused next to the field, and what was typed is kept.
    const tooLong = (await shelveBook(owner, book, { intent: 'exemplar', ownedFormat: '', notes: 'y'.repeat(2001) })) as Failure;
    expect(tooLong.data.fieldErrors.notes).toBe('Use no máximo 2.000 caracteres.');
    expect(tooLong.data.fields.notes).toHaveLength(2001);
  });

  it('move the checked books in bulk from /estante, saying how many moved', async () => {
    const reader = await createUser();
    const other = await createUser();
    const books = [
      await createEdition({ title: 'Iracema', authors: ['José de Alencar'] }),
      await createEdition({ title: 'Senhora', authors: ['José de Alencar'] }),
    ];
    for (const id of books) await shelveBook(reader, id, { intent: 'situacao', status: 'quero-ler' });
    await shelveBook(other, books[0]!, { intent: 'situacao', status: 'quero-ler' });
    const list = (await call(bookshelf.loader, getRequest('/estante?visao=grade&ordem=titulo', reader.cookie))) as {
      params: { visao: string };
      bookshelf: { items: { id: string }[] };
    };
    expect(list.params.visao).toBe('grade');
    const othersEntry = ((await call(bookshelf.loader, getRequest('/estante', other.cookie))) as { bookshelf: { items: { id: string }[] } }).bookshelf.items[0]!
      .id;

    const form = new URLSearchParams([
      ['intent', 'mover'],
      ['status', 'lido'],
      ...list.bookshelf.items.map((i) => ['entrada', i.id]),
      ['entrada', othersEntry],
    ]);
    const request = new Request('http://localhost:3000/estante', {
      method: 'POST',
      body: form,
      headers: { Cookie: reader.cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost:3000' },
    });
    expect(await call(bookshelf.action, request)).toEqual({ success: '2 livros movidos para “Lido”.' });
    const read = (await call(bookshelf.loader, getRequest('/estante?situacao=lido', reader.cookie))) as { bookshelf: { total: number } };
    expect(read.bookshelf.total).toBe(2);
    const othersShelf = (await call(bookshelf.loader, getRequest('/estante?situacao=quero-ler', other.cookie))) as { bookshelf: { total: number } };
    expect(othersShelf.bookshelf.total).toBe(1);

    const nothing = (await call(bookshelf.action, formRequest('/estante', { intent: 'mover', status: 'lido' }, { cookie: reader.cookie }))) as Failure;
    expect(nothing.data.fieldErrors.entries).toBe('Marque pelo menos um livro.');
    const noStatus = (await call(bookshelf.action, formRequest('/estante', { intent: 'mover', entrada: othersEntry }, { cookie: reader.cookie }))) as Failure;
    expect(noStatus.data.fieldErrors.status).toBe('Escolha uma situação.');
  });
});
