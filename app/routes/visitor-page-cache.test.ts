import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { setSuspended } from '~/features/accounts/admin.server';
import { deleteAccount } from '~/features/accounts/deletion.server';
import { updateProfile } from '~/features/accounts/mutations.server';
import { deleteAtt, postAtt } from '~/features/atts/mutations.server';
import { actOnReport, createReport } from '~/features/moderation/mutations.server';
import { readerCacheTag } from '~/features/profiles/cache';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { getMyShelfEntry } from '~/features/reading/shelves/queries.server';
import { deleteReview, publishReview, saveReviewDraft } from '~/features/reading/reviews/reviews.server';
import { clearHtmlCache, listenForInvalidations } from '~/server/html-cache.server';
import { subscribe } from '~/server/realtime.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, testViewer, type TestUser } from '../../test/factories';
import { dropped, kept, visit, type Page } from '../../test/page-cache';
import * as editionTab from './ed.$id.$tab';
import * as profile from './u.$username';

useTestDatabase();

const tabOf = (editionId: string, tab: 'resenhas' | 'atts' | 'leitores'): Page => ({
  url: new URL(`http://localhost:3000/ed/${editionId}/${tab}`),
  route: editionTab,
  params: { id: editionId, tab },
});
const profileOf = (user: TestUser): Page => ({ url: new URL(`http://localhost:3000/u/${user.username}`), route: profile, params: { username: user.username } });

const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });

/** Ana's review, att and shelf entry on an edition that Bia reviewed too; the three tabs cached for visitors with both. */
async function cachedWithAna() {
  const [ana, bia] = [await createUser({ verified: true }), await createUser({ verified: true })];
  const edition = await createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'], pages: 256 });
  for (const [reader, name] of [
    [ana, 'Ana'],
    [bia, 'Bia'],
  ] as const) {
    await setShelfStatus(verified(reader), edition, 'read');
    await publishReview(verified(reader), edition, { body: `Resenha de ${name}`, spoiler: false, visibility: 'publico' });
  }
  const att = await postAtt(verified(ana), { editionId: edition, kind: 'finished', text: 'Att de Ana', spoiler: false, visibility: 'publico', images: [] });
  const pages = { resenhas: tabOf(edition, 'resenhas'), atts: tabOf(edition, 'atts'), leitores: tabOf(edition, 'leitores') };
  expect(await visit(pages.resenhas)).toContain('Resenha de Ana');
  expect(await visit(pages.atts)).toContain('Att de Ana');
  expect(await visit(pages.leitores)).toContain(ana.username);
  await kept(...Object.values(pages));
  return { ana, bia, edition, att, pages, all: Object.values(pages) };
}

/** None of the pages shows anything of Ana's any more; Bia's review is still there. */
async function expectAnaGone({ ana, pages }: Awaited<ReturnType<typeof cachedWithAna>>) {
  const [resenhas, atts, leitores] = [await visit(pages.resenhas), await visit(pages.atts), await visit(pages.leitores)];
  expect(resenhas).not.toContain('Resenha de Ana');
  expect(resenhas).toContain('Resenha de Bia');
  expect(atts).not.toContain('Att de Ana');
  for (const body of [resenhas, atts, leitores]) expect(body).not.toContain(ana.username);
}

const asAdmin = async () => testViewer(await createUser({ role: 'admin' }), 'admin');

describe("visitors' cached pages that show a reader's things", () => {
  beforeEach(async () => {
    clearHtmlCache();
    await listenForInvalidations();
  });

  it('are dropped when the reader switches to restrito; the profile is dropped when they switch back', async () => {
    const seen = await cachedWithAna();
    const settings = { name: 'Ana', pronouns: '', bio: 'Leio no ônibus.', links: [], showCurrentlyReading: true };
    await updateProfile(testViewer(seen.ana), { ...settings, profileVisibility: 'restrito' });
    await dropped(...seen.all);
    await expectAnaGone(seen);

    const own = profileOf(seen.ana);
    expect(await visit(own)).not.toContain('Leio no ônibus.');
    await updateProfile(testViewer(seen.ana), { ...settings, profileVisibility: 'publico' });
    await dropped(own);
    expect(await visit(own)).toContain('Leio no ônibus.');
  });

  it('are dropped when an admin suspends the reader', async () => {
    const seen = await cachedWithAna();
    await setSuspended(await asAdmin(), seen.ana.id, true);
    await dropped(...seen.all);
    await expectAnaGone(seen);
  });

  it('are dropped when the reader deletes the account', async () => {
    const seen = await cachedWithAna();
    const fields = { username: seen.ana.username, password: seen.ana.password };
    await deleteAccount(testViewer(seen.ana), formRequest('/configuracoes/excluir', fields, { cookie: seen.ana.cookie }), fields);
    await dropped(...seen.all);
    await expectAnaGone(seen);
  });

  it('are dropped when the moderation hides the review or the att', async () => {
    const seen = await cachedWithAna();
    const admin = await asAdmin();
    const reporter = testViewer(await createUser());
    const entry = await getMyShelfEntry(testViewer(seen.ana), seen.edition);
    await createReport(reporter, { kind: 'review', target: entry!.id, reason: 'spam', details: '' });
    await createReport(reporter, { kind: 'att', target: seen.att, reason: 'spam', details: '' });
    const reports = await queryRows<{ id: string; target_kind: string }>(sql`SELECT id, target_kind FROM reports`);
    const reportOf = (kind: string) => reports.find((r) => r.target_kind === kind)!.id;

    await actOnReport(admin, { report: reportOf('review'), intent: 'hide', note: '' });
    await dropped(seen.pages.resenhas);
    expect(await visit(seen.pages.resenhas)).not.toContain('Resenha de Ana');
    await actOnReport(admin, { report: reportOf('att'), intent: 'hide', note: '' });
    await dropped(seen.pages.atts);
    expect(await visit(seen.pages.atts)).not.toContain('Att de Ana');
  });

  it('are dropped when the author narrows or deletes what they showed', async () => {
    const seen = await cachedWithAna();
    const ana = verified(seen.ana);
    await publishReview(ana, seen.edition, { body: 'Resenha de Ana', spoiler: false, visibility: 'seguidores' });
    await dropped(seen.pages.resenhas);
    expect(await visit(seen.pages.resenhas)).not.toContain('Resenha de Ana');
    await deleteAtt(ana, seen.att);
    await dropped(seen.pages.atts);
    expect(await visit(seen.pages.atts)).not.toContain('Att de Ana');

    const bia = verified(seen.bia);
    expect(await visit(seen.pages.resenhas)).toContain('Resenha de Bia');
    await deleteReview(bia, seen.edition);
    await dropped(seen.pages.resenhas);
    expect(await visit(seen.pages.resenhas)).not.toContain('Resenha de Bia');
  });

  it('are dropped whichever code path writes the review or the att, and kept through a draft’s autosave', async () => {
    const seen = await cachedWithAna();
    await saveReviewDraft(testViewer(seen.ana), seen.edition, { body: 'Rascunho novo', spoiler: false, visibility: 'publico' });
    await kept(seen.pages.resenhas);
    await getDb().execute(sql`UPDATE reviews SET visibility = 'privado' WHERE user_id = ${seen.ana.id}`);
    await dropped(seen.pages.resenhas);
    expect(await visit(seen.pages.resenhas)).not.toContain('Resenha de Ana');
    await getDb().execute(sql`UPDATE atts SET visibility = 'privado' WHERE id = ${seen.att}`);
    await dropped(seen.pages.atts);
    expect(await visit(seen.pages.atts)).not.toContain('Att de Ana');
  });

  it('are dropped when a reader on the readers tab turns "lendo agora" off while reading the book', async () => {
    const reader = await createUser();
    const edition = await createEdition({ title: 'Grande Sertão: Veredas', authors: ['Guimarães Rosa'], pages: 600 });
    await setShelfStatus(testViewer(reader), edition, 'reading');
    const leitores = tabOf(edition, 'leitores');
    expect(await visit(leitores)).toContain(reader.username);
    await getDb().execute(sql`UPDATE users SET show_currently_reading = false WHERE id = ${reader.id}`);
    await dropped(leitores);
    expect(await visit(leitores)).not.toContain(reader.username);
  });

  it("tell every server about each change of who may see a reader's things, both ways", async () => {
    const seen = await cachedWithAna();
    const heard: string[][] = [];
    const stop = await subscribe('html_cache', (tags) => heard.push(tags as string[]));
    const tag = readerCacheTag(seen.ana.id);
    const expectHeard = async (change: () => Promise<unknown>) => {
      heard.length = 0;
      await change();
      await vi.waitFor(() => expect(heard.flat()).toContain(tag));
    };
    const admin = await asAdmin();
    const review = (await getMyShelfEntry(testViewer(seen.ana), seen.edition))!.id;
    await expectHeard(() => getDb().execute(sql`UPDATE users SET profile_visibility = 'restrito' WHERE id = ${seen.ana.id}`));
    await expectHeard(() => getDb().execute(sql`UPDATE users SET profile_visibility = 'publico' WHERE id = ${seen.ana.id}`));
    await expectHeard(() => setSuspended(admin, seen.ana.id, true));
    await expectHeard(() => setSuspended(admin, seen.ana.id, false));
    await expectHeard(() => getDb().execute(sql`UPDATE reviews SET hidden_at = now() WHERE shelf_entry_id = ${review}`));
    await expectHeard(() => getDb().execute(sql`UPDATE reviews SET hidden_at = NULL WHERE shelf_entry_id = ${review}`));
    await expectHeard(() => getDb().execute(sql`UPDATE atts SET hidden_at = now() WHERE id = ${seen.att}`));
    await expectHeard(() => getDb().execute(sql`UPDATE atts SET hidden_at = NULL WHERE id = ${seen.att}`));
    await expectHeard(() => getDb().execute(sql`DELETE FROM reviews WHERE shelf_entry_id = ${review}`));
    await stop();
  });
});
