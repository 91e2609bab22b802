import { describe, expect, it } from 'vitest';
import { newId } from '~/lib/ids';
import { countQueries } from '~/server/query-count.server';
import { getViewer, shellData, type Viewer } from '~/server/viewer.server';
import * as me from '~/routes/api/me';
import { useTestDatabase } from '../../../test/db';
import { createUser, getRequest, testViewer, type TestUser } from '../../../test/factories';
import { block, suspend } from '../../../test/reading-factories';
import { call, routeArgs } from '../../../test/routes';
// The composition gives the viewer the whispers' count, as the server build does.
import '~/services.server';
import { markConversationRead, whisperTo } from './mutations.server';

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
