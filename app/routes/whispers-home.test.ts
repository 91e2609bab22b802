import { describe, expect, it } from 'vitest';
import { newId } from '~/lib/ids';
import { countQueries } from '~/server/query-count.server';
import { getViewer, shellData, type Viewer } from '~/server/viewer.server';
import * as me from './api/me';
import * as home from './home';
import { useTestDatabase } from '../../test/db';
import { createUser, getRequest, testViewer, type TestUser } from '../../test/factories';
import { block, suspend } from '../../test/reading-factories';
import { call, routeArgs } from '../../test/routes';
// The composition gives the viewer the whispers' count, as the server build does.
import '~/services.server';
import { markConversationRead, whisperTo } from '~/features/whispers/mutations.server';
import { HOME_WHISPERS_MAX } from '~/features/whispers/policy';
import type { HomeWhispers } from '~/features/whispers/types';

useTestDatabase();

async function reader(): Promise<TestUser & { viewer: Viewer }> {
  const user = await createUser({ verified: true });
  return { ...user, viewer: { ...testViewer(user), emailVerified: true } };
}
const say = (body: string) => ({ clientId: newId(), body });
const shellOf = async (user: TestUser) => shellData(await getViewer(routeArgs(getRequest('/', user.cookie))));

describe('the header’s whispers badge', () => {
  it('comes with the page: read in the session’s one statement, the reader’s own conversations with something unread', async () => {
    const [bia, ana, caio, davi] = [await reader(), await reader(), await reader(), await reader()];
    const fromAna = await whisperTo(ana.viewer, bia.id, say('Oi, Bia.'));
    await whisperTo(ana.viewer, bia.id, say('Leu o livro?'));
    await whisperTo(caio.viewer, bia.id, say('Psiu.'));
    await whisperTo(bia.viewer, davi.id, say('Bia escreveu primeiro.'));
    const { result, queries } = await countQueries(() => shellOf(bia));
    expect(queries).toBe(1);
    // Two conversations (not three messages); the one she wrote herself has nothing unread for her.
    expect(result.whispers).toBe(2);
    expect((await shellOf(ana)).whispers).toBe(0);
    expect((await shellOf(davi)).whispers).toBe(1);
    // Cached pages' header (/api/me) says the same.
    const answer = (await call(me.loader, getRequest('/api/me', bia.cookie))) as Response;
    expect(await answer.json()).toMatchObject({ whispers: 2, viewer: { id: bia.id } });

    await markConversationRead(bia.viewer, fromAna.conversationId);
    expect((await shellOf(bia)).whispers).toBe(1);
    // Conversations hidden from her (a block, a suspended reader) are not counted.
    await block(bia.id, caio.id);
    expect((await shellOf(bia)).whispers).toBe(0);
    await suspend(bia.id);
    expect(await getViewer(routeArgs(getRequest('/', bia.cookie)))).toBeNull();
    // …and Bia suspended: her conversation with Davi is hidden from him, so is its count.
    expect((await shellOf(davi)).whispers).toBe(0);
  });
});

describe('/home’s “Sussurros”', () => {
  const loadHome = (user: TestUser) => call(home.loader, getRequest('/home', user.cookie)) as Promise<{ whispers: HomeWhispers }>;

  it('lists who whispered and when, newest first, never the text; nothing and no statement when nothing is unread', async () => {
    const bia = await reader();
    const others = [await reader(), await reader(), await reader(), await reader()];
    const empty = await countQueries(() => loadHome(bia));
    expect(empty.result.whispers).toEqual({ conversations: [], total: 0 });

    const sent: string[] = [];
    for (const [i, other] of others.entries()) sent.push((await whisperTo(other.viewer, bia.id, say(`Segredo número ${i + 1}`))).conversationId);
    await whisperTo(others[3]!.viewer, bia.id, say('Mais um segredo'));
    await whisperTo(bia.viewer, others[0]!.id, say('Já respondi a este.'));
    const full = await countQueries(() => loadHome(bia));
    // One statement more than the empty card.
    expect(full.queries).toBe(empty.queries + 1);
    const { conversations, total } = full.result.whispers;
    expect(total).toBe(3);
    expect(conversations).toHaveLength(Math.min(HOME_WHISPERS_MAX, 3));
    expect(conversations.map((c) => c.id)).toEqual([sent[3], sent[2], sent[1]]);
    expect(conversations[0]).toMatchObject({ counterpart: { username: others[3]!.username }, unread: 2, lastMessageAt: expect.any(String) });
    expect(JSON.stringify(full.result)).not.toContain('segredo');
    expect(JSON.stringify(full.result)).not.toContain('Segredo');

    // A fourth unread conversation: three shown, the total says four.
    await whisperTo(others[0]!.viewer, bia.id, say('De novo'));
    expect((await loadHome(bia)).whispers).toMatchObject({ total: 4, conversations: [{ id: sent[0] }, {}, {}] });
    for (const id of sent) await markConversationRead(bia.viewer, id);
    expect((await loadHome(bia)).whispers).toEqual({ conversations: [], total: 0 });
  });
});
