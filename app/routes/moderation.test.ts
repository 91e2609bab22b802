import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer } from '../../test/factories';
import { call, statusOf, type Failure } from '../../test/routes';
import { getDb } from '~/db/client.server';
import { authorFollows, reports, users } from '~/db/schema';
import { setSuspended } from '~/features/accounts/admin.server';
import { addComment, postAtt } from '~/features/atts/mutations.server';
import { createShelf } from '~/features/reading/shelves/custom-shelves.server';
import { publishReview } from '~/features/reading/reviews/reviews.server';
import { shelve } from '../../test/reading-factories';
import { REPORTS_PER_DAY } from '~/features/moderation/reasons';
import { renderPage } from '../../test/render';
import * as author from './autor.$identificador';
import * as deletion from './configuracoes.excluir';
import * as settings from './configuracoes.notificacoes';
import * as report from './denunciar';
import * as queue from './gerenciar.denuncias';
import * as manage from './gerenciar';
import * as shelfPage from './estante.$id';
import * as attPage from './att.$id';
import * as editionTab from './ed.$id.$tab';

useTestDatabase();

describe('reports through the pages', () => {
  it('a reader reports a shelf from its page; bad input keeps the text; the admin hides it from the queue and the shelf answers 404', async () => {
    const [owner, reader, admin] = [await createUser(), await createUser(), await createUser({ role: 'admin' })];
    const shelf = await createShelf(testViewer(owner), { name: 'Estante denunciada', description: '', visibility: 'publico' });
    const page = (await call(shelfPage.loader, getRequest(`/estante/${shelf}`, reader.cookie), { id: shelf })) as { canReport: boolean };
    expect(page.canReport).toBe(true);
    expect(((await call(shelfPage.loader, getRequest(`/estante/${shelf}`, owner.cookie), { id: shelf })) as { canReport: boolean }).canReport).toBe(false);

    const bad = (await call(
      report.action,
      formRequest('/denunciar', { kind: 'shelf', target: shelf, details: 'x'.repeat(1001), voltar: `/estante/${shelf}` }, { cookie: reader.cookie }),
    )) as Failure;
    expect(bad.init.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({ reason: 'Escolha um motivo.', details: 'Escreva no máximo 1000 caracteres.' });
    expect(bad.data.fields.details).toHaveLength(1001);
    const own = (await call(report.action, formRequest('/denunciar', { kind: 'shelf', target: shelf, reason: 'spam' }, { cookie: owner.cookie }))) as Failure;
    expect(own.data.formError).toBe('Você não pode denunciar algo seu.');
    const sent = await call(
      report.action,
      formRequest(
        '/denunciar',
        { kind: 'shelf', target: shelf, reason: 'spam', details: 'Propaganda.', voltar: `/estante/${shelf}` },
        { cookie: reader.cookie },
      ),
    );
    expect(sent).toEqual({ success: 'Denúncia enviada. A moderação vai analisar. Obrigado por avisar.', back: `/estante/${shelf}` });

    expect(await statusOf(call(queue.loader, getRequest('/gerenciar/denuncias', reader.cookie)))).toBe(404);
    const loaded = (await call(queue.loader, getRequest('/gerenciar/denuncias', admin.cookie))) as {
      groups: { reportId: string; target: { excerpt: string } }[];
    };
    expect(loaded.groups.map((g) => g.target.excerpt)).toEqual(['Estante denunciada']);
    expect(
      await statusOf(
        call(queue.action, formRequest('/gerenciar/denuncias', { report: loaded.groups[0]!.reportId, intent: 'hide' }, { cookie: reader.cookie })),
      ),
    ).toBe(404);
    const noNote = (await call(
      queue.action,
      formRequest('/gerenciar/denuncias', { report: loaded.groups[0]!.reportId, intent: 'warn', note: ' ' }, { cookie: admin.cookie }),
    )) as Failure;
    expect(noNote.data.fieldErrors).toEqual({ note: 'Escreva a advertência que o autor vai receber.' });
    const hidden = await call(
      queue.action,
      formRequest('/gerenciar/denuncias', { report: loaded.groups[0]!.reportId, intent: 'hide', note: '' }, { cookie: admin.cookie }),
    );
    expect(hidden).toEqual({ success: 'Conteúdo ocultado. As denúncias dele foram resolvidas.' });
    expect(await statusOf(call(shelfPage.loader, getRequest(`/estante/${shelf}`, reader.cookie), { id: shelf }))).toBe(404);
    expect(await statusOf(call(shelfPage.loader, getRequest(`/estante/${shelf}`), { id: shelf }))).toBe(404);
    expect(await statusOf(call(shelfPage.loader, getRequest(`/estante/${shelf}`, owner.cookie), { id: shelf }))).toBe(200);

    // The queue names the author, the reporter and the admin who acted by links to their profiles.
    const resolvedPath = '/gerenciar/denuncias?situacao=resolvidas';
    const queuePage = renderPage(queue.default, await call(queue.loader, getRequest(resolvedPath, admin.cookie)), resolvedPath);
    expect(queuePage).toMatch(new RegExp(`<h2[^>]*>Estante de <a[^>]*href="/u/${owner.username}"[^>]*>${owner.username}</a>`));
    expect(queuePage).toMatch(new RegExp(`<a[^>]*href="/u/${reader.username}"[^>]*>@${reader.username}</a>`));
    expect(queuePage).toMatch(new RegExp(`<a[^>]*href="/u/${admin.username}"[^>]*>@${admin.username}</a>:`));
    // An admin who deleted their account stays in the history as "leitor removido", leading nowhere.
    const otherAdmin = await createUser({ role: 'admin' });
    const removal = { username: admin.username, password: admin.password };
    expect(await statusOf(call(deletion.action, formRequest('/configuracoes/excluir', removal, { cookie: admin.cookie })))).toBe(302);
    const after = renderPage(queue.default, await call(queue.loader, getRequest(resolvedPath, otherAdmin.cookie)), resolvedPath);
    expect(after).toMatch(/ · leitor removido:/);
    expect(after).not.toContain(`/u/${admin.username}`);
  });

  it('reports an att, a comment and a review through /denunciar; the queue hides them; the author still sees each with a notice', async () => {
    const [author, commenter, reader, admin] = [
      await createUser({ verified: true }),
      await createUser({ verified: true }),
      await createUser(),
      await createUser({ role: 'admin' }),
    ];
    const writer = { ...testViewer(author), emailVerified: true };
    const editionId = await createEdition({ title: 'Iracema', authors: ['José de Alencar'] });
    const att = await postAtt(writer, { editionId, kind: 'review', text: 'Att ofensiva.', spoiler: false, visibility: 'publico', images: [] });
    const secret = await postAtt(writer, { editionId, kind: 'review', text: 'Privada.', spoiler: false, visibility: 'privado', images: [] });
    const comment = await addComment({ ...testViewer(commenter), emailVerified: true }, att, 'Comentário ofensivo.');
    const review = await shelve(author.id, editionId);
    await publishReview(writer, editionId, { body: 'Resenha ofensiva.', spoiler: false, visibility: 'publico' });
    const reportPage = (kind: string, id: string, cookie?: string) => call(report.loader, getRequest(`/denunciar?tipo=${kind}&id=${id}`, cookie));

    expect(await reportPage('att', att, reader.cookie)).toEqual({
      target: { kind: 'att', id: att, excerpt: 'Iracema — Att ofensiva.', link: `/att/${att}`, mine: false, reported: null },
    });
    expect(await reportPage('att', att, author.cookie)).toMatchObject({ target: { mine: true } });
    expect(await reportPage('review', review, reader.cookie)).toMatchObject({ target: { excerpt: 'Resenha ofensiva.', link: `/ed/${editionId}/resenhas` } });
    expect(await statusOf(reportPage('att', secret, reader.cookie))).toBe(404);
    expect(await statusOf(reportPage('att', att))).toBe(302);
    expect(await reportPage('nada', att, reader.cookie)).toEqual({ target: null });
    for (const [kind, target] of [
      ['att', att],
      ['att_comment', comment],
      ['review', review],
    ]) {
      expect(
        await call(report.action, formRequest('/denunciar', { kind: kind!, target: target!, reason: 'hate', voltar: '/atts' }, { cookie: reader.cookie })),
      ).toMatchObject({ success: expect.any(String) });
    }
    expect(
      ((await call(report.action, formRequest('/denunciar', { kind: 'att', target: secret, reason: 'hate' }, { cookie: reader.cookie }))) as Failure).init
        .status,
    ).toBe(404);

    const loaded = (await call(queue.loader, getRequest('/gerenciar/denuncias', admin.cookie))) as { groups: { kind: string; reportId: string }[] };
    expect(loaded.groups.map((g) => g.kind).sort()).toEqual(['att', 'att_comment', 'review']);
    for (const group of loaded.groups) {
      expect(
        await statusOf(call(queue.action, formRequest('/gerenciar/denuncias', { report: group.reportId, intent: 'hide' }, { cookie: author.cookie }))),
      ).toBe(404);
      expect(
        await call(queue.action, formRequest('/gerenciar/denuncias', { report: group.reportId, intent: 'hide', note: '' }, { cookie: admin.cookie })),
      ).toEqual({ success: 'Conteúdo ocultado. As denúncias dele foram resolvidas.' });
    }
    expect(await statusOf(call(attPage.loader, getRequest(`/att/${att}`, reader.cookie), { id: att }))).toBe(404);
    expect(await statusOf(call(attPage.loader, getRequest(`/att/${att}`), { id: att }))).toBe(404);
    expect(await call(attPage.loader, getRequest(`/att/${att}`, author.cookie), { id: att })).toMatchObject({ att: { hidden: true } });
    const reviews = (cookie?: string) =>
      call(editionTab.loader, getRequest(`/ed/${editionId}/resenhas`, cookie), { id: editionId, tab: 'resenhas' }) as Promise<{
        data: { reviews: { items: { hidden: boolean }[] } };
      }>;
    expect((await reviews()).data.reviews.items).toEqual([]);
    expect((await reviews(reader.cookie)).data.reviews.items).toEqual([]);
    expect((await reviews(author.cookie)).data.reviews.items).toMatchObject([{ hidden: true }]);
  });

  it(`answers 429 with Retry-After after ${REPORTS_PER_DAY} reports in a day`, async () => {
    const [reader, target] = [await createUser(), await createUser()];
    const send = () => call(report.action, formRequest('/denunciar', { kind: 'user', target: target.id, reason: 'spam' }, { cookie: reader.cookie }));
    for (let i = 0; i < REPORTS_PER_DAY; i += 1) expect(await send()).toMatchObject({ success: expect.any(String) });
    const limited = (await send()) as Failure & { init: { status: number; headers: Record<string, string> } };
    expect(limited.init.status).toBe(429);
    expect(Number(limited.init.headers['Retry-After'])).toBeGreaterThan(0);
    expect(limited.data.formError).toMatch(/^Você já enviou 20 denúncias hoje/);
    expect(await getDb().select().from(reports).where(eq(reports.reporterId, reader.id))).toHaveLength(1);
  });
});

describe('the accounts on /gerenciar', () => {
  it("name each reader by a link to their profile, but a suspended one's (no profile to open) or one still without a username", async () => {
    const [admin, reader, suspended, unfinished] = [await createUser({ role: 'admin' }), await createUser(), await createUser(), await createUser()];
    await setSuspended(testViewer(admin, 'admin'), suspended.id, true);
    await getDb().update(users).set({ username: null, name: 'Sem Cadastro' }).where(eq(users.id, unfinished.id));
    const page = renderPage(manage.default, await call(manage.loader, getRequest('/gerenciar', admin.cookie)), '/gerenciar');
    expect(page).toMatch(new RegExp(`<a[^>]*href="/u/${reader.username}"[^>]*>${reader.username}</a> <span class="text-muted">@${reader.username} · `));
    expect(page).toContain(`<span class="font-semibold">${suspended.username}</span>`);
    expect(page).not.toContain(`/u/${suspended.username}`);
    expect(page).toContain(`<span class="font-semibold">Sem Cadastro</span> <span class="text-muted">${unfinished.email}</span>`);
  });
});

describe('notification settings and follows through the pages', () => {
  it('a switch turned off on /configuracoes/notificacoes stays off', async () => {
    const reader = await createUser();
    const before = (await call(settings.loader, getRequest('/configuracoes/notificacoes', reader.cookie))) as {
      switches: Record<string, { inApp: boolean; email: boolean }>;
    };
    expect(before.switches.comment).toEqual({ inApp: true, email: false });
    const saved = await call(
      settings.action,
      formRequest('/configuracoes/notificacoes', { 'app:new_follower': 'on', 'email:comment': 'on', 'email:weekly_digest': 'on' }, { cookie: reader.cookie }),
    );
    expect(saved).toEqual({ success: 'Preferências de notificação salvas.' });
    const after = (await call(settings.loader, getRequest('/configuracoes/notificacoes', reader.cookie))) as typeof before;
    expect(after.switches).toMatchObject({
      new_follower: { inApp: true, email: false },
      comment: { inApp: false, email: true },
      weekly_digest: { inApp: false, email: true },
    });
    const bad = (await call(settings.action, formRequest('/configuracoes/notificacoes', { 'app:comment': 'sim' }, { cookie: reader.cookie }))) as Failure;
    expect(bad.init.status).toBe(400);
  });

  it('follows an author from the author page; a visitor sees the button that leads to signing in', async () => {
    const reader = await createUser();
    await createEdition({ title: 'O Quinze', authors: ['Rachel de Queiroz'] });
    const params = { identificador: 'rachel-de-queiroz' };
    const visitor = (await call(author.loader, getRequest('/autor/rachel-de-queiroz'), params)) as { data: { following: boolean | null } };
    expect(visitor.data.following).toBeNull();
    expect(await statusOf(call(author.action, formRequest('/autor/rachel-de-queiroz', { intent: 'seguir' }), params))).toBe(302);
    expect(await call(author.action, formRequest('/autor/rachel-de-queiroz', { intent: 'seguir' }, { cookie: reader.cookie }), params)).toEqual({
      success: 'Você segue Rachel de Queiroz.',
    });
    const signedIn = (await call(author.loader, getRequest('/autor/rachel-de-queiroz', reader.cookie), params)) as typeof visitor;
    expect(signedIn.data.following).toBe(true);
    expect(await getDb().select().from(authorFollows)).toHaveLength(1);
    expect(
      await statusOf(call(author.action, formRequest('/autor/nao-existe', { intent: 'seguir' }, { cookie: reader.cookie }), { identificador: 'nao-existe' })),
    ).toBe(404);
  });
});
