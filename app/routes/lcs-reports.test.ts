import { describe, expect, it } from 'vitest';
import { addGroupReadComment, revealStage } from '~/features/lcs/discussion.server';
import { createGroupRead } from '~/features/lcs/mutations.server';
import { joinGroupRead } from '~/features/lcs/participants.server';
import { listStages } from '~/features/lcs/queries.server';
import { listReportGroups } from '~/features/moderation/queries.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../test/db';
import { createUser, formRequest, getRequest, testViewer, type TestUser } from '../../test/factories';
import { lcInput } from '../../test/lc-fixtures';
import { block } from '../../test/reading-factories';
import { call, statusOf } from '../../test/routes';
import * as reportPage from './denunciar';

useTestDatabase();

const verified = (user: TestUser, role: Viewer['role'] = 'reader'): Viewer => ({ ...testViewer(user, role), emailVerified: true });

const SPOILER = 'SPOILER-DA-ETAPA-2: o narrador era o culpado';

describe('reporting a comment of an LC’s discussion', () => {
  it('is for who is shown the comment in its thread (the spoiler gate, blocks); anyone else gets 404; the report reaches the queue', async () => {
    const names = ['host', 'behind', 'past', 'outsider', 'admin'] as const;
    const users = Object.fromEntries(
      await Promise.all(names.map(async (n) => [n, await createUser({ verified: true, ...(n === 'admin' ? { role: 'admin' as const } : {}) })])),
    ) as Record<(typeof names)[number], TestUser>;
    const v = Object.fromEntries(names.map((n) => [n, verified(users[n], n === 'admin' ? 'admin' : 'reader')])) as Record<(typeof names)[number], Viewer>;
    const input = await lcInput();
    const lc = await createGroupRead(v.host, input);
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
      hideable: false,
    });
  });
});
