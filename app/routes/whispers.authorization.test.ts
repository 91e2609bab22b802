import { describe, expect, it } from 'vitest';
import { sendWhisper, whisperTo } from '~/features/whispers/mutations.server';
import { getDb, queryRows } from '~/db/client.server';
import { whisperReportViews } from '~/db/schema';
import { sql } from 'drizzle-orm';
import { newId } from '~/lib/ids';
import { useTestDatabase } from '../../test/db';
import { createUser, formRequest, getRequest, testPhoto, testViewer } from '../../test/factories';
import { block, suspend } from '../../test/reading-factories';
import { call, matrixOf, outcomeOf, statusOf } from '../../test/routes';
import * as events from './api/sussurros.$id.eventos';
import * as send from './api/sussurros.$id.mensagens';
import * as thread from './sussurros.$id';
import * as image from './sussurros.$id.imagens.$message.$n';
import * as reportPage from './denunciar';
import * as reportContext from './gerenciar.denuncias.sussurro.$id';
import * as start from './sussurrar.$username';

useTestDatabase();

const WHO = ['visitante', 'remetente', 'destinatario', 'terceiro', 'bloqueado', 'suspenso', 'admin'] as const;
type Who = (typeof WHO)[number];

describe('whispers: only the two readers of a conversation reach it', () => {
  it('answers 404 on the page, its forms, the send door, the live connection and the images to everyone else, staff included', async () => {
    const users = {
      remetente: await createUser({ verified: true }),
      destinatario: await createUser({ verified: true }),
      terceiro: await createUser({ verified: true }),
      bloqueado: await createUser({ verified: true }),
      suspenso: await createUser({ verified: true }),
      admin: await createUser({ role: 'admin', verified: true }),
    };
    const sender = { ...testViewer(users.remetente), emailVerified: true };
    // Each message carries an image (decision 0089): its URL is one more row of the matrix.
    const withImage = async (body: string) => ({ clientId: newId(), body, images: [await testPhoto()] });
    const { conversationId: id } = await whisperTo(sender, users.destinatario.id, await withImage('Só entre nós.'));
    // A conversation of the blocked and the suspended reader with the sender each, then the block and the suspension.
    const blocked = await whisperTo(sender, users.bloqueado.id, await withImage('Oi'));
    const suspended = await whisperTo(sender, users.suspenso.id, await withImage('Oi'));
    const messageOf = async (conversationId: string) =>
      (await queryRows<{ id: string }>(sql`SELECT id FROM whisper_messages WHERE conversation_id = ${conversationId}`))[0]!.id;
    const messages = {
      [id]: await messageOf(id),
      [blocked.conversationId]: await messageOf(blocked.conversationId),
      [suspended.conversationId]: await messageOf(suspended.conversationId),
    };
    await block(users.remetente.id, users.bloqueado.id);
    await suspend(users.suspenso.id);
    const cookie = (who: Who) => (who === 'visitante' ? undefined : users[who].cookie);
    // The blocked and the suspended readers ask for their own conversation with the sender.
    const idOf = (who: Who) => (who === 'bloqueado' ? blocked.conversationId : who === 'suspenso' ? suspended.conversationId : id);
    const page = (who: Who) => call(thread.loader, getRequest(`/sussurros/${idOf(who)}`, cookie(who)), { id: idOf(who) });
    const form = (who: Who) => call(thread.action, formRequest(`/sussurros/${idOf(who)}`, { intent: 'lida' }, { cookie: cookie(who) }), { id: idOf(who) });
    const sending = (who: Who) =>
      call(send.action, formRequest(`/api/sussurros/${id}/mensagens`, { clientId: newId(), body: 'Entrei?' }, { cookie: cookie(who) }), { id });
    const live = async (who: Who) => {
      const controller = new AbortController();
      const request = new Request(`http://localhost/api/sussurros/${idOf(who)}/eventos`, {
        headers: cookie(who) ? { cookie: cookie(who)! } : {},
        signal: controller.signal,
      });
      const response = await call(events.loader, request, { id: idOf(who) });
      controller.abort();
      return response;
    };
    const picture = (who: Who) => {
      const params = { id: idOf(who), message: messages[idOf(who)]!, n: '1' };
      return call(image.loader, getRequest(`/sussurros/${params.id}/imagens/${params.message}/1`, cookie(who)), params);
    };
    // The suspended reader's session no longer signs them in: they are sent to sign in, as a visitor.
    const readers = { visitante: 'entrar', remetente: 200, destinatario: 200, terceiro: 404, bloqueado: 404, suspenso: 'entrar', admin: 404 };
    expect(await matrixOf(WHO, page)).toEqual(readers);
    expect(await matrixOf(WHO, form)).toEqual(readers);
    expect(await matrixOf(WHO, sending)).toEqual({
      visitante: 401,
      remetente: 200,
      destinatario: 200,
      terceiro: 404,
      bloqueado: 404,
      suspenso: 401,
      admin: 404,
    });
    expect(await matrixOf(WHO, live)).toEqual({ visitante: 401, remetente: 200, destinatario: 200, terceiro: 404, bloqueado: 404, suspenso: 401, admin: 404 });
    // An image is a file, not a page: nobody is sent to sign in, everyone but the two readers gets 404.
    expect(await matrixOf(WHO, picture)).toEqual({
      visitante: 404,
      remetente: 200,
      destinatario: 200,
      terceiro: 404,
      bloqueado: 404,
      suspenso: 404,
      admin: 404,
    });
    const served = (await picture('destinatario')) as Response;
    expect([served.headers.get('Content-Type'), served.headers.get('Cache-Control'), served.headers.get('X-Content-Type-Options')]).toEqual([
      'image/webp',
      'private, no-store',
      'nosniff',
    ]);
    // Another conversation's message, a position with no image, a malformed id: the same 404 to the sender.
    for (const params of [
      { id, message: messages[blocked.conversationId]!, n: '1' },
      { id, message: messages[id]!, n: '2' },
      { id, message: messages[id]!, n: '9' },
      { id, message: '../x', n: '1' },
    ])
      expect(
        await statusOf(call(image.loader, getRequest(`/sussurros/${params.id}/imagens/${params.message}/${params.n}`, users.remetente.cookie), params)),
      ).toBe(404);
  });

  it('/sussurrar/{username}: opens the conversation there is, refuses with the reason, never finds who blocked the viewer', async () => {
    const [ana, bia, caio, dani] = [await createUser({ verified: true }), await createUser({ verified: true }), await createUser(), await createUser()];
    const { conversationId } = await whisperTo({ ...testViewer(ana), emailVerified: true }, bia.id, { clientId: newId(), body: 'Oi' });
    const opened = (await call(start.loader, getRequest(`/sussurrar/${bia.username}`, ana.cookie), { username: bia.username }).catch(
      (r: unknown) => r,
    )) as Response;
    expect(opened.headers.get('Location')).toBe(`/sussurros/${conversationId}`);
    await block(dani.id, ana.id);
    const statuses = await matrixOf(['visitante', 'self', 'bloqueou', 'ninguem'] as const, (who) => {
      const username = who === 'self' ? ana.username : who === 'bloqueou' ? dani.username : who === 'ninguem' ? 'ninguem_tem_esse_nome' : caio.username;
      return call(start.loader, getRequest(`/sussurrar/${username}`, who === 'visitante' ? undefined : ana.cookie), { username });
    });
    expect(statuses).toEqual({ visitante: 'entrar', self: 404, bloqueou: 404, ninguem: 404 });
  });

  it('reporting a whisper: only its other reader reports it; only admins open its context, each look logged; staff never open the thread', async () => {
    const roles = ['visitante', 'remetente', 'destinatario', 'terceiro', 'curador', 'admin'] as const;
    const users = {
      remetente: await createUser({ verified: true }),
      destinatario: await createUser({ verified: true }),
      terceiro: await createUser({ verified: true }),
      curador: await createUser({ role: 'curator', verified: true }),
      admin: await createUser({ role: 'admin', verified: true }),
    };
    const { conversationId: id } = await whisperTo({ ...testViewer(users.remetente), emailVerified: true }, users.destinatario.id, {
      clientId: newId(),
      body: 'Oi',
    });
    await sendWhisper({ ...testViewer(users.destinatario), emailVerified: true }, id, { clientId: newId(), body: 'Some daqui.' });
    const [message] = await queryRows<{ id: string }>(sql`SELECT id FROM whisper_messages WHERE body = 'Some daqui.'`);
    const target = message!.id;
    const cookie = (who: (typeof roles)[number]) => (who === 'visitante' ? undefined : users[who].cookie);
    const page = `/denunciar?tipo=whisper&id=${target}`;
    expect(await matrixOf(roles, (who) => call(reportPage.loader, getRequest(page, cookie(who))))).toEqual({
      visitante: 'entrar',
      remetente: 200,
      destinatario: 200, // the author sees "Isso é seu", no form
      terceiro: 404,
      curador: 404,
      admin: 404,
    });
    // The author is refused (their own), everyone else but the other reader does not find it; the other reader reports it once.
    const sending = (who: (typeof roles)[number]) =>
      call(reportPage.action, formRequest('/denunciar', { kind: 'whisper', target, reason: 'harassment', details: '' }, { cookie: cookie(who) }));
    expect(await matrixOf(roles, sending)).toEqual({ visitante: 'entrar', remetente: 200, destinatario: 403, terceiro: 404, curador: 404, admin: 404 });
    expect(await outcomeOf(sending('remetente'))).toBe(400);

    const context = (who: (typeof roles)[number]) =>
      call(reportContext.loader, getRequest(`/gerenciar/denuncias/sussurro/${target}`, cookie(who)), { id: target });
    expect(await matrixOf(roles, context)).toEqual({ visitante: 'entrar', remetente: 404, destinatario: 404, terceiro: 404, curador: 404, admin: 200 });
    const acting = (who: (typeof roles)[number]) =>
      call(
        reportContext.action,
        formRequest(`/gerenciar/denuncias/sussurro/${target}`, { report: 'x', intent: 'dismiss', note: '' }, { cookie: cookie(who) }),
        { id: target },
      );
    expect(await matrixOf(roles, acting)).toEqual({ visitante: 'entrar', remetente: 404, destinatario: 404, terceiro: 404, curador: 404, admin: 404 });
    // One look, by the admin; the thread itself stays closed to them.
    expect((await getDb().select().from(whisperReportViews)).map((v) => v.viewerId)).toEqual([users.admin.id]);
    expect(await outcomeOf(call(thread.loader, getRequest(`/sussurros/${id}`, users.admin.cookie), { id }))).toBe(404);
  });
});
