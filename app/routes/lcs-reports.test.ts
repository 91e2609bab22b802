import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { notifications } from '~/db/schema';
import { addGroupReadComment, getDiscussion, getThread, pinGroupReadComment, revealStage } from '~/features/lcs/discussion.server';
import { listHomeCommenters } from '~/features/lcs/home-commenters.server';
import { createGroupRead } from '~/features/lcs/mutations.server';
import { joinGroupRead } from '~/features/lcs/participants.server';
import { listStages } from '~/features/lcs/queries.server';
import { actOnReport, createReport } from '~/features/moderation/mutations.server';
import { listReportGroups } from '~/features/moderation/queries.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { clearHtmlCache, listenForInvalidations } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../test/db';
import { createUser, formRequest, getRequest, testViewer, type TestUser } from '../../test/factories';
import { lcInput } from '../../test/lc-fixtures';
import { dropped, visit, type Page } from '../../test/page-cache';
import { block } from '../../test/reading-factories';
import { call, statusOf } from '../../test/routes';
import * as reportPage from './denunciar';
import * as discussion from './lc.$identificador.discussao';

useTestDatabase();

const verified = (user: TestUser, role: Viewer['role'] = 'reader'): Viewer => ({ ...testViewer(user, role), emailVerified: true });

const SPOILER = 'SPOILER-DA-ETAPA-2: o narrador era o culpado';

/** Verified readers by name (`admin` runs the site), and a public LC `host` hosts. */
async function castOf<N extends string>(names: readonly N[]) {
  const users = Object.fromEntries(
    await Promise.all(names.map(async (n) => [n, await createUser({ verified: true, ...(n === 'admin' ? { role: 'admin' as const } : {}) })])),
  ) as Record<N, TestUser>;
  const v = Object.fromEntries(names.map((n) => [n, verified(users[n], n === 'admin' ? 'admin' : 'reader')])) as Record<N, Viewer>;
  const input = await lcInput();
  const lc = await createGroupRead(v['host' as N], input);
  return { users, v, input, lc };
}

describe('reporting a comment of an LC’s discussion', () => {
  it('is for who is shown the comment in its thread (the spoiler gate, blocks); anyone else gets 404; the report reaches the queue', async () => {
    const names = ['host', 'behind', 'past', 'outsider', 'admin'] as const;
    const { users, v, input, lc } = await castOf(names);
    for (const who of ['behind', 'past'] as const) await joinGroupRead(v[who], lc.id);
    await setShelfStatus(v.past, input.editions[0]!.editionId, 'read');
    const [, second] = await listStages(lc.id);
    const { id: commentId } = await addGroupReadComment(v.past, lc.id, { stageId: second!.id, body: SPOILER, parentId: null });

    const page = (who: (typeof names)[number]) => call(reportPage.loader, getRequest(`/denunciar?tipo=group_read_comment&id=${commentId}`, users[who].cookie));
    const send = (who: (typeof names)[number]) =>
      call(
        reportPage.action,
        formRequest(
          '/denunciar',
          { kind: 'group_read_comment', target: commentId, reason: 'spoiler', details: '', voltar: `/lc/${lc.slug}/discussao` },
          { cookie: users[who].cookie },
        ),
      );

    // Behind etapa 2, outside the LC: the comment does not exist for them, on the page and in the action.
    for (const who of ['behind', 'outsider'] as const) {
      expect(await statusOf(page(who)), who).toBe(404);
      expect(await statusOf(send(who)), who).toBe(404);
      expect(JSON.stringify(await send(who).catch((e: unknown) => e))).not.toContain(SPOILER);
    }
    // The host reads every thread and may report it; the page shows its words and the way to the thread.
    const shown = (await page('host')) as { target: { excerpt: string; link: string; mine: boolean } };
    expect(shown.target).toMatchObject({ excerpt: SPOILER, link: `/lc/${lc.slug}/discussao?etapa=2#comentario-${commentId}`, mine: false });
    expect(await send('host')).toMatchObject({ success: expect.stringMatching(/Denúncia enviada/) });

    // Revealing etapa 2 opens it to the participant: now they may report it; a block closes it again.
    await revealStage(v.behind, lc.id, second!.id);
    expect(await statusOf(page('behind'))).toBe(200);
    await block(users.behind.id, users.past.id);
    expect(await statusOf(send('behind'))).toBe(404);

    const queue = await listReportGroups(v.admin, { status: 'open', kind: 'group_read_comment', page: 1 });
    expect(queue.groups).toHaveLength(1);
    expect(queue.groups[0]).toMatchObject({
      kind: 'group_read_comment',
      targetId: commentId,
      target: { excerpt: SPOILER, link: `/lc/${lc.slug}/discussao?etapa=2#comentario-${commentId}` },
      author: { username: users.past.username },
      hideable: true,
    });
  });
});

describe('hiding a reported comment of an LC’s discussion', () => {
  beforeEach(async () => {
    clearHtmlCache();
    await listenForInvalidations();
  });

  it('takes it, and the replies under it, out of every surface but its author’s (who sees the notice); restoring brings them back', async () => {
    const names = ['host', 'author', 'replier', 'other', 'admin'] as const;
    const { users, v, input, lc } = await castOf(names);
    for (const who of ['author', 'replier', 'other'] as const) {
      await joinGroupRead(v[who], lc.id);
      await setShelfStatus(v[who], input.editions[0]!.editionId, 'read');
    }
    const [first] = await listStages(lc.id);
    const stageId = first!.id;
    const { id: commentId } = await addGroupReadComment(v.author, lc.id, { stageId, body: 'Ofensa no comentário.', parentId: null });
    const { id: replyId } = await addGroupReadComment(v.replier, lc.id, { stageId, body: 'Resposta à ofensa.', parentId: commentId });
    const replyNotices = () => getDb().$count(notifications, and(eq(notifications.userId, users.author.id), eq(notifications.kind, 'group_read_reply')));
    expect(await replyNotices()).toBe(1);
    await createReport(v.other, { kind: 'group_read_comment', target: commentId, reason: 'hate', details: '' });
    await createReport(v.other, { kind: 'group_read_comment', target: replyId, reason: 'hate', details: '' });
    const { groups } = await listReportGroups(v.admin, { status: 'open', kind: 'group_read_comment', page: 1 });
    const group = (id: string) => groups.find((g) => g.targetId === id)!;

    const bodies = async (who: Viewer | null) =>
      ((await getThread(who, lc.id, 1, 1))?.comments ?? []).map((c) => [c.body, c.hidden, c.replies.map((r) => r.body)]);
    const counts = async (who: Viewer | null) => (await getDiscussion(who, lc.id)).threads.map((t) => t.commentCount);
    const page: Page = { url: new URL(`http://localhost:3000/lc/${lc.slug}/discussao`), route: discussion, params: { identificador: lc.slug } };
    expect(await visit(page)).toContain('"commentCount":2');
    expect(await listHomeCommenters(v.other, [lc.id])).toEqual({ [lc.id]: { names: [users.replier.username, users.author.username], total: 2 } });

    // Non-admins cannot hide it.
    for (const who of [v.host, v.other])
      await expect(actOnReport(who, { report: group(commentId).reportId, intent: 'hide', note: '' })).rejects.toMatchObject({ code: 'not_found' });

    // Hiding the reply withdraws the notice of it; hiding the comment takes its replies along.
    await actOnReport(v.admin, { report: group(replyId).reportId, intent: 'hide', note: 'Ofensivo.' });
    expect(await replyNotices()).toBe(0);
    await actOnReport(v.admin, { report: group(commentId).reportId, intent: 'hide', note: 'Ofensivo.' });
    await dropped(page);
    expect(await visit(page)).toContain('"commentCount":0');
    for (const who of [v.host, v.other, v.admin, null]) {
      expect(await bodies(who)).toEqual([]);
      expect(await counts(who)).toEqual([0, 0]);
    }
    // The replier still sees their own reply — alone, as its comment is gone for them: no count, no thread.
    expect(await counts(v.replier)).toEqual([0, 0]);
    expect(await bodies(v.author)).toEqual([['Ofensa no comentário.', true, []]]);
    expect(await counts(v.author)).toEqual([1, 0]);
    expect(await listHomeCommenters(v.other, [lc.id])).toEqual({});
    // Nobody reports, replies to or pins what they are not shown.
    await expect(createReport(v.host, { kind: 'group_read_comment', target: commentId, reason: 'spam', details: '' })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(addGroupReadComment(v.other, lc.id, { stageId, body: 'Oi', parentId: commentId })).rejects.toMatchObject({ code: 'not_found' });
    await expect(pinGroupReadComment(v.host, lc.id, commentId, true)).rejects.toMatchObject({ code: 'not_found' });
    // The queue keeps them, marked, to restore.
    const queue = await listReportGroups(v.admin, { status: 'resolved', kind: 'group_read_comment', page: 1 });
    expect(queue.groups.map((g) => g.target?.hidden)).toEqual([true, true]);

    await actOnReport(v.admin, { report: group(commentId).reportId, intent: 'unhide', note: '' });
    await actOnReport(v.admin, { report: group(replyId).reportId, intent: 'unhide', note: '' });
    await dropped(page);
    expect(await visit(page)).toContain('"commentCount":2');
    expect(await bodies(v.other)).toEqual([['Ofensa no comentário.', false, ['Resposta à ofensa.']]]);
    expect(await listHomeCommenters(v.other, [lc.id])).toEqual({ [lc.id]: { names: [users.replier.username, users.author.username], total: 2 } });
  });
});
