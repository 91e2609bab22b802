import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, getRequest, testViewer, type TestUser } from '../../../test/factories';
import { shelve } from '../../../test/reading-factories';
import { getDb, queryRows } from '~/db/client.server';
import { moderationActions, notifications, outboxEmails, reports, sessions } from '~/db/schema';
import { addComment, postAtt } from '~/features/atts/mutations.server';
import { getAtt, listAtts } from '~/features/atts/queries.server';
import { getMyReview, listEditionReviews } from '~/features/reading/reviews/queries.server';
import { publishReview } from '~/features/reading/reviews/reviews.server';
import { getShelf, listPublicShelves } from '~/features/reading/shelves/custom-shelf-queries.server';
import { createShelf } from '~/features/reading/shelves/custom-shelves.server';
import { getViewer } from '~/server/viewer.server';
import { actOnReport, createReport } from './mutations.server';
import { listReportGroups } from './queries.server';
import { REPORTS_PER_DAY, type ReportableKind } from './reasons';
import { routeArgs } from '../../../test/routes';

useTestDatabase();

async function publicShelf(owner: TestUser, name = 'Favoritos de sempre') {
  return createShelf(testViewer(owner), { name, description: 'Os livros que eu mais amo.', visibility: 'publico' });
}

const report = (reporter: TestUser, target: string, kind: ReportableKind = 'shelf', reason: 'spam' | 'hate' = 'spam', details = '') =>
  createReport(testViewer(reporter), { kind, target, reason, details });

describe('reporting', () => {
  it('collapses a second report of the same thing by the same reader, and counts reports from different readers', async () => {
    const [owner, ana, bia] = [await createUser(), await createUser(), await createUser()];
    const shelf = await publicShelf(owner);
    expect(await report(ana, shelf)).toEqual({ collapsed: false });
    expect(await report(ana, shelf, 'shelf', 'hate', 'Ofensas na descrição.')).toEqual({ collapsed: true });
    expect(await report(bia, shelf)).toEqual({ collapsed: false });
    const rows = await getDb().select().from(reports).where(eq(reports.targetId, shelf));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.reporterId === ana.id)).toMatchObject({
      reason: 'hate',
      details: 'Ofensas na descrição.',
      targetAuthorId: owner.id,
      status: 'open',
    });
  });

  it('refuses reporting yourself, something you cannot see, or something missing — the last two as not_found', async () => {
    const [owner, stranger] = [await createUser(), await createUser()];
    const shelf = await publicShelf(owner);
    const secret = await createShelf(testViewer(owner), { name: 'Segredo', description: '', visibility: 'privado' });
    await expect(report(owner, shelf)).rejects.toMatchObject({ code: 'forbidden', message: 'Você não pode denunciar algo seu.' });
    await expect(report(owner, owner.id, 'user')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(report(stranger, secret)).rejects.toMatchObject({ code: 'not_found' });
    await expect(report(stranger, 'nao-existe')).rejects.toMatchObject({ code: 'not_found' });
    await expect(report(stranger, 'nao-existe', 'user')).rejects.toMatchObject({ code: 'not_found' });
    expect(await getDb().select().from(reports)).toHaveLength(0);
  });

  it(`allows ${REPORTS_PER_DAY} reports a day per reader (every attempt counts), then answers rate_limited with the wait`, async () => {
    const [reporter, target, other] = [await createUser(), await createUser(), await createUser()];
    for (let i = 0; i < REPORTS_PER_DAY; i += 1) await report(reporter, target.id, 'user');
    await expect(report(reporter, other.id, 'user')).rejects.toMatchObject({ code: 'rate_limited', retryAfterSeconds: expect.any(Number) });
    // Another reader is not held back by the first one's limit.
    await expect(report(other, target.id, 'user')).resolves.toEqual({ collapsed: false });
  });
});

describe('the admins’ queue', () => {
  it('is for admins only: anyone else is told it does not exist, and cannot act', async () => {
    const [owner, reader, curator] = [await createUser(), await createUser(), await createUser({ role: 'curator' })];
    await report(reader, await publicShelf(owner));
    const [row] = await getDb().select().from(reports);
    for (const viewer of [testViewer(reader), testViewer(curator, 'curator'), testViewer(owner)]) {
      await expect(listReportGroups(viewer, { status: 'open', page: 1 })).rejects.toMatchObject({ code: 'not_found' });
      await expect(actOnReport(viewer, { report: row!.id, intent: 'dismiss', note: '' })).rejects.toMatchObject({ code: 'not_found' });
    }
    expect(await getDb().select().from(moderationActions)).toHaveLength(0);
  });

  it('groups open reports by target; hiding resolves them all, is logged, and the shelf answers 404 to everyone but its owner until it is shown again', async () => {
    const [owner, ana, bia, admin] = [await createUser(), await createUser(), await createUser(), await createUser({ role: 'admin' })];
    const shelf = await publicShelf(owner);
    await report(ana, shelf, 'shelf', 'spam');
    await report(bia, shelf, 'shelf', 'hate', 'Xingamentos.');
    const adminViewer = testViewer(admin, 'admin');
    const { groups, total } = await listReportGroups(adminViewer, { status: 'open', page: 1 });
    expect(total).toBe(1);
    expect(groups[0]).toMatchObject({
      kind: 'shelf',
      targetId: shelf,
      target: { excerpt: 'Favoritos de sempre — Os livros que eu mais amo.', link: `/estante/${shelf}`, hidden: false },
      hideable: true,
    });
    expect(groups[0]!.reports.map((r) => r.reason).sort()).toEqual(['hate', 'spam']);

    expect(await actOnReport(adminViewer, { report: groups[0]!.reportId, intent: 'hide', note: 'Ofensivo.' })).toMatch(/ocultado/);
    expect(await getShelf(testViewer(ana), shelf)).toBeNull();
    expect(await getShelf(null, shelf)).toBeNull();
    expect(await getShelf(testViewer(owner), shelf)).toMatchObject({ hidden: true });
    expect((await listPublicShelves(null, 1)).items.map((s) => s.id)).not.toContain(shelf);
    expect((await listReportGroups(adminViewer, { status: 'open', page: 1 })).total).toBe(0);
    const resolved = await listReportGroups(adminViewer, { status: 'resolved', page: 1 });
    expect(resolved.groups[0]).toMatchObject({
      target: { hidden: true },
      history: [{ action: 'hide', note: 'Ofensivo.', admin: { username: admin.username, name: admin.username, suspended: false } }],
    });
    expect(resolved.groups[0]!.reports.every((r) => r.status === 'resolved' && r.resolvedAt)).toBe(true);

    await actOnReport(adminViewer, { report: groups[0]!.reportId, intent: 'unhide', note: '' });
    expect(await getShelf(testViewer(ana), shelf)).not.toBeNull();
    const log = await getDb().select().from(moderationActions).orderBy(moderationActions.createdAt);
    expect(log.map((a) => [a.action, a.adminId, a.targetId])).toEqual([
      ['hide', admin.id, shelf],
      ['unhide', admin.id, shelf],
    ]);
  });

  it('warns the author in the app and by e-mail with the admin’s note, and dismisses into the dismissed list', async () => {
    const [owner, reader, admin] = [await createUser(), await createUser(), await createUser({ role: 'admin' })];
    const adminViewer = testViewer(admin, 'admin');
    await report(reader, owner.id, 'user');
    const [first] = await getDb().select().from(reports);
    await expect(actOnReport(adminViewer, { report: first!.id, intent: 'hide', note: '' })).rejects.toMatchObject({ code: 'invalid_input' });
    await actOnReport(adminViewer, { report: first!.id, intent: 'warn', note: 'Evite propaganda no perfil.' });
    const [warning] = await getDb().select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(warning).toMatchObject({ kind: 'moderation_warning', text: 'Advertência da moderação: Evite propaganda no perfil.' });
    const [mail] = await getDb().select().from(outboxEmails).where(eq(outboxEmails.subject, 'Advertência da moderação do Maratona'));
    expect(mail?.to).toBe(owner.email);
    expect(mail?.text).toContain('Evite propaganda no perfil.');

    await report(reader, owner.id, 'user');
    const [second] = await getDb().select().from(reports).where(eq(reports.status, 'open'));
    await actOnReport(adminViewer, { report: second!.id, intent: 'dismiss', note: 'Nada de errado.' });
    const dismissed = await listReportGroups(adminViewer, { status: 'dismissed', page: 1, kind: 'user' });
    expect(dismissed.groups[0]?.history.map((h) => h.action)).toEqual(['dismiss', 'warn']);
    expect((await listReportGroups(adminViewer, { status: 'dismissed', page: 1, kind: 'shelf' })).total).toBe(0);
  });

  it('suspending ends the author’s sessions, hides their content, is logged — and an admin cannot suspend themself', async () => {
    const [owner, reader, admin] = [await createUser(), await createUser(), await createUser({ role: 'admin' })];
    const adminViewer = testViewer(admin, 'admin');
    const shelf = await publicShelf(owner);
    await report(reader, shelf);
    const [row] = await getDb().select().from(reports);
    await actOnReport(adminViewer, { report: row!.id, intent: 'suspend', note: 'Reincidente.' });
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, owner.id))).toHaveLength(0);
    expect(await getViewer(routeArgs(getRequest('/', owner.cookie)))).toBeNull();
    expect(await getShelf(testViewer(reader), shelf)).toBeNull();
    expect(await getShelf(null, shelf)).toBeNull();
    expect((await getDb().select().from(moderationActions))[0]).toMatchObject({ action: 'suspend', note: 'Reincidente.', reportId: row!.id });

    // A report about the admin's own content: another admin judges it; to its author it does not exist (decision 0090),
    // whatever the action, and nothing is logged.
    const adminShelf = await publicShelf(admin, 'Do admin');
    await report(reader, adminShelf);
    const [own] = await queryRows<{ id: string }>(sql`SELECT id FROM reports WHERE target_id = ${adminShelf}`);
    for (const intent of ['suspend', 'dismiss', 'hide'] as const) {
      await expect(actOnReport(adminViewer, { report: own!.id, intent, note: '' })).rejects.toMatchObject({ code: 'not_found' });
    }
    expect(await getDb().select().from(moderationActions)).toHaveLength(1);
  });
});

/** An author's public att with a reader's comment, a private att, and the author's published review. */
async function publishedContent() {
  const [author, commenter] = [await createUser({ verified: true }), await createUser({ verified: true })];
  const writer = { ...testViewer(author), emailVerified: true };
  const editionId = await createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'] });
  const att = await postAtt(writer, {
    editionId,
    kind: 'review',
    text: 'Capitu é culpada, e quem discorda é burro.',
    spoiler: false,
    visibility: 'publico',
    images: [],
  });
  const secretAtt = await postAtt(writer, { editionId, kind: 'review', text: 'Só para mim.', spoiler: false, visibility: 'privado', images: [] });
  const comment = await addComment({ ...testViewer(commenter), emailVerified: true }, att, 'Burro é você.');
  const review = await shelve(author.id, editionId);
  await publishReview(writer, editionId, { body: 'Uma resenha cheia de ofensas.', spoiler: false, visibility: 'publico' });
  return { author, writer, commenter, editionId, att, secretAtt, comment, review };
}

describe('atts, reviews and comments', () => {
  it('are reported by whoever may see them; what they may not see, or is missing, is not_found; their own is refused', async () => {
    const { author, commenter, secretAtt, att, comment, review } = await publishedContent();
    const reader = await createUser();
    for (const [kind, id] of [
      ['att', att],
      ['att_comment', comment],
      ['review', review],
    ] as const) {
      expect(await report(reader, id, kind)).toEqual({ collapsed: false });
      await expect(report(reader, 'nao-existe', kind)).rejects.toMatchObject({ code: 'not_found' });
    }
    await expect(report(reader, secretAtt, 'att')).rejects.toMatchObject({ code: 'not_found' });
    await expect(report(author, att, 'att')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(report(author, review, 'review')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(report(commenter, comment, 'att_comment')).rejects.toMatchObject({ code: 'forbidden' });
    const rows = await getDb().select().from(reports);
    expect(rows.map((r) => [r.targetKind, r.targetAuthorId]).sort()).toEqual([
      ['att', author.id],
      ['att_comment', commenter.id],
      ['review', author.id],
    ]);
  });

  it('hidden by an admin, leave every list and page but their author’s, who sees the notice; unhiding restores them; all logged', async () => {
    const { author, writer, commenter, editionId, att, comment, review } = await publishedContent();
    const [reader, admin] = [await createUser(), await createUser({ role: 'admin' })];
    const adminViewer = testViewer(admin, 'admin');
    const readerViewer = testViewer(reader);
    for (const [kind, id] of [
      ['att', att],
      ['att_comment', comment],
      ['review', review],
    ] as const)
      await report(reader, id, kind);
    const { groups } = await listReportGroups(adminViewer, { status: 'open', page: 1 });
    const group = (kind: ReportableKind) => groups.find((g) => g.kind === kind)!;
    expect(group('att')).toMatchObject({
      target: { excerpt: 'Dom Casmurro — Capitu é culpada, e quem discorda é burro.', link: `/att/${att}`, hidden: false },
      hideable: true,
      author: { username: author.username },
    });
    expect(group('att_comment')).toMatchObject({
      target: { excerpt: 'Burro é você.', link: `/att/${att}#comentarios` },
      author: { username: commenter.username },
    });
    expect(group('review')).toMatchObject({ target: { excerpt: 'Dom Casmurro — Uma resenha cheia de ofensas.', link: `/ed/${editionId}/resenhas` } });

    // Non-admins (the reporter, the author, a curator) cannot act on any of them.
    for (const viewer of [readerViewer, writer, testViewer(await createUser({ role: 'curator' }), 'curator')]) {
      for (const kind of ['att', 'att_comment', 'review'] as const) {
        await expect(actOnReport(viewer, { report: group(kind).reportId, intent: 'hide', note: '' })).rejects.toMatchObject({ code: 'not_found' });
      }
    }
    expect(await getDb().select().from(moderationActions)).toHaveLength(0);

    for (const kind of ['att_comment', 'review', 'att'] as const)
      await actOnReport(adminViewer, { report: group(kind).reportId, intent: 'hide', note: 'Ofensivo.' });
    // Gone for the reporter and for visitors…
    expect(await getAtt(readerViewer, att)).toBeNull();
    expect(await getAtt(null, att)).toBeNull();
    expect((await listAtts(null, { kind: 'all' })).items.map((a) => a.id)).not.toContain(att);
    expect((await listEditionReviews(readerViewer, editionId, 1)).total).toBe(0);
    expect((await listEditionReviews(null, editionId, 1)).total).toBe(0);
    await expect(report(await createUser(), att, 'att')).rejects.toMatchObject({ code: 'not_found' });
    // …while each author still has it, marked.
    expect(await getAtt(writer, att)).toMatchObject({ hidden: true, comments: [] });
    expect(await getAtt(testViewer(commenter), att)).toBeNull();
    expect((await listEditionReviews(writer, editionId, 1)).items).toMatchObject([{ id: review, hidden: true, mine: true }]);
    expect(await getMyReview(writer, editionId)).toMatchObject({ hidden: true, body: 'Uma resenha cheia de ofensas.' });

    // Restoring the att shows the comment again only to its author, still hidden for everyone else.
    await actOnReport(adminViewer, { report: group('att').reportId, intent: 'unhide', note: '' });
    expect(await getAtt(readerViewer, att)).toMatchObject({ hidden: false, comments: [], commentCount: 0 });
    expect(await getAtt(testViewer(commenter), att)).toMatchObject({ comments: [{ id: comment, hidden: true, mine: true }], commentCount: 1 });
    await actOnReport(adminViewer, { report: group('att_comment').reportId, intent: 'unhide', note: '' });
    await actOnReport(adminViewer, { report: group('review').reportId, intent: 'unhide', note: '' });
    expect(await getAtt(readerViewer, att)).toMatchObject({ comments: [{ id: comment, hidden: false }] });
    expect((await listEditionReviews(null, editionId, 1)).items).toMatchObject([{ id: review, hidden: false }]);

    const log = await getDb().select().from(moderationActions).orderBy(moderationActions.createdAt);
    expect(log.map((a) => [a.targetKind, a.action])).toEqual([
      ['att_comment', 'hide'],
      ['review', 'hide'],
      ['att', 'hide'],
      ['att', 'unhide'],
      ['att_comment', 'unhide'],
      ['review', 'unhide'],
    ]);
    expect((await listReportGroups(adminViewer, { status: 'resolved', page: 1, kind: 'review' })).groups[0]?.history.map((h) => h.action)).toEqual([
      'unhide',
      'hide',
    ]);
  });
});
