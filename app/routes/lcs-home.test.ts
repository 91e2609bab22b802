import { describe, expect, it } from 'vitest';
import { joinClub, leaveClub } from '~/features/clubs/membership.server';
import { createClub } from '~/features/clubs/mutations.server';
import { closeGroupReadEarly, createGroupRead, shiftGroupReadSchedule } from '~/features/lcs/mutations.server';
import { joinGroupRead } from '~/features/lcs/participants.server';
import { saoPauloToday } from '~/features/lcs/policy';
import { addDays } from '~/features/lcs/schedule';
import type { HomeGroupRead } from '~/features/lcs/types';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, getRequest, testViewer, type TestUser } from '../../test/factories';
import { lcInput } from '../../test/lc-fixtures';
import { block, suspend } from '../../test/reading-factories';
import { call } from '../../test/routes';
import * as home from './home';

useTestDatabase();

const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });

describe('/home: Minhas LCs', () => {
  it("shows today's etapa of each LC the reader reads along in (or the next one), never one that ended, one they wait for, or a club's they left", async () => {
    const [me, host, other] = await Promise.all([1, 2, 3].map(() => createUser({ verified: true })));
    const hostV = verified(host!);
    const lc = async (title: string, extra: Parameters<typeof lcInput>[0] = {}) => createGroupRead(hostV, await lcInput({ title, ...extra }));
    // Two books: the card names the book of the etapa.
    const second = await createEdition({ title: 'Noites brancas', authors: ['Fiódor Dostoiévski'], pages: 110 });
    const running = await lc('LC de hoje');
    const input = await lcInput({ title: 'LC de dois livros' });
    input.editions.push({ editionId: second, pages: null });
    input.stages[1] = { ...input.stages[1]!, editionIndex: 1, fromNumber: 1, toNumber: 110 };
    const twoBooks = await createGroupRead(hostV, input);
    const soon = await lc('LC que vem');
    const over = await lc('LC encerrada');
    const full = await lc('LC cheia', { participantCap: 1 });
    const club = await createClub(hostV, { name: 'Clube da Foca', description: '', visibility: 'aberto', categories: [] });
    await joinClub(verified(me!), club.id);
    const clubLc = await lc('LC do clube', { hostClubId: club.id, visibility: 'clube' });
    await joinGroupRead(verified(other!), full.id);
    for (const each of [running, twoBooks, soon, over, full, clubLc]) await joinGroupRead(verified(me!), each.id);
    await shiftGroupReadSchedule(hostV, running.id, -3);
    await shiftGroupReadSchedule(hostV, twoBooks.id, -10);
    await closeGroupReadEarly(hostV, over.id);
    await leaveClub(verified(me!), club.id);

    const { groupReads } = (await call(home.loader, getRequest('/home', me!.cookie))) as { groupReads: { groupReads: HomeGroupRead[]; total: number } };
    const today = saoPauloToday();
    expect(groupReads.total).toBe(3);
    expect(groupReads.groupReads.map((g) => [g.title, g.stage?.number, g.stage?.today, g.stage?.startsOn])).toEqual([
      // Both etapas end in six days: the LC that ends first comes first.
      ['LC de dois livros', 2, true, today],
      ['LC de hoje', 1, true, today],
      ['LC que vem', 1, false, addDays(today, 3)],
    ]);
    expect(groupReads.groupReads[1]).toMatchObject({ slug: running.slug, stage: { unit: 'pages', fromNumber: 1, toNumber: 132, editionTitle: null } });
    expect(groupReads.groupReads[0]).toMatchObject({ stage: { fromNumber: 1, toNumber: 110, editionTitle: 'Noites brancas', endsOn: addDays(today, 6) } });
  });

  it('leaves out an LC whose host is suspended or in a block with the reader, as /lcs does', async () => {
    const [me, host, other] = await Promise.all([1, 2, 3].map(() => createUser({ verified: true })));
    const blocked = await createGroupRead(verified(host!), await lcInput({ title: 'LC de quem bloqueei' }));
    const suspended = await createGroupRead(verified(other!), await lcInput({ title: 'LC de quem foi suspensa' }));
    for (const each of [blocked, suspended]) await joinGroupRead(verified(me!), each.id);
    const titles = async () =>
      ((await call(home.loader, getRequest('/home', me!.cookie))) as { groupReads: { groupReads: HomeGroupRead[] } }).groupReads.groupReads
        .map((g) => g.title)
        .sort();
    expect(await titles()).toEqual(['LC de quem bloqueei', 'LC de quem foi suspensa']);
    await block(me!.id, host!.id);
    await suspend(other!.id);
    expect(await titles()).toEqual([]);
  });
});
