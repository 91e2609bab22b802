import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { reports, whisperReportViews } from '~/db/schema';
import { archiveData } from '~/features/export/archive.server';
import { actOnReport } from '~/features/moderation/mutations.server';
import { getReportGroup, getReportTarget, listReportGroups } from '~/features/moderation/queries.server';
import { useTestDatabase } from '../../../test/db';
import { deleteAccount, messageIds, reader, report, say } from '../../../test/whisper-fixtures';
import { blockFromThread, sendWhisper, whisperTo } from './mutations.server';
import { countUnreadConversations, getThread, listConversations, viewerBlocks } from './queries.server';
import { REPORT_CONTEXT_SIZE } from './policy';
import { openWhisperReport } from './reports.server';

useTestDatabase();

/** Ana writes to Bia, Bia answers with something to report, then a dozen more back and forth. */
async function conversation() {
  const [ana, bia] = [await reader(), await reader()];
  const { conversationId } = await whisperTo(ana, bia.id, say('Oi, Bia!'));
  for (let i = 1; i <= 6; i += 1) await sendWhisper(i % 2 ? bia : ana, conversationId, say(`Mensagem ${i}`));
  await sendWhisper(bia, conversationId, say('Você vai se arrepender.'));
  for (let i = 7; i <= 12; i += 1) await sendWhisper(i % 2 ? bia : ana, conversationId, say(`Mensagem ${i}`));
  const ids = await messageIds(conversationId);
  return { ana, bia, conversationId, ids, reported: ids[7]! };
}

describe('reporting a whisper', () => {
  it('is for the other participant only, once; the author, a third reader and staff are told it does not exist', async () => {
    const { ana, bia, conversationId, reported } = await conversation();
    const [third, admin] = [await reader(), await reader('admin')];
    await expect(report(bia, reported)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(report(third, reported)).rejects.toMatchObject({ code: 'not_found' });
    await expect(report(admin, reported)).rejects.toMatchObject({ code: 'not_found' });
    expect(await getReportTarget(third, 'whisper', reported)).toBeNull();
    expect(await getReportTarget(ana, 'whisper', reported)).toMatchObject({
      excerpt: 'Você vai se arrepender.',
      link: `/sussurros/${conversationId}`,
      mine: false,
      reported: null,
    });
    expect(await report(ana, reported)).toEqual({ collapsed: false });
    // A second time — and again once the report was dismissed — says it was already reported, and writes nothing.
    await expect(report(ana, reported)).rejects.toMatchObject({ code: 'conflict', message: 'Você já denunciou esta mensagem. A moderação vai analisar.' });
    const [row] = await getDb().select().from(reports);
    expect(row).toMatchObject({ reporterId: ana.id, targetKind: 'whisper', targetId: reported, targetAuthorId: bia.id, reason: 'harassment' });
    await actOnReport(admin, { report: row!.id, intent: 'dismiss', note: '' });
    await expect(report(ana, reported)).rejects.toMatchObject({ code: 'conflict' });
    expect(await getReportTarget(ana, 'whisper', reported)).toMatchObject({ reported: expect.stringContaining('já denunciou') });
    expect(await getDb().select().from(reports)).toHaveLength(1);
  });
});

describe('a reported whisper in /gerenciar/denuncias', () => {
  it('shows no text in the queue; its context page is admins’ only and writes an audit row for each look', async () => {
    const { ana, bia, conversationId, ids, reported } = await conversation();
    const [admin, curator] = [await reader('admin'), await reader('curator')];
    await report(ana, reported);
    const { groups } = await listReportGroups(admin, { status: 'open', page: 1 });
    expect(groups).toMatchObject([
      {
        kind: 'whisper',
        targetId: reported,
        author: { username: bia.username },
        hideable: true,
        target: { link: `/gerenciar/denuncias/sussurro/${reported}` },
      },
    ]);
    expect(JSON.stringify(groups)).not.toContain('arrepender');

    for (const viewer of [ana, bia, curator, await reader()]) await expect(openWhisperReport(viewer, reported)).rejects.toMatchObject({ code: 'not_found' });
    // A message nobody reported is not opened either, even by an admin.
    await expect(openWhisperReport(admin, ids[0]!)).rejects.toMatchObject({ code: 'not_found' });
    expect(await getDb().select().from(whisperReportViews)).toHaveLength(0);

    const context = await openWhisperReport(admin, reported);
    expect(context.readers.sort()).toEqual([ana.username, bia.username].sort());
    expect(context.conversationId).toBe(conversationId);
    // Five before and five after, in order; the reported one marked.
    expect(context.messages.map((m) => m.id)).toEqual(ids.slice(7 - REPORT_CONTEXT_SIZE, 8 + REPORT_CONTEXT_SIZE));
    expect(context.messages.find((m) => m.reported)).toMatchObject({ body: 'Você vai se arrepender.', author: bia.username, removed: false });
    expect(context.views).toMatchObject([{ viewer: admin.username }]);
    await openWhisperReport(admin, reported);
    const views = await getDb().select().from(whisperReportViews);
    const [row] = await getDb().select().from(reports);
    expect(views.map((v) => [v.viewerId, v.reportId, v.messageId, v.conversationId])).toEqual([
      [admin.id, row!.id, reported, conversationId],
      [admin.id, row!.id, reported, conversationId],
    ]);
    // The readers are never told: nothing of the look reaches their pages or notifications.
    expect(await queryRows(sql`SELECT count(*)::int AS n FROM notifications WHERE user_id IN (${ana.id}, ${bia.id})`)).toEqual([{ n: 1 }]);
  });

  it('removing the message leaves “mensagem removida” on both sides, out of the unread counts and the export; the log stays after the report closes', async () => {
    const [ana, bia, admin] = [await reader(), await reader(), await reader('admin')];
    const { conversationId } = await whisperTo(ana, bia.id, say('Mensagem 1'));
    await sendWhisper(bia, conversationId, say('Você vai se arrepender.'));
    const reported = (await messageIds(conversationId))[1]!;
    await report(ana, reported);
    await openWhisperReport(admin, reported);
    const [row] = await getDb().select().from(reports);
    // Ana has not read Bia's message, the newest one.
    expect(await countUnreadConversations(ana)).toBe(1);

    expect(await actOnReport(admin, { report: row!.id, intent: 'hide', note: 'Ameaça.' })).toMatch(/ocultado/);
    for (const side of [ana, bia]) {
      const thread = await getThread(side, conversationId);
      expect(thread.messages.at(-1)).toMatchObject({ id: reported, body: '', removed: true, read: false });
      expect(JSON.stringify(thread)).not.toContain('arrepender');
      expect((await listConversations(side))[0]?.lastMessage).toMatchObject({ body: '', removed: true });
    }
    // Nothing unread is left: the removed message was the only new one.
    expect(await countUnreadConversations(ana)).toBe(0);
    expect((await listConversations(ana))[0]?.unread).toBe(0);
    const { data } = await archiveData(bia.id);
    expect(JSON.stringify(data.whispers)).not.toContain('arrepender');
    expect(JSON.stringify((await archiveData(ana.id)).data.whispers)).toContain('Mensagem 1');

    // The report is closed; the moderators still see the text, and the look of before and this one are logged.
    const group = await getReportGroup(admin, 'whisper', reported);
    expect(group).toMatchObject({ target: { hidden: true }, reports: [{ status: 'resolved' }], history: [{ action: 'hide' }] });
    const context = await openWhisperReport(admin, reported);
    expect(context.messages.find((m) => m.reported)).toMatchObject({ body: 'Você vai se arrepender.', removed: true });
    expect(context.views).toHaveLength(2);

    await actOnReport(admin, { report: row!.id, intent: 'unhide', note: '' });
    expect((await getThread(ana, conversationId)).messages.at(-1)).toMatchObject({ body: 'Você vai se arrepender.', removed: false });
  });

  it('account deletion: the reported author leaves a mark, the reporter’s report goes, the viewer keeps their username of then; the log stays', async () => {
    const { ana, bia, conversationId, reported } = await conversation();
    const [admin, otherAdmin] = [await reader('admin'), await reader('admin')];
    await report(ana, reported);
    await openWhisperReport(admin, reported);

    // The staff member who looked leaves: the row stays, without the account but with the username they had then.
    await deleteAccount(admin.id);
    expect((await openWhisperReport(otherAdmin, reported)).views).toEqual([
      { viewer: otherAdmin.username, viewerGone: false, viewedAt: expect.any(String) },
      { viewer: admin.username, viewerGone: true, viewedAt: expect.any(String) },
    ]);

    // The reported author leaves: their messages are marks with no text, everywhere; the report stays, the author unknown.
    await deleteAccount(bia.id);
    const thread = await getThread(ana, conversationId);
    expect(thread.messages.filter((m) => !m.mine).every((m) => m.removed && m.body === '')).toBe(true);
    expect(thread.messages.filter((m) => m.mine).every((m) => !m.removed && m.body)).toBe(true);
    expect(await queryRows(sql`SELECT count(*)::int AS n FROM whisper_messages WHERE body LIKE '%arrepender%'`)).toEqual([{ n: 0 }]);
    const context = await openWhisperReport(otherAdmin, reported);
    expect(context.readers).toContain(null);
    expect(context.messages.find((m) => m.reported)).toMatchObject({ body: '', author: null, removed: true });
    const [row] = await getDb().select().from(reports);
    expect(row?.targetAuthorId).toBeNull();
    // Nothing to remove any more: the text is gone.
    await expect(actOnReport(otherAdmin, { report: row!.id, intent: 'hide', note: '' })).rejects.toMatchObject({ code: 'not_found' });

    // The reporter leaves: their report goes with them (who reported is personal), the looks stay.
    await deleteAccount(ana.id);
    expect(await getDb().select().from(reports)).toHaveLength(0);
    const views = await getDb().select().from(whisperReportViews);
    expect(views).toHaveLength(3);
    // Both readers gone, the conversation goes; the log keeps who looked and when, pointing at nothing.
    expect(views.every((v) => v.reportId === null && v.messageId === null && v.conversationId === null)).toBe(true);
  });
});

describe('a reported whisper: parties, blocks and deleted authors (decision 0090, second reading)', () => {
  it('an admin who reported a whisper (its other reader) neither opens its context nor acts on it', async () => {
    const [ana, bia] = [await reader('admin'), await reader()];
    const { conversationId } = await whisperTo(bia, ana.id, say('Você vai se arrepender.'));
    const [reported] = await messageIds(conversationId);
    await report(ana, reported!);
    const [row] = await getDb().select().from(reports);
    await expect(openWhisperReport(ana, reported!)).rejects.toMatchObject({ code: 'not_found' });
    await expect(actOnReport(ana, { report: row!.id, intent: 'dismiss', note: '' })).rejects.toMatchObject({ code: 'not_found' });
    expect(await getDb().select().from(whisperReportViews)).toHaveLength(0);
  });

  it('the block confirmation offers the blocked reader’s newest message to report, and the report page leads back to the list', async () => {
    const { ana, bia, conversationId, ids } = await conversation();
    await blockFromThread(ana, conversationId);
    // Ana wrote last ("Mensagem 12"): the one offered is Bia's newest, "Mensagem 11".
    expect(await viewerBlocks(ana, bia.username)).toEqual({ reportable: ids[12] });
    expect(await getReportTarget(ana, 'whisper', ids[12]!)).toMatchObject({ excerpt: 'Mensagem 11', link: '/sussurros', reported: null });
    // Only the one who blocked is told, from their own block.
    expect(await viewerBlocks(bia, ana.username)).toBeNull();
  });

  it('a deleted author’s mark is not “removida” in the queue and offers neither “Remover” nor “Reexibir”', async () => {
    const { ana, bia, reported } = await conversation();
    const admin = await reader('admin');
    await report(ana, reported);
    await deleteAccount(bia.id);
    const [group] = (await listReportGroups(admin, { status: 'open', page: 1 })).groups;
    expect(group).toMatchObject({ hideable: false, author: null, target: { hidden: false, link: `/gerenciar/denuncias/sussurro/${reported}` } });
  });
});
