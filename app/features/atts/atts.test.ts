import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { blocks, follows } from '~/db/schema';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { logProgress } from '~/features/reading/progress/progress.server';
import type { Visibility } from '~/features/social/vocabulary';
import { getStorage } from '~/integrations/storage/storage.server';
import { countQueries } from '~/server/query-count.server';
import { hitRateLimit } from '~/server/rate-limit.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer, type TestUser } from '../../../test/factories';
import { ATTS_RATE_LIMIT, type NewAtt, addComment, deleteAtt, deleteComment, postAtt, prepareAtt, publishAtt, toggleReaction } from './mutations.server';
import { ATTS_PAGE_SIZE } from './policy';
import { FEED_RECENT_WINDOW, getAtt, getAttImage, listAtts } from './queries.server';
import type { AttCard } from './types';
import { encodeCursor, feedParams } from './validation';

useTestDatabase();

const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });
const photo = (background: string, width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
const blob = (buffer: Buffer, type = 'image/jpeg') => new Blob([new Uint8Array(buffer)], { type });

async function finishedAtt(author: Viewer, editionId: string, extra: Partial<NewAtt> = {}): Promise<string> {
  return postAtt(author, { editionId, kind: 'finished', text: 'Terminei!', spoiler: false, visibility: 'publico', images: [], ...extra });
}

async function readBook(viewer: Viewer, editionId: string) {
  await setShelfStatus(viewer, editionId, 'read');
}

describe('atts', () => {
  for (const profile of ['publico', 'restrito'] as const) {
    it(`show an att and its photos only to its audience, by direct URL too, on a ${profile} profile`, async () => {
      const [author, follower, stranger, blocked] = await Promise.all([createUser({ verified: true }), createUser(), createUser(), createUser()]);
      const editionId = await createEdition({ title: 'Vidas Secas', authors: ['Graciliano Ramos'] });
      const db = getDb();
      await db.execute(sql`UPDATE users SET profile_visibility = ${profile} WHERE id = ${author.id}`);
      await db.insert(follows).values([
        { followerId: follower.id, followeeId: author.id, status: 'accepted' },
        { followerId: blocked.id, followeeId: author.id, status: 'accepted' },
      ]);
      await db.insert(blocks).values({ blockerId: author.id, blockedId: blocked.id });
      const writer = verified(author);
      await readBook(writer, editionId);
      const ids = {} as Record<Visibility, string>;
      for (const visibility of ['publico', 'seguidores', 'privado'] as const) {
        ids[visibility] = await finishedAtt(writer, editionId, { visibility, images: [blob(await photo('#1D4E7A'))] });
      }
      const expected: Record<string, Record<Visibility, boolean>> = {
        owner: { publico: true, seguidores: true, privado: true },
        follower: { publico: true, seguidores: true, privado: false },
        stranger: { publico: profile === 'publico', seguidores: false, privado: false },
        visitor: { publico: profile === 'publico', seguidores: false, privado: false },
        blocked: { publico: false, seguidores: false, privado: false },
      };
      const viewers: Record<string, Viewer | null> = {
        owner: writer,
        follower: testViewer(follower),
        stranger: testViewer(stranger),
        visitor: null,
        blocked: testViewer(blocked),
      };
      for (const [who, viewer] of Object.entries(viewers)) {
        const listed = (await listAtts(viewer, { kind: 'all' })).items.map((a) => a.id);
        const onEdition = (await listAtts(viewer, { kind: 'edition', editionId })).items.map((a) => a.id);
        for (const visibility of ['publico', 'seguidores', 'privado'] as const) {
          const sees = expected[who]![visibility];
          const id = ids[visibility];
          expect({ who, visibility, page: (await getAtt(viewer, id)) !== null }).toEqual({ who, visibility, page: sees });
          expect({ who, visibility, image: (await getAttImage(viewer, id, 1)) !== null }).toEqual({ who, visibility, image: sees });
          expect({ who, visibility, listed: listed.includes(id), onEdition: onEdition.includes(id) }).toEqual({
            who,
            visibility,
            listed: sees,
            onEdition: sees,
          });
        }
      }
      // The photo is the re-encoded WebP, and a position without a photo is missing.
      const file = await getAttImage(testViewer(follower), ids.publico, 1);
      expect(file?.contentType).toBe('image/webp');
      expect(await getAttImage(writer, ids.publico, 2)).toBeNull();
      // seguindo: the author gets all of their own, the follower all but the private one, the stranger nothing,
      // and the blocked reader nothing although their follow is still there.
      const following = async (viewer: Viewer | null) => (await listAtts(viewer, { kind: 'following' })).items.map((a) => a.id).sort();
      expect(await following(writer)).toEqual(Object.values(ids).sort());
      expect(await following(testViewer(follower))).toEqual([ids.publico, ids.seguidores].sort());
      expect(await following(testViewer(stranger))).toEqual([]);
      expect(await following(testViewer(blocked))).toEqual([]);
      expect(await following(null)).toEqual([]);
      // A suspended author drops out of their followers' feed; they still see their own.
      await db.execute(sql`UPDATE users SET suspended_at = now() WHERE id = ${author.id}`);
      expect(await following(testViewer(follower))).toEqual([]);
      expect(await following(writer)).toEqual(Object.values(ids).sort());
    });
  }

  it('keep the photos away from /arquivos and take a moderated att down for everyone but its author', async () => {
    const author = verified(await createUser({ verified: true }));
    const editionId = await createEdition({ title: 'Quarto de Despejo', authors: ['Carolina Maria de Jesus'] });
    await readBook(author, editionId);
    const id = await finishedAtt(author, editionId, { images: [blob(await photo('#B84A2E'))] });
    const [image] = await queryRows<{ storage_key: string }>(sql`SELECT storage_key FROM att_images WHERE att_id = ${id}`);
    expect(image?.storage_key).toMatch(/^privado\/atts\//);
    await getDb().execute(sql`UPDATE atts SET hidden_at = now() WHERE id = ${id}`);
    expect(await getAtt(null, id)).toBeNull();
    expect(await getAttImage(null, id, 1)).toBeNull();
    expect((await listAtts(null, { kind: 'all' })).items).toEqual([]);
    expect(await getAtt(author, id)).not.toBeNull();
    // Deleting the att removes its photo from the storage, not only the row that served it.
    expect(await getStorage().get(image?.storage_key ?? '')).not.toBeNull();
    await deleteAtt(author, id);
    expect(await getStorage().get(image?.storage_key ?? '')).toBeNull();
  });

  it('are posted by verified readers only, at most 60 an hour', async () => {
    const reader = await createUser();
    const editionId = await createEdition({ title: 'Capitães da Areia', authors: ['Jorge Amado'] });
    await readBook(testViewer(reader), editionId);
    await expect(finishedAtt(testViewer(reader), editionId)).rejects.toMatchObject({
      code: 'email_not_verified',
      message: expect.stringContaining('Confirme seu e-mail'),
    });
    const author = verified(reader);
    for (let i = 0; i < 59; i += 1) await hitRateLimit(ATTS_RATE_LIMIT, author.id);
    await finishedAtt(author, editionId);
    await expect(finishedAtt(author, editionId)).rejects.toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: expect.any(Number),
      message: expect.stringContaining('limite de 60 atts por hora'),
    });
    expect((await listAtts(author, { kind: 'all' })).items).toHaveLength(1);
  });

  it('refuse photos that break the image rules with a Portuguese message, before anything is written', async () => {
    const author = verified(await createUser({ verified: true }));
    const editionId = await createEdition({ title: 'A Hora da Estrela', authors: ['Clarice Lispector'] });
    await readBook(author, editionId);
    const good = blob(await photo('#2C6E49'));
    const attempt = (images: Blob[], text = '') => finishedAtt(author, editionId, { images, text });
    await expect(attempt([blob(Buffer.from('não sou uma imagem'), 'image/png')])).rejects.toMatchObject({
      field: 'fotos',
      message: 'A foto não é uma imagem JPEG, PNG, WebP ou GIF.',
    });
    await expect(attempt([good, blob(Buffer.from('GIF89a quebrado'), 'image/gif')])).rejects.toMatchObject({
      field: 'fotos',
      message: 'A foto 2 não é uma imagem JPEG, PNG, WebP ou GIF.',
    });
    await expect(attempt([good, good, good, good, good])).rejects.toMatchObject({ field: 'fotos', message: 'Envie no máximo 4 fotos.' });
    await expect(attempt([blob(Buffer.alloc(5 * 1024 * 1024 + 1))])).rejects.toMatchObject({
      code: 'image_too_large',
      message: 'A foto passa do limite de 5 MB.',
    });
    await expect(attempt([], 'x'.repeat(1001))).rejects.toMatchObject({ field: 'attText', message: 'Use no máximo 1.000 caracteres.' });
    expect((await listAtts(author, { kind: 'all' })).items).toEqual([]);
    const id = await attempt([good, good, good, good]);
    expect((await getAtt(author, id))?.images.map((i) => i.url)).toEqual([1, 2, 3, 4].map((n) => `/att/${id}/imagens/${n}`));
  });

  it('link a progress att to the reader’s own update only, and publish a prepared att once', async () => {
    const author = verified(await createUser({ verified: true }));
    const other = verified(await createUser({ verified: true }));
    const editionId = await createEdition({ title: 'Torto Arado', authors: ['Itamar Vieira Junior'], pages: 264 });
    const { entryId } = await logProgress(author, editionId, { value: 66, unit: 'page', comment: null, emotion: 'tense', spoiler: false });
    const base = { editionId, kind: 'progress' as const, text: '', spoiler: false, visibility: 'publico' as const, images: [] };
    await expect(postAtt(other, { ...base, progressEntryId: entryId })).rejects.toMatchObject({ code: 'not_found' });
    await expect(finishedAtt(other, editionId)).rejects.toMatchObject({ message: 'Marque o livro como lido para publicar que terminou.' });
    const prepared = await prepareAtt(author, base);
    await expect(publishAtt(other, prepared, entryId)).rejects.toMatchObject({ code: 'forbidden' });
    const id = await publishAtt(author, prepared, entryId);
    await expect(publishAtt(author, prepared, entryId)).rejects.toMatchObject({ code: 'forbidden' });
    expect(await getAtt(null, id)).toMatchObject({ kind: 'progress', progress: { value: 66, unit: 'page', emotion: 'tense' } });
  });

  it('take reactions and comments from those who may see the att, notify its author, and let only the right people delete', async () => {
    const [a, f, s, b] = await Promise.all([
      createUser({ verified: true }),
      createUser({ verified: true }),
      createUser({ verified: true }),
      createUser({ verified: true }),
    ]);
    const [author, friend, stranger, blocked] = [verified(a), verified(f), verified(s), verified(b)];
    const editionId = await createEdition({ title: 'Grande Sertão: Veredas', authors: ['João Guimarães Rosa'] });
    await getDb().insert(follows).values({ followerId: friend.id, followeeId: author.id, status: 'accepted' });
    await getDb().insert(blocks).values({ blockerId: blocked.id, blockedId: author.id });
    await readBook(author, editionId);
    const id = await finishedAtt(author, editionId, { visibility: 'seguidores' });
    const notifications = async (userId: string) =>
      queryRows<{ kind: string; text: string; link: string }>(
        sql`SELECT kind, text, link FROM notifications WHERE user_id = ${userId} ORDER BY created_at, id`,
      );

    expect(await toggleReaction(friend, id, 'heart')).toEqual({ reacted: true });
    expect(await toggleReaction(friend, id, 'clap')).toEqual({ reacted: true });
    expect(await toggleReaction(friend, id, 'clap')).toEqual({ reacted: false });
    expect(await toggleReaction(author, id, 'heart')).toEqual({ reacted: true });
    const commentId = await addComment(friend, id, '  Que livro!  ');
    // Who may not: a stranger (seguidores only), a blocked reader, an unverified reader.
    await expect(toggleReaction(stranger, id, 'heart')).rejects.toMatchObject({ code: 'not_found' });
    await expect(addComment(stranger, id, 'Oi')).rejects.toMatchObject({ code: 'not_found' });
    await expect(toggleReaction(blocked, id, 'heart')).rejects.toMatchObject({ code: 'not_found' });
    await expect(addComment(blocked, id, 'Oi')).rejects.toMatchObject({ code: 'not_found' });
    await expect(addComment({ ...friend, emailVerified: false }, id, 'Oi')).rejects.toMatchObject({ code: 'email_not_verified' });
    await expect(addComment(friend, id, 'x'.repeat(2001))).rejects.toMatchObject({ field: 'comment', message: 'Use no máximo 2.000 caracteres.' });

    const page = await getAtt(friend, id);
    expect(page?.reactions.filter((r) => r.count > 0)).toEqual([{ kind: 'heart', count: 2, mine: true }]);
    expect(page?.comments).toMatchObject([{ id: commentId, text: 'Que livro!', mayDelete: true }]);
    expect((await notifications(author.id)).map((n) => n.kind)).toEqual(['att_reaction', 'att_reaction', 'att_comment']);
    expect((await notifications(author.id))[2]).toEqual({
      kind: 'att_comment',
      text: `@${friend.username} comentou na sua att sobre “Grande Sertão: Veredas”.`,
      link: `/att/${id}#comentarios`,
    });

    // Deleting: not the stranger's to delete (cannot even see it), the author may delete any comment on their att.
    await expect(deleteComment(stranger, commentId)).rejects.toMatchObject({ code: 'not_found' });
    const second = await addComment(author, id, 'Obrigada!');
    await expect(deleteComment(friend, second)).rejects.toMatchObject({ code: 'forbidden' });
    await deleteComment(author, commentId);
    await deleteComment(author, second);
    await expect(deleteComment(author, second)).rejects.toMatchObject({ code: 'not_found' });
    expect((await getAtt(friend, id))?.comments).toEqual([]);
    await expect(deleteAtt(friend, id)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(deleteAtt(blocked, id)).rejects.toMatchObject({ code: 'not_found' });
    await deleteAtt(author, id);
    expect(await getAtt(author, id)).toBeNull();
  });

  it('hide comments from someone the viewer is blocked with', async () => {
    const [author, friend, other] = (await Promise.all([createUser({ verified: true }), createUser({ verified: true }), createUser({ verified: true })])).map(
      verified,
    );
    const editionId = await createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'] });
    await readBook(author!, editionId);
    const id = await finishedAtt(author!, editionId);
    await addComment(friend!, id, 'Capitu traiu?');
    await addComment(other!, id, 'Nunca saberemos.');
    await getDb().insert(blocks).values({ blockerId: other!.id, blockedId: friend!.id });
    expect((await getAtt(friend!, id))?.comments.map((c) => c.text)).toEqual(['Capitu traiu?']);
    expect((await getAtt(null, id))?.comments.map((c) => c.text)).toEqual(['Capitu traiu?', 'Nunca saberemos.']);
    expect((await listAtts(friend!, { kind: 'all' })).items[0]?.commentCount).toBe(1);
  });

  it('page through a feed by cursor with no duplicates and no gaps, hidden atts filtered inside the query', async () => {
    const author = verified(await createUser({ verified: true }));
    const viewer = testViewer(await createUser());
    const editionId = await createEdition({ title: 'Memórias Póstumas de Brás Cubas', authors: ['Machado de Assis'] });
    await readBook(author, editionId);
    const visible: string[] = [];
    const total = ATTS_PAGE_SIZE * 2 + 5;
    for (let i = 0; i < total; i += 1) {
      const id = await finishedAtt(author, editionId, { visibility: i % 3 === 0 ? 'privado' : 'publico', images: [] });
      if (i % 3 !== 0) visible.push(id);
    }
    // Ties on created_at are broken by id: give a whole run the same instant.
    await getDb().execute(sql`UPDATE atts SET created_at = '2026-01-01T12:00:00.123456Z' WHERE id IN (SELECT id FROM atts ORDER BY id LIMIT 15)`);
    const seen: AttCard[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const params = feedParams.parse(cursor ? { cursor } : {});
      const page = await listAtts(viewer, { kind: 'all' }, { cursor: params.cursor ?? null });
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen.map((a) => a.id).sort()).toEqual([...visible].sort());
    expect(new Set(seen.map((a) => a.id)).size).toBe(seen.length);
    const order = await queryRows<{ id: string }>(sql`SELECT id FROM atts WHERE visibility = 'publico' ORDER BY created_at DESC, id DESC`);
    expect(seen.map((a) => a.id)).toEqual(order.map((r) => r.id));
    // A cursor that is not ours is ignored: the first page again.
    expect(feedParams.parse({ cursor: 'nada-disso' }).cursor).toBeUndefined();
    expect(feedParams.parse({ cursor: encodeCursor({ createdAt: "'; DROP TABLE atts; --", id: 'x' }) }).cursor).toBeUndefined();
  });

  it('page through `seguindo` across several readers exactly as one sorted list of what the viewer may see', async () => {
    const fresh = () => createUser({ verified: true });
    const [me, a, b, c, stranger, blocker, blockedByMe, suspended] = await Promise.all([
      fresh(),
      fresh(),
      fresh(),
      fresh(),
      fresh(),
      fresh(),
      fresh(),
      fresh(),
    ]);
    const editionId = await createEdition({ title: 'Quincas Borba', authors: ['Machado de Assis'] });
    // Followed, but one blocked me, I blocked one and one is suspended: none of them is in my feed.
    for (const author of [a, b, blocker, blockedByMe, suspended])
      await getDb().insert(follows).values({ followerId: me.id, followeeId: author.id, status: 'accepted' });
    // c only asked: pending is no follow. The stranger is not followed at all.
    await getDb().insert(follows).values({ followerId: me.id, followeeId: c.id, status: 'pending' });
    const visibilities: Visibility[] = ['publico', 'seguidores', 'privado'];
    for (const author of [me, a, b, c, stranger, blocker, blockedByMe, suspended].map((u) => verified(u))) {
      await readBook(author, editionId);
      for (let i = 0; i < 11; i += 1) await finishedAtt(author, editionId, { visibility: visibilities[i % 3] });
    }
    // Interleave the readers' atts in time, with runs of ties broken by id, and take one down.
    await getDb().execute(sql`UPDATE atts SET created_at = '2026-03-01T00:00:00Z'::timestamptz + (abs(hashtext(id)) % 7) * interval '1 hour'`);
    await getDb().execute(
      sql`UPDATE atts SET hidden_at = now() WHERE id = (SELECT id FROM atts WHERE author_id = ${a.id} AND visibility = 'publico' ORDER BY id LIMIT 1)`,
    );
    await getDb()
      .insert(blocks)
      .values([
        { blockerId: blocker.id, blockedId: me.id },
        { blockerId: me.id, blockedId: blockedByMe.id },
      ]);
    await getDb().execute(sql`UPDATE users SET suspended_at = now() WHERE id = ${suspended.id}`);
    const viewer = verified(me);
    // The page comes from the site's first atts in the feed's order when they hold it (one statement), else from
    // each author's own (a second one): every page must be the same either way, wherever the window ends.
    const pageThrough = async (recentWindow: number) => {
      const seen: string[] = [];
      const statements: number[] = [];
      let cursor: string | null = null;
      do {
        const { result: page, queries } = await countQueries(() =>
          listAtts(viewer, { kind: 'following' }, { cursor: feedParams.parse(cursor ? { cursor } : {}).cursor ?? null, recentWindow }),
        );
        seen.push(...page.items.map((item) => item.id));
        statements.push(queries);
        cursor = page.nextCursor;
      } while (cursor && statements.length < 10);
      return { seen, statements };
    };
    const expected = await queryRows<{ id: string }>(sql`
      SELECT id FROM atts WHERE hidden_at IS NULL AND (author_id = ${me.id} OR (author_id IN (${a.id}, ${b.id}) AND visibility <> 'privado'))
      ORDER BY created_at DESC, id DESC`);
    expect(expected.length).toBeGreaterThan(ATTS_PAGE_SIZE);
    const whole = await pageThrough(FEED_RECENT_WINDOW);
    expect(whole.seen).toEqual(expected.map((r) => r.id));
    expect(whole.statements[0]).toBe(1);
    const eachAuthor = await pageThrough(1);
    expect(eachAuthor.seen).toEqual(expected.map((r) => r.id));
    expect(eachAuthor.statements[0]).toBe(2);
    // The first page needs one att more than it shows (for the cursor): a window ending exactly on it holds the
    // page, one att shorter does not.
    const order = await queryRows<{ id: string }>(sql`SELECT id FROM atts ORDER BY created_at DESC, id DESC`);
    const cut = order.findIndex((row) => row.id === expected[ATTS_PAGE_SIZE]?.id) + 1;
    const atCut = await pageThrough(cut);
    const shortOfIt = await pageThrough(cut - 1);
    expect([atCut.statements[0], shortOfIt.statements[0]]).toEqual([1, 2]);
    expect(atCut.seen).toEqual(expected.map((r) => r.id));
    expect(shortOfIt.seen).toEqual(expected.map((r) => r.id));
  });

  it('filter to atts with photos', async () => {
    const author = verified(await createUser({ verified: true }));
    const editionId = await createEdition({ title: 'O Cortiço', authors: ['Aluísio Azevedo'] });
    await readBook(author, editionId);
    await finishedAtt(author, editionId);
    const withPhoto = await finishedAtt(author, editionId, { images: [blob(await photo('#8A5A00'))] });
    expect((await listAtts(null, { kind: 'all' }, { withPhotos: true })).items.map((a) => a.id)).toEqual([withPhoto]);
    expect((await listAtts(null, { kind: 'all' })).items).toHaveLength(2);
  });
});
