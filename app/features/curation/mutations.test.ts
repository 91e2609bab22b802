import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer } from '../../../test/factories';
import { getDb, queryRows } from '~/db/client.server';
import { getEdition } from '~/features/catalog/queries.server';
import { searchEditions as search } from '~/features/catalog/search.server';
import { listNotifications } from '~/features/social/queries.server';
import { REQUEST_CODE_PATTERN } from './code';
import { approveChangeRequest, createChangeRequest, rejectChangeRequest, revertCatalogChange, withdrawChangeRequest } from './mutations.server';
import { getChangeRequestForReview, getRequestTarget, listCatalogChanges, listChangeRequests, listMyChangeRequests } from './queries.server';
import { parseProposal } from './validation';

useTestDatabase();

async function setup() {
  const reader = await createUser();
  const curator = await createUser({ role: 'curator' });
  const editionId = await createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'], isbn: '9788535910667', publisher: 'Penguin', pages: 256 });
  return { reader, curator, editionId, readerV: testViewer(reader), curatorV: testViewer(curator, 'curator') };
}

/** A correction as the form sends it: the values the page showed, and the reader's new ones. */
async function proposal(editionId: string, edits: Record<string, string>) {
  const target = await getRequestTarget('edition_edit', editionId);
  const form: Record<string, string> = {};
  for (const [field, value] of Object.entries(target!.values)) {
    form[field] = value ?? '';
    form[`visto.${field}`] = value ?? '';
  }
  const parsed = parseProposal('edition_edit', { ...form, ...edits });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return { kind: 'edition_edit' as const, target: editionId, changes: parsed.changes, note: '' };
}

describe('change requests', () => {
  it('go from pending to approved in one transaction: catalogue, search, history, notification', async () => {
    const { reader, readerV, curatorV, editionId } = await setup();
    const { code, status } = await createChangeRequest(readerV, await proposal(editionId, { pages: '272', title: 'Dom Casmurro Ilustrado' }));
    expect(code).toMatch(REQUEST_CODE_PATTERN);
    expect(status).toBe('pending');
    expect((await getEdition(editionId))?.pages).toBe(256);

    const mine = await listMyChangeRequests(readerV);
    expect(mine.items[0]?.changes).toEqual([
      { field: 'title', before: 'Dom Casmurro', after: 'Dom Casmurro Ilustrado' },
      { field: 'pages', before: '256', after: '272' },
    ]);
    expect((await listChangeRequests(curatorV, { status: 'pending', page: 1 })).items.map((r) => r.code)).toEqual([code]);

    await approveChangeRequest(curatorV, code, { answer: 'Conferido na ficha da editora.' });
    const edition = await getEdition(editionId);
    expect([edition?.title, edition?.pages]).toEqual(['Dom Casmurro Ilustrado', 272]);
    expect((await search('casmurro ilustrado', {}, 1)).items[0]?.id).toBe(editionId);
    const history = await listCatalogChanges(curatorV, { code, page: 1 });
    expect(history.items.map((h) => [h.field, h.before, h.after, h.actor?.username])).toEqual(
      expect.arrayContaining([
        ['title', 'Dom Casmurro', 'Dom Casmurro Ilustrado', curatorV.username],
        ['pages', '256', '272', curatorV.username],
      ]),
    );
    const [answered] = (await listMyChangeRequests(readerV)).items;
    expect([answered?.status, answered?.answer]).toEqual(['approved', 'Conferido na ficha da editora.']);
    const notes = await listNotifications(testViewer(reader));
    expect(notes.items[0]).toMatchObject({ link: '/catalogo/minhas-solicitacoes', text: expect.stringContaining(`${code} (“Dom Casmurro”) foi aprovada`) });
    await expect(approveChangeRequest(curatorV, code)).rejects.toThrow('já está aprovada');
  });

  it('are rejected with a reason, withdrawn only by their requester while pending, and decided only by curators', async () => {
    const { reader, readerV, curatorV, editionId } = await setup();
    const other = testViewer(await createUser());
    const first = await createChangeRequest(readerV, await proposal(editionId, { pages: '300' }));
    await expect(approveChangeRequest(readerV, first.code)).rejects.toMatchObject({ code: 'not_found' });
    await expect(rejectChangeRequest(readerV, first.code, 'não')).rejects.toMatchObject({ code: 'not_found' });
    await expect(listChangeRequests(readerV, { status: 'pending', page: 1 })).rejects.toMatchObject({ code: 'not_found' });
    await expect(getChangeRequestForReview(readerV, first.code)).rejects.toMatchObject({ code: 'not_found' });
    await rejectChangeRequest(curatorV, first.code, 'A edição da Penguin tem 256 páginas.');
    expect((await getEdition(editionId))?.pages).toBe(256);
    expect((await listNotifications(testViewer(reader))).items[0]?.text).toContain('foi rejeitada: A edição da Penguin tem 256 páginas.');
    await expect(withdrawChangeRequest(readerV, first.code)).rejects.toThrow('já está rejeitada');

    const second = await createChangeRequest(readerV, await proposal(editionId, { publisher: 'Companhia' }));
    await expect(
      createChangeRequest(readerV, { kind: 'edition_edit', target: editionId, changes: [{ field: 'readersCount', before: '0', after: '99' }], note: '' }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(withdrawChangeRequest(other, second.code)).rejects.toMatchObject({ code: 'not_found' });
    await withdrawChangeRequest(readerV, second.code);
    expect((await listMyChangeRequests(readerV)).items.map((r) => r.status)).toEqual(['withdrawn', 'rejected']);
    await expect(approveChangeRequest(curatorV, second.code)).rejects.toThrow('já está retirada');
  });

  it('show a conflict when the live value moved since the requester saw it, and a curator may edit before approving', async () => {
    const { readerV, curatorV, editionId } = await setup();
    const stale = await createChangeRequest(readerV, await proposal(editionId, { pages: '270', publisher: 'Penguin Companhia' }));
    const newer = await createChangeRequest(readerV, await proposal(editionId, { pages: '280' }));
    await approveChangeRequest(curatorV, newer.code);
    const review = await getChangeRequestForReview(curatorV, stale.code);
    expect(review?.reviewed.map((c) => [c.field, c.before, c.current, c.after, c.conflict])).toEqual([
      ['publisher', 'Penguin', 'Penguin', 'Penguin Companhia', false],
      ['pages', '256', '280', '270', true],
    ]);
    await approveChangeRequest(curatorV, stale.code, { edited: { pages: '280', publisher: 'Penguin-Companhia' } });
    const edition = await getEdition(editionId);
    expect([edition?.pages, edition?.publisher]).toEqual([280, 'Penguin-Companhia']);
    const decided = await getChangeRequestForReview(curatorV, stale.code);
    expect(decided?.changes.find((c) => c.field === 'publisher')).toMatchObject({ after: 'Penguin-Companhia', proposed: 'Penguin Companhia' });
    // Pages were already 280: nothing to write, so no history row for them.
    expect((await listCatalogChanges(curatorV, { code: stale.code, page: 1 })).items.map((h) => h.field)).toEqual(['publisher']);
  });

  it('are reverted, a revert is itself history and can be reverted, and a field changed since is refused', async () => {
    const { readerV, curatorV, editionId } = await setup();
    const a = await createChangeRequest(readerV, await proposal(editionId, { pages: '300' }));
    await approveChangeRequest(curatorV, a.code);
    const b = await createChangeRequest(readerV, await proposal(editionId, { pages: '310' }));
    await approveChangeRequest(curatorV, b.code);
    const [toB, toA] = (await listCatalogChanges(curatorV, { entity: 'edition', page: 1 })).items;
    expect([toA?.after, toB?.after]).toEqual(['300', '310']);
    await expect(revertCatalogChange(curatorV, toA!.id)).rejects.toThrow('O campo “Páginas” mudou depois desta alteração (agora: 310)');
    await expect(revertCatalogChange(readerV, toB!.id)).rejects.toMatchObject({ code: 'not_found' });

    await revertCatalogChange(curatorV, toB!.id);
    expect((await getEdition(editionId))?.pages).toBe(300);
    const [revert] = (await listCatalogChanges(curatorV, { page: 1 })).items;
    expect(revert).toMatchObject({ field: 'pages', before: '310', after: '300', revertOfId: toB!.id, code: null });
    await revertCatalogChange(curatorV, revert!.id);
    expect((await getEdition(editionId))?.pages).toBe(310);
    expect((await listCatalogChanges(curatorV, { actor: curatorV.username, page: 1 })).total).toBe(4);
  });

  it('add a new edition (with its work and author) and a new author on approval; an inclusion is not revertible', async () => {
    const { readerV, curatorV } = await setup();
    const parsed = parseProposal('new_edition', {
      title: 'Becos da Memória',
      authors: 'Conceição Evaristo',
      isbn: '',
      publisher: 'Pallas',
      pages: '200',
      format: 'brochura',
      language: 'pt',
    });
    expect(parsed.ok).toBe(true);
    const book = await createChangeRequest(readerV, {
      kind: 'new_edition',
      target: null,
      changes: parsed.ok ? parsed.changes : [],
      note: 'Faltava no catálogo.',
    });
    await approveChangeRequest(curatorV, book.code);
    const found = await search('becos da memoria', {}, 1);
    expect(found.items[0]).toMatchObject({ title: 'Becos da Memória', authors: [expect.objectContaining({ name: 'Conceição Evaristo' })] });
    const [mine] = (await listMyChangeRequests(readerV)).items;
    expect(mine?.targetPath).toBe(`/ed/${found.items[0]?.id}`);

    const known = parseProposal('new_edition', {
      title: 'Dom Casmurro',
      authors: 'Machado de Assis',
      isbn: '978-85-359-1066-7',
      format: 'brochura',
      language: 'pt',
    });
    await expect(createChangeRequest(readerV, { kind: 'new_edition', target: null, changes: known.ok ? known.changes : [], note: '' })).rejects.toMatchObject({
      code: 'conflict',
      field: 'isbn',
    });

    const author = parseProposal('new_author', { name: 'Carolina Maria de Jesus', nationality: 'Brasil', birthYear: '1914', deathYear: '1977', bio: '' });
    const person = await createChangeRequest(readerV, { kind: 'new_author', target: null, changes: author.ok ? author.changes : [], note: '' });
    await approveChangeRequest(curatorV, person.code);
    const [row] = await queryRows<{ nationality: string; birth_year: number }>(
      sql`SELECT nationality, birth_year FROM authors WHERE slug = 'carolina-maria-de-jesus'`,
    );
    expect(row).toEqual({ nationality: 'Brasil', birth_year: 1914 });
    const created = (await listCatalogChanges(curatorV, { code: person.code, page: 1 })).items[0];
    await expect(revertCatalogChange(curatorV, created!.id)).rejects.toThrow('Uma inclusão não pode ser revertida');
  });

  it('correct an author, refreshing the search of their works', async () => {
    const { readerV, curatorV, editionId } = await setup();
    const target = await getRequestTarget('author_edit', 'machado-de-assis');
    expect(target?.values.name).toBe('Machado de Assis');
    const parsed = parseProposal('author_edit', {
      name: 'Joaquim Maria Machado de Assis',
      'visto.name': 'Machado de Assis',
      nationality: 'Brasil',
      'visto.nationality': '',
    });
    const { code } = await createChangeRequest(readerV, {
      kind: 'author_edit',
      target: 'machado-de-assis',
      changes: parsed.ok ? parsed.changes : [],
      note: '',
    });
    await approveChangeRequest(curatorV, code);
    expect((await search('joaquim maria', {}, 1)).items[0]?.id).toBe(editionId);
  });

  it('from a reader with ≥ 20 approved requests apply small edits at once, except on editions ≥ 5 readers link', async () => {
    const { reader, readerV, curatorV, editionId } = await setup();
    const trust = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const { code } = await createChangeRequest(readerV, await proposal(editionId, { publicationDate: String(1900 + i) }));
        await approveChangeRequest(curatorV, code);
      }
    };
    await trust(19);
    expect((await createChangeRequest(readerV, await proposal(editionId, { pages: '260' }))).status).toBe('pending');
    await getDb().execute(sql`UPDATE change_requests SET status = 'withdrawn' WHERE status = 'pending'`);
    await trust(1);

    const direct = await createChangeRequest(readerV, await proposal(editionId, { pages: '260', publisher: 'Penguin Clássicos' }));
    expect(direct.status).toBe('approved');
    expect((await getEdition(editionId))?.pages).toBe(260);
    const history = await listCatalogChanges(curatorV, { code: direct.code, page: 1 });
    expect(history.items.map((h) => h.actor?.username)).toEqual([reader.username, reader.username]);
    // Not small: a title always waits for a curator.
    expect((await createChangeRequest(readerV, await proposal(editionId, { title: 'Dom Casmurro (Clássicos)' }))).status).toBe('pending');

    await getDb().execute(sql`UPDATE editions SET readers_count = 5 WHERE id = ${editionId}`);
    expect((await createChangeRequest(readerV, await proposal(editionId, { pages: '262' }))).status).toBe('pending');
    expect((await getEdition(editionId))?.pages).toBe(260);
    await getDb().execute(sql`UPDATE editions SET readers_count = 4 WHERE id = ${editionId}`);
    expect((await createChangeRequest(readerV, await proposal(editionId, { pages: '262' }))).status).toBe('approved');
  }, 60_000);

  it('are limited to 50 per reader per day', async () => {
    const { readerV, editionId } = await setup();
    const input = await proposal(editionId, { pages: '999' });
    for (let i = 0; i < 50; i++) await createChangeRequest(readerV, input);
    await expect(createChangeRequest(readerV, input)).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('Poderá enviar outra a partir de'),
      retryAfterSeconds: expect.any(Number),
    });
    expect((await listMyChangeRequests(readerV)).total).toBe(50);
    // Another reader has their own allowance.
    await createChangeRequest(testViewer(await createUser()), input);
  }, 60_000);

  it('need at least one changed field and valid values', async () => {
    const { editionId } = await setup();
    const target = await getRequestTarget('edition_edit', editionId);
    const form = Object.fromEntries(
      Object.entries(target!.values).flatMap(([k, v]) => [
        [k, v ?? ''],
        [`visto.${k}`, v ?? ''],
      ]),
    );
    expect(parseProposal('edition_edit', form)).toEqual({ ok: false, fieldErrors: { _form: 'Altere pelo menos um campo antes de enviar.' } });
    expect(parseProposal('edition_edit', { ...form, isbn: '978-85-359-1066-8', pages: 'muitas' })).toEqual({
      ok: false,
      fieldErrors: { isbn: 'Esse ISBN não é válido: confira os dígitos.', pages: 'Informe um número de páginas entre 1 e 20.000.' },
    });
  });
});

describe('a correction form', () => {
  it('treats a textarea sent back with CRLF line breaks as unchanged', () => {
    const seen = 'Primeira linha.\nSegunda linha.';
    expect(parseProposal('author_edit', { bio: 'Primeira linha.\r\nSegunda linha.', 'visto.bio': seen, name: 'Ana', 'visto.name': 'Ana' })).toMatchObject({
      ok: false,
    });
    expect(parseProposal('author_edit', { bio: 'Primeira linha.\r\nTerceira.', 'visto.bio': seen })).toEqual({
      ok: true,
      changes: [{ field: 'bio', before: seen, after: 'Primeira linha.\nTerceira.' }],
    });
  });
});
