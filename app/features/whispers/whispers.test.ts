import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { getDatabase, queryRows } from '~/db/client.server';
import { setSuspended } from '~/features/accounts/admin.server';
import { blockReader, unblockReader } from '~/features/social/blocks.server';
import { newId } from '~/lib/ids';
import { subscribe } from '~/server/realtime.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createUser, testViewer } from '../../../test/factories';
import { block, follow, suspend } from '../../../test/reading-factories';
import { NEW_CONVERSATIONS_PER_DAY, NEW_CONVERSATIONS_PER_DAY_NEW_ACCOUNT, WHISPERS_PAGE } from './policy';
import { blockFromThread, hideWhisper, markConversationRead, sendWhisper, whisperTo } from './mutations.server';
import { conversationChannel, countUnreadConversations, getThread, getWhisperTarget, inboxChannel, listConversations } from './queries.server';

useTestDatabase();

async function reader(options: { birthDate?: string; username?: string } = {}): Promise<Viewer> {
  return { ...testViewer(await createUser({ verified: true, ...options })), emailVerified: true };
}
const say = (body: string) => ({ clientId: newId(), body });
const aged = (id: string, hours: number) => queryRows(sql`UPDATE users SET created_at = now() - make_interval(hours => ${hours}) WHERE id = ${id}`);

describe('whispers', () => {
  it('keeps one conversation per pair, whoever starts it, and a retried send never makes a second message', async () => {
    const [ana, bia] = [await reader(), await reader()];
    const first = say('Oi, Bia! Terminou Torto Arado?');
    const { conversationId } = await whisperTo(ana, bia.id, first);
    // The same send again (a lost answer, a connection back): the same conversation, still one message.
    expect(await whisperTo(ana, bia.id, first)).toEqual({ conversationId });
    await sendWhisper(ana, conversationId, first);
    // Bia answering through the profile's button lands in the same conversation.
    expect(await whisperTo(bia, ana.id, say('Terminei ontem!'))).toEqual({ conversationId });
    const thread = await getThread(ana, conversationId);
    expect(thread.messages.map((m) => [m.body, m.mine])).toEqual([
      ['Oi, Bia! Terminou Torto Arado?', true],
      ['Terminei ontem!', false],
    ]);
    expect(thread.counterpart).toMatchObject({ id: bia.id, username: bia.username });
    // The same client id with another text is refused, and writes nothing.
    await expect(whisperTo(ana, bia.id, { clientId: first.clientId, body: 'Outra coisa' })).rejects.toMatchObject({ code: 'conflict', field: 'body' });
    expect((await getThread(ana, conversationId)).messages).toHaveLength(2);
    expect(await queryRows(sql`SELECT id FROM whisper_conversations`)).toHaveLength(1);
    // The recipient is told once, when the conversation starts.
    expect(await queryRows(sql`SELECT kind FROM notifications WHERE user_id = ${bia.id}`)).toEqual([{ kind: 'whisper_started' }]);
  });

  it('answers not_found to anyone but the two, staff included, and a message of another conversation cannot be hidden', async () => {
    const [ana, bia, caio] = [await reader(), await reader(), await reader()];
    const admin = { ...(await reader()), role: 'admin' as const };
    const { conversationId } = await whisperTo(ana, bia.id, say('Só entre nós.'));
    for (const outsider of [caio, admin]) {
      await expect(getThread(outsider, conversationId)).rejects.toMatchObject({ code: 'not_found' });
      await expect(sendWhisper(outsider, conversationId, say('Entrei?'))).rejects.toMatchObject({ code: 'not_found' });
      await expect(markConversationRead(outsider, conversationId)).rejects.toMatchObject({ code: 'not_found' });
      expect(await listConversations(outsider)).toEqual([]);
    }
    const [message] = (await getThread(ana, conversationId)).messages;
    const other = await whisperTo(caio, ana.id, say('Oi, Ana.'));
    await expect(hideWhisper(caio, other.conversationId, message!.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(hideWhisper(caio, conversationId, message!.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('asks the recipient’s setting on every message: todos, quem eu sigo, ninguém', async () => {
    const [ana, bia] = [await reader(), await reader()];
    await queryRows(sql`UPDATE users SET whisper_audience = 'nobody' WHERE id = ${bia.id}`);
    await expect(whisperTo(ana, bia.id, say('Oi'))).rejects.toMatchObject({ code: 'forbidden', message: `@${bia.username} não está recebendo sussurros.` });
    await queryRows(sql`UPDATE users SET whisper_audience = 'following' WHERE id = ${bia.id}`);
    await expect(whisperTo(ana, bia.id, say('Oi'))).rejects.toMatchObject({ message: `@${bia.username} só recebe sussurros de quem segue.` });
    expect((await getWhisperTarget(ana, bia.id))?.refusal).toBe(`@${bia.username} só recebe sussurros de quem segue.`);
    await follow(bia.id, ana.id, 'pending');
    await expect(whisperTo(ana, bia.id, say('Oi'))).rejects.toMatchObject({ code: 'forbidden' });
    await queryRows(sql`UPDATE follows SET status = 'accepted' WHERE follower_id = ${bia.id}`);
    const { conversationId } = await whisperTo(ana, bia.id, say('Oi, Bia'));
    // Narrowing the setting stops the next message of a conversation already going, and the thread says why.
    await queryRows(sql`UPDATE users SET whisper_audience = 'nobody' WHERE id = ${bia.id}`);
    await expect(sendWhisper(ana, conversationId, say('Ainda aí?'))).rejects.toMatchObject({ code: 'forbidden' });
    expect((await getThread(ana, conversationId)).refusal).toBe(`@${bia.username} não está recebendo sussurros.`);
    // Bia may still write to Ana, whose setting is todos.
    await sendWhisper(bia, conversationId, say('Estou, sim.'));
  });

  it('gives readers under 18 “quem eu sigo”, and never lets “todos” hold for them', async () => {
    const young = await reader({ birthDate: `${new Date().getFullYear() - 15}-01-01` });
    const [adult, friend] = [await reader(), await reader()];
    const [row] = await queryRows<{ audience: string }>(sql`SELECT whisper_audience AS audience FROM users WHERE id = ${young.id}`);
    expect(row?.audience).toBe('following');
    // Stored as todos (an account from before the setting): still only the people they follow.
    await queryRows(sql`UPDATE users SET whisper_audience = 'everyone' WHERE id = ${young.id}`);
    await expect(whisperTo(adult, young.id, say('Oi'))).rejects.toMatchObject({ code: 'forbidden' });
    await follow(young.id, friend.id);
    await whisperTo(friend, young.id, say('Oi, tudo bem?'));
  });

  it('refuses starting and continuing across a block either way, and hides the conversation from both', async () => {
    const [ana, bia, caio] = [await reader(), await reader(), await reader()];
    const { conversationId } = await whisperTo(ana, bia.id, say('Oi'));
    await block(bia.id, ana.id);
    await expect(sendWhisper(ana, conversationId, say('Oi?'))).rejects.toMatchObject({ code: 'not_found' });
    await expect(whisperTo(ana, bia.id, say('Oi?'))).rejects.toMatchObject({ code: 'not_found' });
    await expect(getThread(bia, conversationId)).rejects.toMatchObject({ code: 'not_found' });
    expect(await listConversations(ana)).toEqual([]);
    expect(await getWhisperTarget(ana, bia.id)).toBeNull();
    // The one who blocked is told why.
    expect((await getWhisperTarget(bia, ana.id))?.refusal).toBe(`Você bloqueou @${ana.username}. Para sussurrar, desbloqueie no perfil.`);
    await expect(whisperTo(bia, ana.id, say('Oi?'))).rejects.toMatchObject({ code: 'forbidden' });
    await block(ana.id, caio.id);
    await expect(whisperTo(caio, ana.id, say('Oi'))).rejects.toMatchObject({ code: 'not_found' });
  });

  it('hides a suspended reader’s conversations and refuses whispers to them; lifting the suspension restores them', async () => {
    const [ana, bia] = [await reader(), await reader()];
    const { conversationId } = await whisperTo(bia, ana.id, say('Promoção imperdível!'));
    await suspend(bia.id);
    expect(await listConversations(ana)).toEqual([]);
    expect(await countUnreadConversations(ana)).toBe(0);
    await expect(getThread(ana, conversationId)).rejects.toMatchObject({ code: 'not_found' });
    await expect(whisperTo(ana, bia.id, say('Oi'))).rejects.toMatchObject({ code: 'not_found' });
    await queryRows(sql`UPDATE users SET suspended_at = NULL WHERE id = ${bia.id}`);
    expect(await listConversations(ana)).toHaveLength(1);
  });

  it('limits new conversations a day (fewer for an account younger than a day), never the conversations already going', async () => {
    const ana = await reader();
    const others = await Promise.all(Array.from({ length: NEW_CONVERSATIONS_PER_DAY + 1 }, () => reader()));
    for (const other of others.slice(0, NEW_CONVERSATIONS_PER_DAY_NEW_ACCOUNT)) await whisperTo(ana, other.id, say('Oi'));
    await expect(whisperTo(ana, others[NEW_CONVERSATIONS_PER_DAY_NEW_ACCOUNT]!.id, say('Oi'))).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining(`Você já começou ${NEW_CONVERSATIONS_PER_DAY_NEW_ACCOUNT} conversas hoje`),
    });
    // The refused start made nothing, and the conversations already going go on.
    expect(await listConversations(ana)).toHaveLength(NEW_CONVERSATIONS_PER_DAY_NEW_ACCOUNT);
    await whisperTo(ana, others[0]!.id, say('Continuando'));
    await aged(ana.id, 25);
    for (const other of others.slice(NEW_CONVERSATIONS_PER_DAY_NEW_ACCOUNT, NEW_CONVERSATIONS_PER_DAY)) await whisperTo(ana, other.id, say('Oi'));
    await expect(whisperTo(ana, others[NEW_CONVERSATIONS_PER_DAY]!.id, say('Oi'))).rejects.toMatchObject({ code: 'rate_limited' });
  });

  it('keeps read marks per side, tells both sides live, counts unread conversations, and deletes for me only', async () => {
    const [ana, bia] = [await reader(), await reader()];
    const { conversationId } = await whisperTo(ana, bia.id, say('Primeira'));
    const events: unknown[] = [];
    const stop = await subscribe(conversationChannel(conversationId), (payload) => events.push(payload));
    const inbox: unknown[] = [];
    const stopInbox = await subscribe(inboxChannel(bia.id), (payload) => inbox.push(payload));
    await sendWhisper(ana, conversationId, say('Segunda'));
    expect(await countUnreadConversations(bia)).toBe(1);
    expect(await countUnreadConversations(ana)).toBe(0);
    expect((await listConversations(bia))[0]).toMatchObject({ unread: 2, lastMessage: { body: 'Segunda', mine: false } });
    expect((await getThread(ana, conversationId)).messages.map((m) => m.read)).toEqual([false, false]);
    await markConversationRead(bia, conversationId);
    expect(await countUnreadConversations(bia)).toBe(0);
    expect((await getThread(ana, conversationId)).messages.map((m) => m.read)).toEqual([true, true]);
    await expect.poll(() => events).toEqual([{ kind: 'message' }, { kind: 'read' }]);
    await expect.poll(() => inbox).toEqual([{ kind: 'message' }, { kind: 'read' }]);
    await stop();
    await stopInbox();
    const [first] = (await getThread(bia, conversationId)).messages;
    await hideWhisper(bia, conversationId, first!.id);
    expect((await getThread(bia, conversationId)).messages.map((m) => m.body)).toEqual(['Segunda']);
    expect((await getThread(ana, conversationId)).messages.map((m) => m.body)).toEqual(['Primeira', 'Segunda']);
  });

  it('pages a long thread from the newest, older pages before a message, and finds conversations by name or username', async () => {
    const [ana, bia] = [await reader(), await reader({ username: `bia_leitora_${Date.now() % 100000}` })];
    const { conversationId } = await whisperTo(ana, bia.id, say('Mensagem 0'));
    for (let i = 1; i <= WHISPERS_PAGE + 4; i++) await sendWhisper(i % 2 ? bia : ana, conversationId, say(`Mensagem ${i}`));
    const latest = await getThread(ana, conversationId);
    expect(latest.messages).toHaveLength(WHISPERS_PAGE);
    expect(latest.messages.at(-1)?.body).toBe(`Mensagem ${WHISPERS_PAGE + 4}`);
    const older = await getThread(ana, conversationId, latest.olderCursor!);
    expect(older.messages.map((m) => m.body)).toEqual(['Mensagem 0', 'Mensagem 1', 'Mensagem 2', 'Mensagem 3', 'Mensagem 4']);
    expect(older.olderCursor).toBeNull();
    expect(await listConversations(ana, 'BIA leitora')).toHaveLength(1);
    expect(await listConversations(ana, 'caio')).toEqual([]);
  });

  it('a first message racing itself with the same client id starts one conversation, and both sends answer it (review)', async () => {
    const [ana, bia] = [await reader(), await reader()];
    // A double tap on /sussurrar's form: both posts in flight at once, with the client id the page made.
    const first = say('Oi, Bia!');
    const started = await Promise.allSettled([whisperTo(ana, bia.id, first), whisperTo(ana, bia.id, first)]);
    expect(started.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await queryRows(sql`SELECT body FROM whisper_messages`)).toEqual([{ body: 'Oi, Bia!' }]);
  });

  it('a block from the thread updates both readers’ header counts live (review)', async () => {
    const [ana, bia] = [await reader(), await reader()];
    const { conversationId } = await whisperTo(ana, bia.id, say('Oi'));
    const inbox: unknown[] = [];
    const stop = await subscribe(inboxChannel(bia.id), (payload) => inbox.push(payload));
    expect(await countUnreadConversations(bia)).toBe(1);
    await blockFromThread(bia, conversationId);
    // The conversation is gone for Bia, so is its unread mark: the header's stream must hear of it to recount.
    expect(await countUnreadConversations(bia)).toBe(0);
    await expect.poll(() => inbox.length, { timeout: 2_000 }).toBeGreaterThan(0);
    await stop();
  });

  it('a block and its lifting from the profile, and a suspension and its lifting, update the header counts live on both sides', async () => {
    const [ana, bia] = [await reader(), await reader()];
    await whisperTo(ana, bia.id, say('Oi'));
    const heard: Record<string, number> = { [ana.id]: 0, [bia.id]: 0 };
    const stops = await Promise.all([ana.id, bia.id].map((id) => subscribe(inboxChannel(id), () => (heard[id] = (heard[id] ?? 0) + 1))));
    const bothHeard = async (times: number) => {
      await expect.poll(() => [heard[ana.id], heard[bia.id]], { timeout: 2_000 }).toEqual([times, times]);
    };
    await blockReader(bia, ana.id);
    await bothHeard(1);
    await unblockReader(bia, ana.id);
    await bothHeard(2);
    expect(await countUnreadConversations(bia)).toBe(1);
    // Suspended, Ana's conversations leave Bia's list and her count: Bia's stream recounts (Ana's sessions are gone).
    const admin = testViewer(await createUser({ role: 'admin' }), 'admin');
    await setSuspended(admin, ana.id, true);
    await expect.poll(() => heard[bia.id], { timeout: 2_000 }).toBe(3);
    expect(await countUnreadConversations(bia)).toBe(0);
    await setSuspended(admin, ana.id, false);
    await expect.poll(() => heard[bia.id], { timeout: 2_000 }).toBe(4);
    expect(await countUnreadConversations(bia)).toBe(1);
    for (const stop of stops) await stop();
  });

  it('asks a confirmed e-mail before the first whisper', async () => {
    const [ana, bia] = [testViewer(await createUser()), await reader()];
    await expect(whisperTo(ana, bia.id, say('Oi'))).rejects.toMatchObject({ code: 'email_not_verified' });
  });
});

describe('whispers on a database with a language collation (review)', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'keeps the pair in the order the code sorts it, whatever the database’s collation (pt_BR, en_US…)',
    async () => {
      // A cluster made with `initdb --locale=pt_BR.UTF-8` (or en_US, the official image's) compares text by language:
      // there 'a…' < 'B…', while JavaScript's sort puts 'B…' first. The pair's CHECK must agree with the code's order.
      await queryRows(sql`ALTER TABLE whisper_conversations ALTER COLUMN low_reader_id TYPE text COLLATE "pt-BR-x-icu",
        ALTER COLUMN high_reader_id TYPE text COLLATE "pt-BR-x-icu"`);
      const ids = ['BxReviewWhisper000001', 'axReviewWhisper000001'];
      for (const id of ids)
        await queryRows(
          sql`INSERT INTO users (id, name, email, email_verified, username) VALUES (${id}, ${id}, ${`${id}@exemplo.com.br`}, true, ${id.toLowerCase()})`,
        );
      const [upper, lower] = ids.map((id) => ({ ...testViewer({ id, username: id.toLowerCase(), email: '', password: '', cookie: '' }), emailVerified: true }));
      const { conversationId } = await whisperTo(lower!, upper!.id, say('Oi!'));
      expect((await getThread(upper!, conversationId)).messages.map((m) => m.body)).toEqual(['Oi!']);
    },
    30_000,
  );
});

describe('whispers across servers', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'a whisper sent through one server reaches the thread open on another sharing the PostgreSQL',
    async () => {
      const database = getDatabase();
      if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const [ana, bia] = [await reader(), await reader()];
      const { conversationId } = await whisperTo(ana, bia.id, say('Primeira'));
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/realtime-child.ts', conversationChannel(conversationId)], {
        env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await expect.poll(() => output, { timeout: 15_000 }).toContain('ready');
      await sendWhisper(bia, conversationId, say('Chegou do outro servidor?'));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(0);
      expect(output).toContain('received {"kind":"message"}');
    },
    30_000,
  );
});
