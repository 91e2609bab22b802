import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { blocks, follows } from '~/db/schema';
import { VISIBILITIES } from '~/features/social/vocabulary';
import { useTestDatabase } from '../../../../test/db';
import { createEdition, createUser, testViewer } from '../../../../test/factories';
import { EXPECTED_AUDIENCE as EXPECTED } from '../../../../test/visibility-matrix';
import { mergeEditions } from '~/features/curation/merge.server';
import { setShelfStatus } from '../shelves/mutations.server';
import { getMyShelfEntry, listEditionReaders } from '../shelves/queries.server';
import { getMyReview, listEditionReviews } from './queries.server';
import { reviewActionInputs } from './validation';
import { deleteReview, publishReview, saveReviewDraft, setReadingTraits, unpublishReview } from './reviews.server';
import { REVIEW_BODY_MAX } from '../vocabulary';

useTestDatabase();

const edition = () => createEdition({ title: `Dom Casmurro ${Math.random().toString(36).slice(2, 6)}`, authors: ['Machado de Assis'], pages: 256 });

async function readerWith(editionId: string) {
  const user = await createUser();
  const viewer = testViewer(user);
  await setShelfStatus(viewer, editionId, 'read');
  return { user, viewer };
}

describe('review drafts', () => {
  it('save and come back as the editor left them; the published text stays live until "Publicar"', async () => {
    const id = await edition();
    const { viewer } = await readerWith(id);
    const savedAt = await saveReviewDraft(viewer, id, { body: 'Capitu tinha olhos de ressaca', spoiler: false, visibility: 'publico' });
    expect(savedAt).toBeInstanceOf(Date);
    expect(await getMyReview(viewer, id)).toMatchObject({
      body: null,
      publishedAt: null,
      draftBody: 'Capitu tinha olhos de ressaca',
      draftVisibility: 'publico',
    });
    // Nobody sees a draft, the author's own list included (only published reviews are listed).
    expect((await listEditionReviews(viewer, id, 1)).total).toBe(0);

    await publishReview(viewer, id, { body: 'Capitu tinha olhos de ressaca.', spoiler: true, visibility: 'publico' });
    expect(await getMyReview(viewer, id)).toMatchObject({ body: 'Capitu tinha olhos de ressaca.', spoiler: true, draftBody: null, draftSavedAt: null });
    const firstPublished = (await getMyReview(viewer, id))!.publishedAt;

    await saveReviewDraft(viewer, id, { body: 'Traiu ou não traiu? ||Não se sabe.||', spoiler: true, visibility: 'seguidores' });
    const visitorSees = await listEditionReviews(null, id, 1);
    expect(visitorSees.items).toMatchObject([{ html: '<p>Capitu tinha olhos de ressaca.</p>\n', spoiler: true, visibility: 'publico' }]);

    await publishReview(viewer, id, { body: 'Traiu ou não traiu? ||Não se sabe.||', spoiler: true, visibility: 'seguidores' });
    const mine = await getMyReview(viewer, id);
    expect(mine).toMatchObject({ visibility: 'seguidores', draftBody: null, publishedAt: firstPublished });
    expect((await listEditionReviews(null, id, 1)).total).toBe(0);
    expect((await listEditionReviews(viewer, id, 1)).items[0]?.html).toBe(
      '<p>Traiu ou não traiu? <span class="spoiler" tabindex="0" title="Spoiler">Não se sabe.</span></p>\n',
    );
  });

  it('unpublishing keeps the text as a draft, deleting removes it all', async () => {
    const id = await edition();
    const { viewer } = await readerWith(id);
    await publishReview(viewer, id, { body: 'Bentinho não é confiável.', spoiler: false, visibility: 'publico' });
    await unpublishReview(viewer, id);
    expect(await getMyReview(viewer, id)).toMatchObject({ body: null, publishedAt: null, draftBody: 'Bentinho não é confiável.' });
    expect((await listEditionReviews(null, id, 1)).total).toBe(0);
    await expect(unpublishReview(viewer, id)).rejects.toMatchObject({ code: 'invalid_input', message: 'Esta resenha não está publicada.' });
    await deleteReview(viewer, id);
    expect(await getMyReview(viewer, id)).toBeNull();
    await expect(deleteReview(viewer, id)).rejects.toMatchObject({ message: 'Não há resenha para excluir.' });
  });

  it('let only the entry’s reader write, publish, unpublish or delete it', async () => {
    const id = await edition();
    const { viewer } = await readerWith(id);
    const other = testViewer(await createUser());
    await publishReview(viewer, id, { body: 'Minha resenha.', spoiler: false, visibility: 'publico' });
    const review = { body: 'Sobrescrevi?', spoiler: false, visibility: 'publico' as const };
    for (const attempt of [
      () => saveReviewDraft(other, id, review),
      () => publishReview(other, id, review),
      () => unpublishReview(other, id),
      () => deleteReview(other, id),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'invalid_input', message: 'Coloque o livro na sua estante antes de escrever a resenha.' });
    }
    await expect(setReadingTraits(other, id, { moods: ['sad'], pacing: 'slow', contentWarnings: [] })).rejects.toMatchObject({ code: 'invalid_input' });
    // Another reader with the same book only ever reaches their own entry.
    await setShelfStatus(other, id, 'reading');
    await expect(unpublishReview(other, id)).rejects.toMatchObject({ message: 'Esta resenha não está publicada.' });
    await expect(deleteReview(other, id)).rejects.toMatchObject({ message: 'Não há resenha para excluir.' });
    expect(await getMyReview(viewer, id)).toMatchObject({ body: 'Minha resenha.' });
    expect((await listEditionReviews(null, id, 1)).total).toBe(1);
  });

  it('refuse an empty publication and text past the limit, in Portuguese, next to the field', async () => {
    const id = await edition();
    const { viewer } = await readerWith(id);
    await expect(publishReview(viewer, id, { body: '   ', spoiler: false, visibility: 'publico' })).rejects.toMatchObject({
      field: 'body',
      message: 'Escreva a resenha antes de publicar.',
    });
    const long = 'a'.repeat(REVIEW_BODY_MAX + 1);
    await expect(saveReviewDraft(viewer, id, { body: long, spoiler: false, visibility: 'publico' })).rejects.toMatchObject({
      field: 'body',
      message: 'A resenha pode ter até 20.000 caracteres.',
    });
    await saveReviewDraft(viewer, id, { body: 'a'.repeat(REVIEW_BODY_MAX), spoiler: false, visibility: 'publico' });
    // The table refuses it too, whoever writes.
    await expect(getDb().execute(sql`UPDATE reviews SET draft_body = repeat('b', 20001)`)).rejects.toThrow();
  });
});

describe('moods, pacing and content warnings', () => {
  const form = (fields: Record<string, unknown>) => {
    const schema = reviewActionInputs[0];
    return schema.safeParse({ intent: 'rascunho', visibility: 'publico', ...fields });
  };

  it('normalise warnings (suggestions keep their spelling), and say what is wrong in Portuguese', async () => {
    const parsed = form({
      moods: ['sombrio', 'reflexivo'],
      pacing: 'lento',
      contentWarnings: { kept: ['morte'], typed: ' Luto ,  VIOLÊNCIA  doméstica, lgbtfobia, morte, ' },
    });
    expect(parsed.success && parsed.data).toMatchObject({
      moods: ['dark', 'reflective'],
      pacing: 'slow',
      contentWarnings: ['morte', 'luto', 'violência doméstica', 'LGBTfobia'],
    });
    const issue = (fields: Record<string, unknown>) => (form(fields).error?.issues ?? []).map((i) => [i.path[0], i.message]);
    expect(issue({ moods: ['feliz'] })).toEqual([['moods', 'Escolha climas da lista.']]);
    expect(issue({ pacing: 'devagar' })).toEqual([['pacing', 'Escolha lento, médio ou rápido.']]);
    expect(issue({ contentWarnings: { kept: [], typed: 'x'.repeat(41) } })).toEqual([
      ['contentWarnings', 'Cada aviso pode ter até 40 caracteres (“xxxxxxxxxxxxxxxxxxxx…” passou).'],
    ]);
    expect(issue({ contentWarnings: { kept: [], typed: Array.from({ length: 11 }, (_, i) => `aviso ${i}`).join(',') } })).toEqual([
      ['contentWarnings', 'Use no máximo 10 avisos de conteúdo.'],
    ]);
    expect(issue({ body: 'a'.repeat(REVIEW_BODY_MAX + 1) })).toEqual([['body', 'A resenha pode ter até 20.000 caracteres.']]);
  });

  it('are stored on the entry and shown with the review', async () => {
    const id = await edition();
    const { viewer } = await readerWith(id);
    await setReadingTraits(viewer, id, { moods: ['dark', 'tense'], pacing: 'fast', contentWarnings: ['morte'] });
    expect(await getMyShelfEntry(viewer, id)).toMatchObject({ moods: ['dark', 'tense'], pacing: 'fast', contentWarnings: ['morte'] });
    await publishReview(viewer, id, { body: 'Ok.', spoiler: false, visibility: 'publico' });
    expect((await listEditionReviews(null, id, 1)).items).toMatchObject([{ moods: ['dark', 'tense'], pacing: 'fast', contentWarnings: ['morte'] }]);
    await expect(
      setReadingTraits(viewer, id, { moods: [], pacing: null, contentWarnings: Array.from({ length: 11 }, (_, i) => `a${i}`) }),
    ).rejects.toMatchObject({ field: 'contentWarnings' });
  });
});

describe('who sees a review and a reader (PRODUCT.md §1.3, through the audience module)', () => {
  for (const profile of ['publico', 'restrito'] as const) {
    it(`on a ${profile} profile`, async () => {
      const id = await edition();
      const { user: author, viewer } = await readerWith(id);
      const [follower, stranger, blocked] = [await createUser(), await createUser(), await createUser()];
      const db = getDb();
      await db.execute(sql`UPDATE users SET profile_visibility = ${profile} WHERE id = ${author.id}`);
      await db.insert(follows).values({ followerId: follower.id, followeeId: author.id, status: 'accepted' });
      await db.insert(blocks).values({ blockerId: blocked.id, blockedId: author.id });
      const viewers = { owner: viewer, follower: testViewer(follower), stranger: testViewer(stranger), visitor: null, blocked: testViewer(blocked) };

      for (const visibility of VISIBILITIES) {
        await publishReview(viewer, id, { body: `Visível para: ${visibility}`, spoiler: false, visibility });
        for (const [who, as] of Object.entries(viewers) as [keyof typeof viewers, (typeof viewers)[keyof typeof viewers]][]) {
          const page = await listEditionReviews(as, id, 1);
          const sees = EXPECTED[profile][who][visibility];
          expect({ who, visibility, sees: page.items.length === 1, total: page.total }).toEqual({ who, visibility, sees, total: sees ? 1 : 0 });
        }
      }
      // Readers: a shelf entry is a public item of its reader.
      for (const [who, as] of Object.entries(viewers) as [keyof typeof viewers, (typeof viewers)[keyof typeof viewers]][]) {
        const readers = await listEditionReaders(as, id, 1);
        expect({ who, sees: readers.items.some((r) => r.username === author.username) }).toEqual({ who, sees: EXPECTED[profile][who].publico });
      }
      // A suspended author's reviews disappear for everyone else.
      await db.execute(sql`UPDATE users SET suspended_at = now() WHERE id = ${author.id}`);
      expect((await listEditionReviews(testViewer(follower), id, 1)).total).toBe(0);
    });
  }

  it('list the newest first, page by page, with the rating and the readers’ status', async () => {
    const id = await edition();
    const readers = [];
    for (let i = 0; i < 22; i += 1) {
      const reader = await readerWith(id);
      await getDb().execute(sql`UPDATE shelf_entries SET rating_quarters = ${(i % 20) + 1} WHERE user_id = ${reader.user.id}`);
      await publishReview(reader.viewer, id, { body: `Resenha ${i}`, spoiler: false, visibility: 'publico' });
      await getDb().execute(sql`UPDATE reviews SET published_at = now() - make_interval(mins => ${22 - i}) WHERE user_id = ${reader.user.id}`);
      readers.push(reader);
    }
    const first = await listEditionReviews(null, id, 1);
    expect(first).toMatchObject({ total: 22, pageSize: 20 });
    expect(first.items[0]).toMatchObject({ html: '<p>Resenha 21</p>\n', rating: 0.5 });
    expect((await listEditionReviews(null, id, 2)).items.map((r) => r.html)).toEqual(['<p>Resenha 1</p>\n', '<p>Resenha 0</p>\n']);
    const shelf = await listEditionReaders(null, id, 1);
    expect(shelf.total).toBe(22);
    expect(shelf.items[0]).toMatchObject({ status: 'read' });
  });
});

describe('edition merges', () => {
  it('keep every review: the loser’s goes to the survivor’s entry when that has none, with its moods', async () => {
    const [survivor, loser] = [await edition(), await edition()];
    const curator = testViewer(await createUser({ role: 'curator' }), 'curator');
    const both = testViewer(await createUser());
    const onlyLoser = testViewer(await createUser());
    await setShelfStatus(both, survivor, 'reading');
    await setShelfStatus(both, loser, 'read');
    await setShelfStatus(onlyLoser, loser, 'read');
    await setReadingTraits(both, loser, { moods: ['sad'], pacing: 'slow', contentWarnings: ['luto'] });
    await publishReview(both, loser, { body: 'Li a outra edição.', spoiler: false, visibility: 'publico' });
    await publishReview(onlyLoser, loser, { body: 'Só tenho esta.', spoiler: false, visibility: 'publico' });

    await mergeEditions(curator, loser, survivor);

    expect(await getMyReview(both, survivor)).toMatchObject({ body: 'Li a outra edição.' });
    expect(await getMyShelfEntry(both, survivor)).toMatchObject({ moods: ['sad'], pacing: 'slow', contentWarnings: ['luto'] });
    expect((await listEditionReviews(null, survivor, 1)).items.map((r) => r.html).sort()).toEqual(['<p>Li a outra edição.</p>\n', '<p>Só tenho esta.</p>\n']);
  });
});
