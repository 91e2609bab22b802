import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer } from '../../test/factories';
import { routeArgs, type Failure, type Handler } from '../../test/routes';
import { ATTS_RATE_LIMIT } from '~/features/atts/mutations.server';
import { listAtts } from '~/features/atts/queries.server';
import { reviewAttText } from '~/features/reading/reviews/att-text';
import { hitRateLimit } from '~/server/rate-limit.server';
import * as draft from './api/resenhas.rascunho';
import * as edition from './ed.$id';
import * as tab from './ed.$id.$tab';

useTestDatabase();

const act = edition.action as unknown as Handler;
const loadEdition = edition.loader as unknown as Handler;
const loadTab = tab.loader as unknown as Handler;
const saveDraft = draft.action as unknown as Handler;

const poster = (id: string, cookie: string) => (fields: Record<string, string>) => act(routeArgs(formRequest(`/ed/${id}`, fields, { cookie }), { id }));
const tabFor = async (id: string, name: string, cookie?: string, query = '') =>
  (
    (await loadTab(routeArgs(getRequest(`/ed/${id}/${name}${query}`, cookie), { id, tab: name }))) as {
      data: { reviews: { items: { html: string }[]; total: number } | null; readers: { items: { username: string; status: string }[]; total: number } | null };
    }
  ).data;
const beacon = (fields: Record<string, string>, cookie?: string) =>
  saveDraft(routeArgs(formRequest('/api/resenhas/rascunho', fields, cookie ? { cookie } : {}))) as Promise<Response>;
const status = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 200;
  } catch (error) {
    return (error as { init?: { status: number }; status?: number }).init?.status ?? (error as Response).status;
  }
};

describe('the review routes', () => {
  it('autosave a draft through the resource route and restore it in the editor', async () => {
    const id = await createEdition({ title: 'Quincas Borba', authors: ['Machado de Assis'], pages: 300 });
    const reader = await createUser();
    await poster(id, reader.cookie)({ intent: 'situacao', status: 'lido' });

    const saved = await beacon({ edition: id, body: 'Ao vencedor, as batatas!', spoiler: 'sim', visibility: 'seguidores' }, reader.cookie);
    expect(saved.status).toBe(200);
    expect(saved.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await saved.json()).toMatchObject({ savedAt: expect.stringMatching(/^\d{4}-/) });
    const page = ((await loadEdition(routeArgs(getRequest(`/ed/${id}`, reader.cookie), { id }))) as { data: { review: unknown } }).data;
    expect(page.review).toMatchObject({ draftBody: 'Ao vencedor, as batatas!', draftSpoiler: true, draftVisibility: 'seguidores', body: null });

    // Visitors, strangers without the book, and bad input get a Portuguese answer and change nothing.
    expect((await beacon({ edition: id, body: 'x', visibility: 'publico' })).status).toBe(401);
    const stranger = await createUser();
    const refused = await beacon({ edition: id, body: 'Não é meu', visibility: 'publico' }, stranger.cookie);
    expect([refused.status, await refused.json()]).toEqual([400, { error: 'Coloque o livro na sua estante antes de escrever a resenha.' }]);
    const bad = await beacon({ edition: id, body: 'x', visibility: 'todo-mundo' }, reader.cookie);
    expect([bad.status, await bad.json()]).toEqual([400, { error: 'Escolha quem pode ver a resenha.' }]);
    const long = await beacon({ edition: id, body: 'x'.repeat(20_001), visibility: 'publico' }, reader.cookie);
    expect(await long.json()).toEqual({ error: 'A resenha pode ter até 20.000 caracteres.' });
  });

  it('publish from the edition page, show it on resenhas and the reader on leitores; errors stay next to the field', async () => {
    const id = await createEdition({ title: 'O Alienista', authors: ['Machado de Assis'], pages: 96 });
    const reader = await createUser();
    const post = poster(id, reader.cookie);
    const noEntry = (await post({ intent: 'publicar', body: 'Sem estante', visibility: 'publico' })) as Failure;
    expect(noEntry.data.formError).toBe('Coloque o livro na sua estante antes de escrever a resenha.');
    expect(noEntry.data.fields.body).toBe('Sem estante');

    await post({ intent: 'situacao', status: 'lido' });
    const empty = (await post({ intent: 'publicar', body: '  ', visibility: 'publico', newContentWarnings: 'morte' })) as Failure;
    expect([empty.init.status, empty.data.fieldErrors]).toEqual([400, { body: 'Escreva a resenha antes de publicar.' }]);
    expect(empty.data.fields.newContentWarnings).toBe('morte');
    const badMood = (await post({ intent: 'publicar', body: 'Ok', visibility: 'publico', moods: 'feliz' })) as Failure;
    expect(badMood.data.fieldErrors).toEqual({ moods: 'Escolha climas da lista.' });

    const body = new URLSearchParams({
      intent: 'publicar',
      body: 'Simão **Bacamarte** <script>alert(1)</script>',
      visibility: 'publico',
      spoiler: 'sim',
      pacing: 'rapido',
      newContentWarnings: 'Morte',
    });
    body.append('moods', 'sombrio');
    body.append('moods', 'engracado');
    const request = new Request(`http://localhost:3000/ed/${id}`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost:3000', Cookie: reader.cookie },
    });
    expect(await act(routeArgs(request, { id }))).toEqual({ success: 'Resenha publicada.' });

    const reviews = (await tabFor(id, 'resenhas')).reviews!;
    expect(reviews.total).toBe(1);
    expect(reviews.items[0]).toMatchObject({
      html: '<p>Simão <strong>Bacamarte</strong> alert(1)</p>\n',
      spoiler: true,
      moods: ['dark', 'funny'],
      pacing: 'fast',
      contentWarnings: ['morte'],
    });
    // Raw HTML is dropped: the tags go, their text stays escaped.
    expect(reviews.items[0]?.html).not.toContain('<script');
    expect((await tabFor(id, 'leitores')).readers!.items).toMatchObject([{ username: reader.username, status: 'read' }]);

    // Another reader's forms never reach this review.
    const other = await createUser();
    const theirs = (await poster(id, other.cookie)({ intent: 'excluir-resenha' })) as Failure;
    expect(theirs.data.formError).toBe('Coloque o livro na sua estante antes de escrever a resenha.');
    expect((await tabFor(id, 'resenhas', other.cookie)).reviews!.total).toBe(1);

    expect(await post({ intent: 'despublicar' })).toEqual({ success: 'Resenha despublicada; o texto ficou no rascunho.' });
    expect((await tabFor(id, 'resenhas')).reviews!.total).toBe(0);
    expect(await post({ intent: 'excluir-resenha' })).toEqual({ success: 'Resenha excluída.' });
  });

  it('publish also as an att when asked: the review’s opening, its spoiler flag and audience; refused together when the att may not go out', async () => {
    const id = await createEdition({ title: 'Memórias Póstumas de Brás Cubas', authors: ['Machado de Assis'], pages: 250 });
    const [reader, unverified] = [await createUser({ verified: true }), await createUser()];
    const post = poster(id, reader.cookie);
    await post({ intent: 'situacao', status: 'lido' });
    const atts = async () => (await listAtts(testViewer(reader), { kind: 'all' })).items;

    // A draft never posts an att, checked or not.
    expect(await post({ intent: 'rascunho', body: 'Rascunho.', visibility: 'publico', att: 'sim' })).toEqual({ success: 'Rascunho salvo.' });
    expect(await atts()).toEqual([]);

    const body = `Ao verme que primeiro roeu as frias carnes. O final: ||Brás morre||. ${'Muito bom. '.repeat(40)}`;
    expect(await post({ intent: 'publicar', body, spoiler: 'sim', visibility: 'seguidores', att: 'sim' })).toEqual({
      success: 'Resenha publicada, também como att.',
    });
    const [att] = await atts();
    expect(att).toMatchObject({ kind: 'review', edition: { id }, spoiler: true, visibility: 'seguidores', text: reviewAttText(body) });
    expect(att!.text).toMatch(/^Ao verme que primeiro roeu as frias carnes\. O final: \[spoiler\]\. Muito bom\./);
    expect(att!.text.length).toBeLessThanOrEqual(280);
    expect(att!.text).not.toContain('Brás morre');

    // Unchecked: the review only.
    expect(await post({ intent: 'publicar', body: 'Editada.', visibility: 'publico' })).toEqual({ success: 'Resenha publicada.' });
    expect(await atts()).toHaveLength(1);

    // Over the limit of atts: nothing is published, the text stays in the form.
    for (let i = 0; i < 60; i += 1) await hitRateLimit(ATTS_RATE_LIMIT, reader.id);
    const limited = (await post({ intent: 'publicar', body: 'Terceira versão.', visibility: 'publico', att: 'sim' })) as Failure;
    expect([limited.init.status, limited.data.fields.body]).toEqual([429, 'Terceira versão.']);
    expect((await tabFor(id, 'resenhas')).reviews!.items).toMatchObject([{ html: '<p>Editada.</p>\n' }]);

    // An unverified reader may publish the review, never the att (and so, asked for both, neither).
    await poster(id, unverified.cookie)({ intent: 'situacao', status: 'lido' });
    const refused = (await poster(id, unverified.cookie)({ intent: 'publicar', body: 'Minha resenha.', visibility: 'publico', att: 'sim' })) as Failure;
    expect(refused.data.formError).toMatch(/^Confirme seu e-mail/);
    expect((await tabFor(id, 'resenhas')).reviews!.total).toBe(1);
    expect(await atts()).toHaveLength(1);
  });

  it('answer 404 for unknown tabs and editions, and ignore a bad page number', async () => {
    const id = await createEdition({ title: 'Iracema', authors: ['José de Alencar'], pages: 120 });
    expect(await status(loadTab(routeArgs(getRequest(`/ed/${id}/criticas`), { id, tab: 'criticas' })))).toBe(404);
    expect(await status(loadTab(routeArgs(getRequest('/ed/nao-existe/resenhas'), { id: 'nao-existe', tab: 'resenhas' })))).toBe(404);
    expect((await tabFor(id, 'resenhas', undefined, '?pagina=abc')).reviews).toMatchObject({ total: 0 });
    expect((await tabFor(id, 'leitores', undefined, '?pagina=-3')).readers).toMatchObject({ total: 0 });
  });
});
