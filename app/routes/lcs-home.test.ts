import { describe, expect, it } from 'vitest';
import { joinClub, leaveClub } from '~/features/clubs/membership.server';
import { createClub } from '~/features/clubs/mutations.server';
import { closeGroupReadEarly, createGroupRead, shiftGroupReadSchedule } from '~/features/lcs/mutations.server';
import { joinGroupRead } from '~/features/lcs/participants.server';
import { addGroupReadComment, revealStage } from '~/features/lcs/discussion.server';
import { commentersLabel } from '~/features/lcs/components/home-group-reads-card';
import { listHomeCommenters } from '~/features/lcs/home-commenters.server';
import { listStages } from '~/features/lcs/queries.server';
import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { groupReadComments, users as usersTable } from '~/db/schema';
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

  it('says who commented, naming only readers of threads the spoiler gate opens to the reader, never a blocked or suspended one', async () => {
    const names = ['Eu', 'Ana', 'Bruno', 'Caio', 'Duda', 'Edu', 'Fabi'] as const;
    const users = await Promise.all(names.map(() => createUser({ verified: true })));
    const who = Object.fromEntries(names.map((n, i) => [n, users[i]!])) as Record<(typeof names)[number], TestUser>;
    for (const n of names) await getDb().update(usersTable).set({ name: n }).where(eq(usersTable.id, who[n].id));
    const host = verified(await createUser({ verified: true }));
    const lc = await createGroupRead(host, await lcInput({ title: 'LC comentada' }));
    await shiftGroupReadSchedule(host, lc.id, -3);
    const [first, second] = await listStages(lc.id);
    for (const n of names) await joinGroupRead(verified(who[n]), lc.id);
    let minute = 0;
    const comment = async (n: (typeof names)[number], stage: typeof first) => {
      await revealStage(verified(who[n]), lc.id, stage!.id);
      await addGroupReadComment(verified(who[n]), lc.id, { stageId: stage!.id, body: `Comentário de ${n}`, parentId: null });
      minute += 1;
      await getDb()
        .update(groupReadComments)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)) })
        .where(eq(groupReadComments.authorId, who[n].id));
    };
    await revealStage(verified(who.Eu), lc.id, first!.id);
    await comment('Ana', first);
    await comment('Bruno', first);
    await comment('Eu', first);
    // Etapa 2 is closed to the reader: its commenter is not named, nor counted.
    await comment('Caio', second);
    await comment('Duda', first);
    await block(who.Eu.id, who.Duda.id);
    await comment('Edu', first);
    await suspend(who.Edu.id);

    const load = async () =>
      (await call(home.loader, getRequest('/home', who.Eu.cookie))) as { commenters: Record<string, { names: string[]; total: number }> };
    expect((await load()).commenters).toEqual({ [lc.id]: { names: ['Bruno', 'Ana'], total: 2 } });
    expect(commentersLabel({ names: ['Bruno', 'Ana'], total: 2 })).toBe('Bruno e Ana comentaram');

    await comment('Fabi', first);
    expect((await load()).commenters[lc.id]).toEqual({ names: ['Fabi', 'Bruno'], total: 3 });
    expect(commentersLabel({ names: ['Fabi', 'Bruno'], total: 3 })).toBe('Fabi, Bruno e mais 1 pessoa comentaram');
    // Once the reader opens etapa 2, Caio is named too; someone with no place in the LC is told nothing of it.
    await revealStage(verified(who.Eu), lc.id, second!.id);
    expect((await load()).commenters[lc.id]).toEqual({ names: ['Fabi', 'Caio'], total: 4 });
    expect(await listHomeCommenters(verified(await createUser({ verified: true })), [lc.id])).toEqual({});
  });
});
