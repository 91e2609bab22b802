import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server';
import { whisperTo } from '~/features/whispers/mutations.server';
import { WHISPER_MAX } from '~/features/whispers/policy';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../test/db';
import { type TestUser, createUser, formRequest, getRequest, testViewer } from '../../test/factories';
import { renderPage } from '../../test/render';
import { block } from '../../test/reading-factories';
import { call, statusOf } from '../../test/routes';
import * as send from './api/sussurros.$id.mensagens';
import * as conta from './configuracoes.conta';
import * as list from './sussurros';
import * as reportContext from './gerenciar.denuncias.sussurro.$id';
import * as thread from './sussurros.$id';
import * as start from './sussurrar.$username';
import * as profile from './u.$username';

useTestDatabase();

const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });
const loaded = async (work: Promise<unknown>) => ((await work) as { data?: unknown }).data ?? (await work);
const locationOf = async (work: Promise<unknown>) =>
  (
    (await work.then(
      (r) => r,
      (thrown: unknown) => thrown,
    )) as Response
  ).headers.get('Location');

describe('whisper pages', () => {
  it('/sussurros lists the conversations with the last message and the unread count, finds them by name, and says what to do when empty', async () => {
    const [ana, bia, caio] = [await createUser({ verified: true }), await createUser({ verified: true }), await createUser({ verified: true })];
    const empty = renderPage(list.default, await loaded(call(list.loader, getRequest('/sussurros', ana.cookie))));
    expect(empty).toContain('<h1');
    expect(empty).toContain('Você ainda não tem conversas');
    await whisperTo(verified(bia), ana.id, { clientId: newId(), body: 'Oi, Ana! Bora ler junto?' });
    await whisperTo(verified(caio), ana.id, { clientId: newId(), body: 'Oi' });
    const page = renderPage(list.default, await loaded(call(list.loader, getRequest('/sussurros', ana.cookie))));
    expect(page).toContain('Oi, Ana! Bora ler junto?');
    expect(page).toMatch(/>1<span class="sr-only"> mensagem não lida</);
    const found = (await call(list.loader, getRequest(`/sussurros?q=${bia.username}`, ana.cookie))) as Awaited<ReturnType<typeof list.loader>>;
    expect(found.conversations.map((c) => c.counterpart?.username)).toEqual([bia.username]);
    expect(await statusOf(call(list.loader, getRequest('/sussurros')))).toBe(302);
  });

  it('counts 2.000 characters as the table does (code points): 2.000 emoji go, one more is refused', async () => {
    const [ana, bia] = [await createUser({ verified: true }), await createUser({ verified: true })];
    const { conversationId: id } = await whisperTo(verified(ana), bia.id, { clientId: newId(), body: 'Oi' });
    const sendBody = (body: string) =>
      call(thread.action, formRequest(`/sussurros/${id}`, { intent: 'enviar', clientId: newId(), body }, { cookie: bia.cookie }), { id }).catch(
        (r: unknown) => r,
      );
    // Each emoji is two UTF-16 units: String.length would call this 4.000.
    expect(await statusOf(Promise.resolve(await sendBody('📚'.repeat(WHISPER_MAX - 1) + 'a')))).not.toBe(400);
    expect(await queryRows(sql`SELECT char_length(body) AS n FROM whisper_messages WHERE author_id = ${bia.id}`)).toEqual([{ n: WHISPER_MAX }]);
    expect(await statusOf(Promise.resolve(await sendBody('📚'.repeat(WHISPER_MAX + 1))))).toBe(400);
  });

  it('the thread shows both sides with read marks, keeps what was typed on an error, deletes for me, and blocks from the thread', async () => {
    const [ana, bia] = [await createUser({ verified: true }), await createUser({ verified: true })];
    const { conversationId: id } = await whisperTo(verified(ana), bia.id, { clientId: newId(), body: 'Terminou Dom Casmurro?' });
    await call(thread.action, formRequest(`/sussurros/${id}`, { intent: 'lida' }, { cookie: bia.cookie }), { id });
    const page = renderPage(thread.default, await loaded(call(thread.loader, getRequest(`/sussurros/${id}`, ana.cookie), { id })));
    expect(page).toContain('Terminou Dom Casmurro?');
    expect(page).toContain('Lida');
    // Too long: the message says so next to the box, and the text is still there.
    const long = '📚'.repeat(WHISPER_MAX) + 'a';
    const refused = await call(thread.action, formRequest(`/sussurros/${id}`, { intent: 'enviar', clientId: newId(), body: long }, { cookie: bia.cookie }), {
      id,
    });
    expect(await statusOf(Promise.resolve(refused))).toBe(400);
    const kept = renderPage(
      thread.default,
      await loaded(call(thread.loader, getRequest(`/sussurros/${id}`, bia.cookie), { id })),
      `/sussurros/${id}`,
      (refused as { data: unknown }).data,
    );
    expect(kept).toContain('Uma mensagem tem até 2.000 caracteres.');
    expect(kept).toContain(long);
    // Sent without JavaScript: the page's own form.
    await call(
      thread.action,
      formRequest(`/sussurros/${id}`, { intent: 'enviar', clientId: newId(), body: 'Terminei! Capitu traiu?' }, { cookie: bia.cookie }),
      {
        id,
      },
    );
    const [message] = await queryRows<{ id: string }>(sql`SELECT id FROM whisper_messages WHERE body = 'Terminou Dom Casmurro?'`);
    await call(thread.action, formRequest(`/sussurros/${id}`, { intent: 'apagar', message: message!.id }, { cookie: bia.cookie }), { id });
    const bias = (await call(thread.loader, getRequest(`/sussurros/${id}`, bia.cookie), { id })) as Awaited<ReturnType<typeof thread.loader>>;
    expect(bias.thread.messages.map((m) => m.body)).toEqual(['Terminei! Capitu traiu?']);
    expect(await locationOf(call(thread.action, formRequest(`/sussurros/${id}`, { intent: 'bloquear' }, { cookie: bia.cookie }), { id }))).toBe(
      `/sussurros?bloqueado=${ana.username}`,
    );
    expect(await statusOf(call(thread.loader, getRequest(`/sussurros/${id}`, ana.cookie), { id }))).toBe(404);
    expect(await statusOf(call(thread.loader, getRequest(`/sussurros/${id}`, bia.cookie), { id }))).toBe(404);
    // The list says who was blocked to the one who blocked — and to nobody else crafting the same link.
    const listed = async (user: TestUser) =>
      renderPage(
        list.default,
        await call(list.loader, getRequest(`/sussurros?bloqueado=${ana.username}`, user.cookie)),
        `/sussurros?bloqueado=${ana.username}`,
      );
    expect(await listed(bia)).toContain(`Você bloqueou @${ana.username}.`);
    expect(await listed(await createUser({ verified: true }))).not.toContain('Você bloqueou');
  });

  it('the send door is idempotent by client id and refuses another text under the same id', async () => {
    const [ana, bia] = [await createUser({ verified: true }), await createUser({ verified: true })];
    const { conversationId: id } = await whisperTo(verified(ana), bia.id, { clientId: newId(), body: 'Oi' });
    const clientId = newId();
    for (let i = 0; i < 2; i++)
      expect(
        await statusOf(call(send.action, formRequest(`/api/sussurros/${id}/mensagens`, { clientId, body: 'Sem sinal aqui' }, { cookie: ana.cookie }), { id })),
      ).toBe(200);
    const other = (await call(send.action, formRequest(`/api/sussurros/${id}/mensagens`, { clientId, body: 'Outro texto' }, { cookie: ana.cookie }), {
      id,
    })) as {
      data: { error: string };
      init: { status: number };
    };
    expect(other.init.status).toBe(400);
    expect(other.data.error).toContain('já foi enviada com outro texto');
    expect(await queryRows(sql`SELECT body FROM whisper_messages WHERE conversation_id = ${id} ORDER BY created_at`)).toEqual([
      { body: 'Oi' },
      { body: 'Sem sinal aqui' },
    ]);
  });

  it('/sussurrar/{username} tells the reader who blocked why, even when they had a conversation (review)', async () => {
    const [ana, bia] = [await createUser({ verified: true }), await createUser({ verified: true })];
    await whisperTo(verified(ana), bia.id, { clientId: newId(), body: 'Oi' });
    await block(ana.id, bia.id);
    // Decision 0088: the reader who blocked is told why here — not sent on to the conversation, a 404 while the block stands.
    const answer = await call(start.loader, getRequest(`/sussurrar/${bia.username}`, ana.cookie), { username: bia.username }).catch((r: unknown) => r);
    expect(answer instanceof Response ? answer.headers.get('Location') : null).toBeNull();
    expect(await statusOf(Promise.resolve(answer))).toBe(403);
    expect(renderPage(start.default, (answer as { data: unknown }).data)).toContain(`Você bloqueou @${bia.username}.`);
  });

  it('/sussurrar/{username} starts a conversation, says why when the reader takes no whispers, and keeps the text when the limit refuses it', async () => {
    const [ana, bia, caio] = [await createUser({ verified: true }), await createUser({ verified: true }), await createUser({ verified: true })];
    await queryRows(sql`UPDATE users SET whisper_audience = 'nobody' WHERE id = ${caio.id}`);
    const refused = await call(start.loader, getRequest(`/sussurrar/${caio.username}`, ana.cookie), { username: caio.username });
    expect(await statusOf(Promise.resolve(refused))).toBe(403);
    expect(renderPage(start.default, (refused as { data: unknown }).data)).toContain(`@${caio.username} não está recebendo sussurros.`);
    const form = renderPage(start.default, await loaded(call(start.loader, getRequest(`/sussurrar/${bia.username}`, ana.cookie), { username: bia.username })));
    expect(form).toContain(`Sussurrar para ${bia.username}`);
    const started = await locationOf(
      call(start.action, formRequest(`/sussurrar/${bia.username}`, { clientId: newId(), body: 'Oi, Bia!' }, { cookie: ana.cookie }), {
        username: bia.username,
      }),
    );
    expect(started).toMatch(/^\/sussurros\/[\w-]{21}$/);
    // The day's new conversations spent: 429 with Retry-After, the text kept.
    await queryRows(sql`INSERT INTO rate_limit_counters (key, window_start, count) VALUES (${`whispers-new-conversation:${ana.id.toLowerCase()}`}, now(), 100)
      ON CONFLICT (key) DO UPDATE SET count = 100`);
    const dani = await createUser();
    const limited = (await call(start.action, formRequest(`/sussurrar/${dani.username}`, { clientId: newId(), body: 'Oi, Dani!' }, { cookie: ana.cookie }), {
      username: dani.username,
    })) as { data: { fieldErrors: Record<string, string>; fields: Record<string, string> }; init: { status: number; headers: Record<string, string> } };
    expect(limited.init.status).toBe(429);
    expect(limited.init.headers['Retry-After']).toMatch(/^\d+$/);
    expect(limited.data.fieldErrors.body).toContain('conversas hoje');
    expect(limited.data.fields.body).toBe('Oi, Dani!');
  });

  it('the profile offers “Sussurrar” only when the reader takes whispers from the viewer', async () => {
    const [ana, bia] = [await createUser({ verified: true }), await createUser({ verified: true })];
    const offered = async () =>
      ((await loaded(call(profile.loader, getRequest(`/u/${bia.username}`, ana.cookie), { username: bia.username }))) as { whisper: boolean }).whisper;
    expect(await offered()).toBe(true);
    await queryRows(sql`UPDATE users SET whisper_audience = 'nobody' WHERE id = ${bia.id}`);
    expect(await offered()).toBe(false);
    expect(((await loaded(call(profile.loader, getRequest(`/u/${bia.username}`), { username: bia.username }))) as { whisper: boolean }).whisper).toBe(false);
  });

  it('/configuracoes/conta: “Quem pode sussurrar para você”, with “Todos” out of reach under 18', async () => {
    const young = await createUser({ birthDate: `${new Date().getFullYear() - 15}-02-01` });
    const account = await loaded(call(conta.loader, getRequest('/configuracoes/conta', young.cookie)));
    const page = renderPage(conta.default, account);
    expect(page).toContain('Quem pode sussurrar para você');
    expect(page).toMatch(/<input type="radio"[^>]*disabled=""[^>]*value="everyone"|<input type="radio"[^>]*value="everyone"[^>]*disabled=""/);
    const fields = { intent: 'perfil', name: 'Jovem', profileVisibility: 'restrito', whisperAudience: 'everyone', bio: 'Leio mangá.' };
    const refused = (await call(conta.action, formRequest('/configuracoes/conta', fields, { cookie: young.cookie }))) as {
      data: { fieldErrors: Record<string, string>; fields: Record<string, string> };
    };
    expect(refused.data.fieldErrors.whisperAudience).toBe('Até os 18 anos, só quem você segue pode sussurrar para você.');
    expect(refused.data.fields.bio).toBe('Leio mangá.');
  });
});

describe('private pages are never cached (decision 0090)', () => {
  it('the thread and a reported whisper’s context answer Cache-Control: private, no-store', () => {
    for (const page of [thread, reportContext]) {
      const headers = new Headers((page.headers as () => HeadersInit)());
      expect(headers.get('Cache-Control')).toBe('private, no-store');
    }
  });
});
