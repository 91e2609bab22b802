import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server';
import { CLUB_POSTS_RATE_LIMIT, createClubPost } from '~/features/clubs/posts/mutations.server';
import { COMMENTS_PAGE_SIZE } from '~/features/clubs/posts/queries.server';
import { reportPath } from '~/features/moderation/reasons';
import { clubPost, createClubCast } from '../../test/club-fixtures';
import { CLUB_POSTS_PER_HOUR } from '~/features/clubs/policy';
import { hitRateLimit } from '~/server/rate-limit.server';
import { useTestDatabase } from '../../test/db';
import { formRequest, getRequest } from '../../test/factories';
import { renderPage } from '../../test/render';
import { call, type Failure } from '../../test/routes';
import * as community from './clube.$identificador.comunidade';
import * as posts from './clube.$identificador.posts';
import * as reportPage from './denunciar';
import * as reportQueue from './gerenciar.denuncias';

useTestDatabase();

type PostsData = Awaited<ReturnType<typeof posts.loader>>['data'];
type CommunityData = Awaited<ReturnType<typeof community.loader>>['data'];
type Loaded<T> = { data: T; init: { headers: Record<string, string> } };

describe('/clube/{id}/posts and /comunidade', () => {
  it('publish a plan post from the form, open it, comment, react, pin, edit with history and delete it', async () => {
    const { club, users, plans } = await createClubCast('aberto');
    const path = `/clube/${club.slug}/posts`;
    const act = (fields: Record<string, string>, who = users.dono, url = path) =>
      call(posts.action, formRequest(url, fields, { cookie: who.cookie }), { identificador: club.slug });
    const missingPlan = (await act({ intent: 'publicar', title: 'Mecenas', body: 'Só para **mecenas**.', visibility: 'plano' })) as Failure;
    expect(missingPlan.init.status).toBe(400);
    expect(missingPlan.data.fieldErrors).toEqual({ minPlanId: 'Escolha o plano mínimo.' });
    expect(missingPlan.data.fields).toMatchObject({ title: 'Mecenas' });
    const tooLong = (await act({ intent: 'publicar', title: 'x'.repeat(151), body: 'x' })) as Failure;
    expect(tooLong.data.fieldErrors.title).toMatch(/150/);
    const published = (await act({
      intent: 'publicar',
      title: 'Mecenas',
      body: 'Só para **mecenas**.',
      visibility: 'plano',
      minPlanId: plans.paid,
    })) as Response;
    expect(published.status).toBe(302);
    const location = published.headers.get('location')!;
    const postId = new URL(location, 'http://x').searchParams.get('post')!;

    const opened = (await call(posts.loader, getRequest(location, users.membroComPlano.cookie), { identificador: club.slug })) as Loaded<PostsData>;
    expect(opened.data.post).toMatchObject({ title: 'Mecenas', visibility: 'plano', minPlan: { name: 'Mecenas' } });
    expect(opened.data.post!.bodyHtml).toContain('<strong>mecenas</strong>');
    expect(await act({ intent: 'comentar', postId, comment: 'Valeu!' }, users.membroComPlano, location)).toEqual({ success: 'Comentário publicado.' });
    expect(await act({ intent: 'reagir', postId, reaction: 'palmas' }, users.membroComPlano, location)).toEqual({ success: 'Reação enviada.' });
    expect(await act({ intent: 'fixar', postId }, users.moderador, location)).toEqual({ success: 'Fixado no topo.' });
    expect(await act({ intent: 'editar', postId, title: 'Mecenas (novo)', body: 'Outro texto.', visibility: 'plano', minPlanId: plans.paid })).toEqual({
      success: 'Post editado.',
    });
    const asOwner = (await call(posts.loader, getRequest(location, users.dono.cookie), { identificador: club.slug })) as Loaded<PostsData>;
    const html = renderPage(posts.default, asOwner.data, location);
    for (const text of [
      '<h1',
      'Mecenas (novo)',
      'Plano Mecenas ou acima',
      'Fixado',
      'editado em',
      'Histórico de edições (1)',
      'Valeu!',
      'Desafixar',
      'Apagar post',
    ]) {
      expect(html).toContain(text);
    }
    const asMember = (await call(posts.loader, getRequest(location, users.membroComPlano.cookie), { identificador: club.slug })) as Loaded<PostsData>;
    const memberHtml = renderPage(posts.default, asMember.data, location);
    expect(memberHtml).not.toContain('editado em');
    expect(memberHtml).not.toContain('Histórico');
    expect(memberHtml).toContain('aria-pressed="true"');

    const list = (await call(posts.loader, getRequest(path, users.dono.cookie), { identificador: club.slug })) as Loaded<PostsData>;
    expect(list.data.page!.pinned.map((p) => p.title)).toEqual(['Mecenas (novo)']);
    expect(renderPage(posts.default, list.data, path)).toContain('Escrever um post');
    const deleted = (await act({ intent: 'apagar', postId }, users.dono, location)) as Response;
    expect(deleted.headers.get('location')).toBe(`${path}?apagado=1`);
    const visitor = (await call(posts.loader, getRequest(path), { identificador: club.slug })) as Loaded<PostsData>;
    expect(visitor.init.headers['X-Cache-Tags']).toBe(`club:${club.id}`);
    const visitorHtml = renderPage(posts.default, visitor.data, path);
    expect(visitorHtml).toContain('O clube ainda não publicou nada que você possa ler.');
    expect(visitorHtml).not.toContain('Escrever um post');
  });

  it('open a thread on /comunidade, find members in the directory, and show the rest only the count', async () => {
    const { club, users } = await createClubCast('aberto');
    const path = `/clube/${club.slug}/comunidade`;
    const opened = (await call(
      community.action,
      formRequest(path, { intent: 'publicar', title: 'Próxima leitura', body: 'Ideias?' }, { cookie: users.membro.cookie }),
      {
        identificador: club.slug,
      },
    )) as Response;
    const location = opened.headers.get('location')!;
    expect(location).toMatch(/\?conversa=/);
    const thread = (await call(community.loader, getRequest(location, users.membro.cookie), { identificador: club.slug })) as Loaded<CommunityData>;
    expect(renderPage(community.default, thread.data, location)).toContain('Próxima leitura');
    const directory = (await call(community.loader, getRequest(`${path}?aba=membros&q=${users.moderador.username}`, users.membro.cookie), {
      identificador: club.slug,
    })) as Loaded<CommunityData>;
    const html = renderPage(community.default, directory.data, `${path}?aba=membros`);
    expect(html).toContain(`@${users.moderador.username}`);
    expect(html).toContain('Moderador');
    expect(html).not.toContain(`@${users.membro.username}`);
    const list = (await call(community.loader, getRequest(path, users.membro.cookie), { identificador: club.slug })) as Loaded<CommunityData>;
    expect(renderPage(community.default, list.data, path)).toContain('Abrir uma conversa');
    const visitor = (await call(community.loader, getRequest(path), { identificador: club.slug })) as Loaded<CommunityData>;
    const visitorHtml = renderPage(community.default, visitor.data, path);
    expect(visitorHtml).toContain('5 membros conversando');
    expect(visitorHtml).not.toContain('Próxima leitura');
    expect(visitor.init.headers['X-Cache-Tags']).toBe(`club:${club.id}`);
  });

  it('pages a post’s comments by links that work without JavaScript: the newest first, and the 1st of 301 behind “Ver comentários anteriores”', async () => {
    const { club, users, viewers } = await createClubCast('aberto');
    const id = await createClubPost(viewers.dono, club.id, clubPost('Muito comentado', 'publico'));
    const total = COMMENTS_PAGE_SIZE * 3 + 1;
    // Pairs share their instant, so the id alone orders them: a page that cut between the two would lose one.
    await queryRows(sql`
      INSERT INTO club_post_comments (id, post_id, author_id, body, created_at)
      SELECT 'cm' || lpad(n::text, 4, '0'), ${id}, ${users.membro.id}, 'Comentário nº ' || n || '.',
        timestamptz '2026-01-01 12:00:00+00' + make_interval(secs => n / 2)
      FROM generate_series(1, ${total}) AS n`);
    const open = async (url: string) => {
      const loaded = (await call(posts.loader, getRequest(url, users.naoMembro.cookie), { identificador: club.slug })) as Loaded<PostsData>;
      return { post: loaded.data.post!, html: renderPage(posts.default, loaded.data, url) };
    };
    const olderLink = (html: string) => html.match(/<a [^>]*href="([^"]+)"[^>]*>Ver comentários anteriores</)?.[1]?.replaceAll('&amp;', '&') ?? null;

    let url = `/clube/${club.slug}/posts?post=${id}`;
    const first = await open(url);
    expect(first.html).toContain(`Comentários (${total})`);
    expect(first.html).toContain(`Comentário nº ${total}.`);
    expect(first.html).not.toContain('Ver os comentários mais recentes');
    const seen: string[] = [];
    let page = first;
    for (;;) {
      seen.unshift(...page.post.comments.map((c) => c.text));
      const older = olderLink(page.html);
      if (!older) break;
      url = older;
      page = await open(url);
      expect(page.html).toContain('Ver os comentários mais recentes');
    }
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => `Comentário nº ${i + 1}.`));
    expect(page.post.comments.map((c) => c.text)).toEqual(['Comentário nº 1.']);
    expect(url).toMatch(/comentarios=.+#comentarios$/);
  }, 120_000);

  it('offers “Denunciar” on others’ posts and comments, and the report page answers 404 where the reader may not see them', async () => {
    for (const visibility of ['aberto', 'privado'] as const) {
      const { club, users, viewers } = await createClubCast(visibility);
      const id = await createClubPost(viewers.dono, club.id, clubPost('Aviso', 'publico'));
      const comment = (await call(
        posts.action,
        formRequest(`/clube/${club.slug}/posts?post=${id}`, { intent: 'comentar', postId: id, comment: 'Ótimo aviso.' }, { cookie: users.membro.cookie }),
        { identificador: club.slug },
      )) as { success: string };
      expect(comment).toEqual({ success: 'Comentário publicado.' });
      const [{ id: commentId } = { id: '' }] = await queryRows<{ id: string }>(sql`SELECT id FROM club_post_comments WHERE post_id = ${id}`);
      const url = `/clube/${club.slug}/posts?post=${id}`;
      const htmlFor = async (cookie: string) =>
        renderPage(posts.default, ((await call(posts.loader, getRequest(url, cookie), { identificador: club.slug })) as Loaded<PostsData>).data, url);
      const postReport = reportPath('club_post', id).replaceAll('&', '&amp;');
      const commentReport = reportPath('club_post_comment', commentId).replaceAll('&', '&amp;');
      const member = await htmlFor(users.moderador.cookie);
      expect(member).toContain(postReport);
      expect(member).toContain(commentReport);
      const owner = await htmlFor(users.dono.cookie);
      expect(owner).not.toContain(postReport);
      expect(owner).toContain(commentReport);
      expect(await htmlFor(users.membro.cookie)).not.toContain(commentReport);

      const reportAs = (cookie: string, kind: 'club_post' | 'club_post_comment', target: string) =>
        call(reportPage.loader, getRequest(reportPath(kind, target), cookie)).then(
          () => 200,
          (thrown: { init?: { status?: number } }) => thrown.init?.status,
        );
      expect(await reportAs(users.moderador.cookie, 'club_post', id)).toBe(200);
      expect(await reportAs(users.moderador.cookie, 'club_post_comment', commentId)).toBe(200);
      const outsider = visibility === 'privado' ? 404 : 200;
      expect(await reportAs(users.naoMembro.cookie, 'club_post', id)).toBe(outsider);
      expect(await reportAs(users.naoMembro.cookie, 'club_post_comment', commentId)).toBe(outsider);
      expect(await reportAs(users.banido.cookie, 'club_post', id)).toBe(404);
      const refused = (await call(
        reportPage.action,
        formRequest('/denunciar', { kind: 'club_post', target: id, reason: 'spam' }, { cookie: users.naoMembro.cookie }),
      )) as Failure | { success: string };
      if (visibility === 'privado') expect((refused as Failure).init.status).toBe(404);
      else expect(refused).toMatchObject({ success: expect.stringContaining('Denúncia enviada') });
      await call(reportPage.action, formRequest('/denunciar', { kind: 'club_post_comment', target: commentId, reason: 'spam' }, { cookie: users.dono.cookie }));
      const queueUrl = '/gerenciar/denuncias';
      const queue = await call(reportQueue.loader, getRequest(queueUrl, users.adminDoSite.cookie));
      const queueHtml = renderPage(reportQueue.default, queue, queueUrl);
      if (visibility === 'aberto') expect(queueHtml).toContain(`href="/clube/${club.slug}/posts?post=${id}"`);
      expect(queueHtml).toContain('Comentário em clube');
      expect(queueHtml).toContain('Ótimo aviso.');
      expect(queueHtml).toContain('Ocultar conteúdo');
    }
  }, 120_000);

  it('answer 429 with Retry-After and a Portuguese message to the post past the hourly limit, keeping what was typed', async () => {
    const { club, users } = await createClubCast('aberto');
    const path = `/clube/${club.slug}/posts`;
    for (let i = 0; i < CLUB_POSTS_PER_HOUR; i++) await hitRateLimit(CLUB_POSTS_RATE_LIMIT, users.dono.id);
    const limited = (await call(
      posts.action,
      formRequest(path, { intent: 'publicar', title: 'Mais um', body: 'Texto', visibility: 'publico' }, { cookie: users.dono.cookie }),
      {
        identificador: club.slug,
      },
    )) as Failure & { init: { headers: Record<string, string> } };
    expect(limited.init.status).toBe(429);
    expect(Number(limited.init.headers['Retry-After'])).toBeGreaterThan(0);
    expect(limited.data.formError).toMatch(
      new RegExp(`^Você chegou ao limite de ${CLUB_POSTS_PER_HOUR} posts e tópicos por hora nos clubes\\. Poderá publicar de novo daqui a \\d+ minutos?\\.$`),
    );
    expect(limited.data.fields).toMatchObject({ title: 'Mais um', body: 'Texto' });
  });
});
