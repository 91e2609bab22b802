import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { reports } from '~/db/schema';
import { actOnReport } from '~/features/moderation/mutations.server';
import { whisperTo } from '~/features/whispers/mutations.server';
import { useTestDatabase } from '../../test/db';
import { createUser, getRequest, testViewer } from '../../test/factories';
import { renderPage } from '../../test/render';
import { call } from '../../test/routes';
import { deleteAccount, messageIds, reader, report, say } from '../../test/whisper-fixtures';
import * as reportContext from './gerenciar.denuncias.sussurro.$id';

useTestDatabase();

describe('a reported whisper whose author deleted their account (review of decision 0090)', () => {
  it('offers no “Reexibir mensagem” once the report is closed: the mark has no text to show again, and the button can only fail', async () => {
    const [ana, bia] = [await reader(), await reader()];
    const adminUser = await createUser({ role: 'admin', verified: true });
    const admin = testViewer(adminUser, 'admin');
    const { conversationId } = await whisperTo(bia, ana.id, say('Você vai se arrepender.'));
    const [reported] = await messageIds(conversationId);
    await report(ana, reported!);
    await deleteAccount(bia.id);
    const [row] = await getDb().select().from(reports);
    // Decision 0090: only "Dispensar" is left for a deleted author's message.
    await actOnReport(admin, { report: row!.id, intent: 'dismiss', note: '' });
    await expect(actOnReport(admin, { report: row!.id, intent: 'unhide', note: '' })).rejects.toMatchObject({ code: 'not_found' });
    const url = `/gerenciar/denuncias/sussurro/${reported}`;
    const html = renderPage(reportContext.default, await call(reportContext.loader, getRequest(url, adminUser.cookie), { id: reported! }), url);
    expect(html).toContain('Sussurro denunciado');
    expect(html).not.toContain('Reexibir mensagem');
  });
});
