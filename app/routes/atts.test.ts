import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { blocks, follows } from '~/db/schema';
import { ATTS_RATE_LIMIT } from '~/features/atts/mutations.server';
import { hitRateLimit } from '~/server/rate-limit.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, multipartRequest, testPhoto, type TestUser } from '../../test/factories';
import { call, statusOf, type Failure } from '../../test/routes';
import * as attPage from './att.$id';
import * as attImage from './att.$id.imagens.$n';
import * as feed from './atts';
import * as edition from './ed.$id';
import * as editionTab from './ed.$id.$tab';

useTestDatabase();

/** A multipart post, as the progress form and "Publicar att" send it (with their photos). */
const postOnEdition = (id: string, reader: TestUser, fields: Record<string, string>, files: File[] = []) =>
  call(
    edition.action,
    multipartRequest(
      `/ed/${id}`,
      fields,
      files.map((file) => ['fotos', file]),
      reader.cookie,
    ),
    { id },
  );
const lastAtt = async () => (await queryRows<{ id: string }>(sql`SELECT id FROM atts ORDER BY created_at DESC LIMIT 1`))[0]?.id ?? '';
const imageStatus = (id: string, cookie?: string) => statusOf(call(attImage.loader, getRequest(`/att/${id}/imagens/1`, cookie), { id, n: '1' }));
const pageStatus = (id: string, cookie?: string) => statusOf(call(attPage.loader, getRequest(`/att/${id}`, cookie), { id }));

describe('atts through their pages', () => {
  it('post a progress update with an emotion and a photo as an att that followers see, by direct URL too', async () => {
    const [author, friend, stranger, blocked] = await Promise.all([createUser({ verified: true }), createUser({ verified: true }), createUser(), createUser()]);
    await getDb()
      .insert(follows)
      .values([
        { followerId: friend.id, followeeId: author.id, status: 'accepted' },
        { followerId: blocked.id, followeeId: author.id, status: 'accepted' },
      ]);
    await getDb().insert(blocks).values({ blockerId: author.id, blockedId: blocked.id });
    const id = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], pages: 264 });
    const progress = { intent: 'progresso', value: '50', unit: 'porcentagem', emotion: 'amando', comment: 'Bibiana e Belonísia!' };

    const sent = await postOnEdition(id, author, { ...progress, att: 'sim', attText: '', attVisibility: 'seguidores' }, [await testPhoto()]);
    expect(sent).toEqual({ success: 'Progresso registrado. Publicado como att.' });
    const attId = await lastAtt();
    const own = (await call(feed.loader, getRequest('/atts', author.cookie))) as {
      tab: string;
      items: { id: string; text: string; images: unknown[]; progress: unknown }[];
    };
    expect(own.tab).toBe('seguindo');
    expect(own.items).toMatchObject([
      {
        id: attId,
        text: 'Bibiana e Belonísia!',
        progress: { value: 50, unit: 'percent', emotion: 'loving' },
        images: [{ position: 1, url: `/att/${attId}/imagens/1` }],
      },
    ]);
    const friendFeed = (await call(feed.loader, getRequest('/atts?aba=seguindo', friend.cookie))) as { items: { id: string }[] };
    expect(friendFeed.items.map((a) => a.id)).toEqual([attId]);

    const served = (await call(attImage.loader, getRequest(`/att/${attId}/imagens/1`, friend.cookie), { id: attId, n: '1' })) as Response;
    expect([served.status, served.headers.get('Content-Type'), served.headers.get('Cache-Control')]).toEqual([200, 'image/webp', 'private, no-store']);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });
    for (const [who, cookie] of [
      ['stranger', stranger.cookie],
      ['blocked', blocked.cookie],
      ['visitor', undefined],
    ] as const) {
      expect({ who, page: await pageStatus(attId, cookie), image: await imageStatus(attId, cookie) }).toEqual({ who, page: 404, image: 404 });
    }
    expect(await imageStatus(attId, author.cookie)).toBe(200);
    expect(await statusOf(call(attImage.loader, getRequest(`/att/${attId}/imagens/2`, author.cookie), { id: attId, n: '2' }))).toBe(404);
    expect(await statusOf(call(attImage.loader, getRequest(`/att/${attId}/imagens/9`, author.cookie), { id: attId, n: '9' }))).toBe(404);
    expect(await pageStatus('nao-existe', author.cookie)).toBe(404);

    // Friends react and comment on the page; the blocked reader cannot even reach it.
    const act = (reader: TestUser, fields: Record<string, string>) =>
      call(attPage.action, formRequest(`/att/${attId}`, fields, { cookie: reader.cookie }), { id: attId });
    expect(await act(friend, { intent: 'reagir', reaction: 'amei' })).toEqual({ success: 'Reação enviada.' });
    expect(await act(friend, { intent: 'comentar', comment: 'Que capítulo!' })).toEqual({ success: 'Comentário publicado.' });
    const emptyComment = (await act(friend, { intent: 'comentar', comment: '   ' })) as Failure;
    expect([emptyComment.init.status, emptyComment.data.fieldErrors.comment]).toEqual([400, 'Escreva o comentário.']);
    expect(await statusOf(act(blocked, { intent: 'comentar', comment: 'Oi' }))).toBe(404);
    expect(await statusOf(act(blocked, { intent: 'reagir', reaction: 'amei' }))).toBe(404);
    expect(await statusOf(act(stranger, { intent: 'reagir', reaction: 'amei' }))).toBe(404);
    expect(((await act(friend, { intent: 'apagar-att' })) as Failure).init.status).toBe(403);
    const page = (await call(attPage.loader, getRequest(`/att/${attId}`, friend.cookie), { id: attId })) as {
      att: { comments: { text: string }[]; reactions: { kind: string; count: number; mine: boolean }[] };
    };
    expect(page.att.comments.map((c) => c.text)).toEqual(['Que capítulo!']);
    expect(page.att.reactions[0]).toEqual({ kind: 'heart', count: 1, mine: true });
    const notices = await queryRows<{ kind: string }>(sql`SELECT kind FROM notifications WHERE user_id = ${author.id} ORDER BY created_at`);
    expect(notices.map((n) => n.kind)).toEqual(['att_reaction', 'att_comment']);

    // The edition's atts tab: the friend sees it; a visitor's (cacheable) copy does not, and carries the tag posting drops.
    const tab = (await call(editionTab.loader, getRequest(`/ed/${id}/atts`, friend.cookie), { id, tab: 'atts' })) as {
      data: { atts: { page: { items: { id: string }[] } } };
    };
    expect(tab.data.atts.page.items.map((a) => a.id)).toEqual([attId]);
    const visitorTab = (await call(editionTab.loader, getRequest(`/ed/${id}/atts`), { id, tab: 'atts' })) as {
      data: { atts: { page: { items: unknown[] } } };
      init: { headers: Headers };
    };
    expect(visitorTab.data.atts.page.items).toEqual([]);
    expect(visitorTab.init.headers.get('X-Cache-Tags')).toContain(`edition-atts:${id}`);

    expect(((await act(author, { intent: 'apagar-att' })) as Response).headers.get('location')).toBe('/atts?apagada=1');
    expect(await pageStatus(attId, author.cookie)).toBe(404);
    expect(await imageStatus(attId, author.cookie)).toBe(404);
  });

  it('refuse a bad photo or an unverified reader before logging the progress, keeping what was typed', async () => {
    const [author, unverified] = await Promise.all([createUser({ verified: true }), createUser()]);
    const id = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'], pages: 176 });
    const fields = {
      intent: 'progresso',
      value: '40',
      unit: 'paginas',
      comment: 'Baleia…',
      att: 'sim',
      attText: 'Fabiano e Sinhá Vitória',
      attVisibility: 'publico',
    };
    const bad = (await postOnEdition(id, author, fields, [
      new File([new Uint8Array(Buffer.from('%PDF-1.4 não é foto'))], 'foto.png', { type: 'image/png' }),
    ])) as Failure;
    expect(bad.init.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({ fotos: 'A foto não é uma imagem JPEG, PNG, WebP ou GIF.' });
    expect(bad.data.fields).toMatchObject({ comment: 'Baleia…', attText: 'Fabiano e Sinhá Vitória', value: '40' });
    const refused = (await postOnEdition(id, unverified, fields)) as Failure;
    expect(refused.data.formError).toContain('Confirme seu e-mail para publicar atts');
    const badVisibility = (await postOnEdition(id, author, { ...fields, attVisibility: 'todos' })) as Failure;
    expect(badVisibility.data.fieldErrors).toEqual({ attVisibility: 'Escolha quem pode ver a att.' });
    const [logged] = await queryRows<{ count: number }>(sql`SELECT count(*)::int AS count FROM progress_entries`);
    expect(logged?.count).toBe(0);
    // Without "Publicar como att" the unverified reader logs progress as before.
    expect(await postOnEdition(id, unverified, { intent: 'progresso', value: '40', unit: 'paginas', comment: '' })).toEqual({
      success: 'Progresso registrado.',
    });
    expect(await lastAtt()).toBe('');
  });

  it('publish an att after finishing a book, and answer 429 with Retry-After past 60 an hour', async () => {
    const author = await createUser({ verified: true });
    const id = await createEdition({ title: 'Capitães da Areia', authors: ['Jorge Amado'] });
    const notYet = (await postOnEdition(id, author, { intent: 'publicar-att', attText: 'Terminei!', attVisibility: 'publico' })) as Failure;
    expect(notYet.data.formError).toBe('Marque o livro como lido para publicar que terminou.');
    await call(edition.action, formRequest(`/ed/${id}`, { intent: 'situacao', status: 'lido' }, { cookie: author.cookie }), { id });
    const posted = (await postOnEdition(id, author, { intent: 'publicar-att', attText: 'Terminei!', attVisibility: 'publico', attSpoiler: 'sim' }, [
      await testPhoto(),
    ])) as Response;
    const attId = await lastAtt();
    expect(posted.headers.get('location')).toBe(`/att/${attId}`);
    const visitor = (await call(attPage.loader, getRequest(`/att/${attId}`), { id: attId })) as {
      att: { kind: string; spoiler: boolean; text: string };
      signedIn: boolean;
    };
    expect(visitor).toMatchObject({ att: { kind: 'finished', spoiler: true, text: 'Terminei!' }, signedIn: false });
    expect(await imageStatus(attId)).toBe(200);
    const visitorFeed = (await call(feed.loader, getRequest('/atts?aba=seguindo&fotos=sim'))) as { tab: string; photos: boolean; items: { id: string }[] };
    expect(visitorFeed).toMatchObject({ tab: 'todos', photos: true, items: [{ id: attId }] });

    for (let i = 0; i < 60; i += 1) await hitRateLimit(ATTS_RATE_LIMIT, author.id);
    const limited = (await postOnEdition(id, author, { intent: 'publicar-att', attText: 'De novo', attVisibility: 'publico' })) as Failure & {
      init: { headers: Record<string, string> };
    };
    expect(limited.init.status).toBe(429);
    expect(Number(limited.init.headers['Retry-After'])).toBeGreaterThan(0);
    expect(limited.data.formError).toMatch(/^Você chegou ao limite de 60 atts por hora\. Poderá publicar outra daqui a \d+ minutos?\.$/);
    expect(limited.data.fields.attText).toBe('De novo');
  });
});
