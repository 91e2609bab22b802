import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { clubMembers, clubPlans, clubs } from '~/db/schema';
import { type ClubCast, clubPost, createClubCast } from '../../../../test/club-fixtures';
import { useTestDatabase } from '../../../../test/db';
import { RateLimitError } from '~/server/errors';
import { hitRateLimit } from '~/server/rate-limit.server';
import { createClub } from '../mutations.server';
import { CLUB_COMMENTS_PER_HOUR, CLUB_POSTS_PER_HOUR, canReadPost } from '../policy';
import { standingOf } from '../standing.server';
import {
  CLUB_COMMENTS_RATE_LIMIT,
  PINNED_MAX,
  addClubPostComment,
  createClubPost,
  deleteClubPost,
  deleteClubPostComment,
  editClubPost,
  setClubPostPinned,
  toggleClubPostReaction,
} from './mutations.server';
import { getClubPost, listClubPosts } from './queries.server';

useTestDatabase();

const READERS = ['naoMembro', 'pendente', 'convidado', 'membro', 'membroComPlano', 'moderador', 'admin', 'dono', 'banido', 'adminDoSite'] as const;

async function titlesFor(cast: ClubCast, who: (typeof READERS)[number] | null) {
  const page = await listClubPosts(who ? cast.viewers[who] : null, cast.club.id, 'post');
  return [...page.pinned, ...page.items].map((p) => p.title).sort();
}

describe('club posts: who may publish', () => {
  it('lets the staff publish, members only when the club allows, and no one else', async () => {
    const cast = await createClubCast('aberto');
    const { viewers, club } = cast;
    for (const who of ['moderador', 'admin', 'dono'] as const) await createClubPost(viewers[who], club.id, clubPost(`Post de ${who}`));
    for (const who of ['membro', 'membroComPlano', 'naoMembro', 'pendente', 'convidado', 'adminDoSite'] as const) {
      await expect(createClubPost(viewers[who], club.id, clubPost('Não'))).rejects.toMatchObject({ code: 'forbidden' });
    }
    await expect(createClubPost(viewers.banido, club.id, clubPost('Não'))).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Você foi banido deste clube.',
    });
    await getDb().update(clubs).set({ membersCanPost: true }).where(eq(clubs.id, club.id));
    await createClubPost(viewers.membro, club.id, clubPost('Post de membro'));
    await expect(createClubPost(viewers.naoMembro, club.id, clubPost('Não'))).rejects.toMatchObject({ code: 'forbidden' });
    await expect(createClubPost({ ...viewers.dono, emailVerified: false }, club.id, clubPost('Não'))).rejects.toMatchObject({ code: 'email_not_verified' });
    // A plan of another club (or an archived one) is refused next to its field.
    const other = await createClubCast('aberto');
    await expect(createClubPost(viewers.dono, club.id, clubPost('Plano alheio', 'plano', other.plans.paid))).rejects.toMatchObject({ field: 'minPlanId' });
    await getDb().update(clubPlans).set({ archivedAt: new Date() }).where(eq(clubPlans.id, cast.plans.free));
    await expect(createClubPost(viewers.dono, club.id, clubPost('Arquivado', 'plano', cast.plans.free))).rejects.toMatchObject({ field: 'minPlanId' });
    expect(await titlesFor(cast, 'dono')).toEqual(['Post de admin', 'Post de dono', 'Post de membro', 'Post de moderador']);
  });

  it('answers not_found for a private club to outsiders, the banned included', async () => {
    const { viewers, club } = await createClubCast('privado');
    for (const who of ['naoMembro', 'pendente', 'banido', 'adminDoSite'] as const) {
      await expect(createClubPost(viewers[who], club.id, clubPost('Não'))).rejects.toMatchObject({ code: 'not_found' });
      await expect(listClubPosts(viewers[who], club.id, 'post')).rejects.toMatchObject({ code: 'not_found' });
    }
    await expect(listClubPosts(null, club.id, 'post')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('club posts: visibility by plan', () => {
  it('lists, inside the query, only what each reader may read, as canReadPost says', async () => {
    const cast = await createClubCast('moderado');
    const { viewers, club, plans } = cast;
    await createClubPost(viewers.dono, club.id, clubPost('Público', 'publico'));
    await createClubPost(viewers.dono, club.id, clubPost('Membros', 'membros'));
    await createClubPost(viewers.dono, club.id, clubPost('Plano Leitor', 'plano', plans.free));
    await createClubPost(viewers.dono, club.id, clubPost('Plano Mecenas', 'plano', plans.paid));
    const everything = ['Membros', 'Plano Leitor', 'Plano Mecenas', 'Público'];
    expect(await titlesFor(cast, null)).toEqual(['Público']);
    expect(await titlesFor(cast, 'naoMembro')).toEqual(['Público']);
    expect(await titlesFor(cast, 'pendente')).toEqual(['Público']);
    expect(await titlesFor(cast, 'adminDoSite')).toEqual(['Público']);
    expect(await titlesFor(cast, 'banido')).toEqual([]);
    expect(await titlesFor(cast, 'membro')).toEqual(['Membros', 'Público']);
    expect(await titlesFor(cast, 'membroComPlano')).toEqual(everything);
    for (const who of ['moderador', 'admin', 'dono'] as const) expect(await titlesFor(cast, who)).toEqual(everything);

    // The SQL and the policy agree for every reader and every post.
    const rows = await queryRows<{ id: string; visibility: 'publico' | 'membros' | 'plano'; author_id: string; position: number | null }>(sql`
      SELECT p.id, p.visibility, p.author_id, mp.position FROM club_posts p LEFT JOIN club_plans mp ON mp.id = p.min_plan_id WHERE p.club_id = ${club.id}`);
    for (const who of READERS) {
      const standing = await standingOf(getDb(), club.id, cast.users[who].id);
      const listed = new Set([...(await listClubPosts(viewers[who], club.id, 'post')).items].map((p) => p.id));
      for (const row of rows) {
        const readable = canReadPost({ visibility: row.visibility, minPlanPosition: row.position, authorId: row.author_id }, standing, cast.users[who].id);
        expect([who, row.id, listed.has(row.id)]).toEqual([who, row.id, readable]);
        expect([who, row.id, (await getClubPost(viewers[who], club.id, 'post', row.id)) !== null]).toEqual([who, row.id, readable]);
      }
    }

    // A plan that ended no longer reads its posts; a member who posts reads their own plan post.
    await getDb()
      .update(clubMembers)
      .set({ planEndsAt: new Date(Date.now() - 1000) })
      .where(and(eq(clubMembers.clubId, club.id), eq(clubMembers.userId, cast.users.membroComPlano.id)));
    expect(await titlesFor(cast, 'membroComPlano')).toEqual(['Membros', 'Público']);
    await getDb().update(clubs).set({ membersCanPost: true }).where(eq(clubs.id, club.id));
    await createClubPost(viewers.membro, club.id, clubPost('Meu post Mecenas', 'plano', plans.paid));
    expect(await titlesFor(cast, 'membro')).toEqual(['Membros', 'Meu post Mecenas', 'Público']);
  });

  it('pages the newest first with the pinned ones above, and keeps at most PINNED_MAX pinned', async () => {
    const { viewers, club } = await createClubCast('aberto');
    const ids: string[] = [];
    // Three of the staff share the writing: one reader publishes at most CLUB_POSTS_PER_HOUR an hour.
    const staff = [viewers.dono, viewers.admin, viewers.moderador];
    for (let i = 0; i < 23; i++) ids.push(await createClubPost(staff[i % staff.length]!, club.id, clubPost(`Post ${i}`, 'publico')));
    await setClubPostPinned(viewers.moderador, club.id, ids[0]!, true);
    const first = await listClubPosts(null, club.id, 'post');
    expect(first.pinned.map((p) => p.title)).toEqual(['Post 0']);
    // The pinned ones carry an excerpt of their text; the list only titles, authors, dates and counts.
    expect(first.pinned[0]!.excerptHtml).toContain('Post 0');
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.title).toBe('Post 22');
    expect(first.items.some((p) => 'excerptHtml' in p)).toBe(false);
    const { postsPageQuery } = await import('./validation');
    const second = await listClubPosts(null, club.id, 'post', postsPageQuery.parse({ cursor: first.nextCursor }).cursor);
    expect(second.pinned).toEqual([]);
    expect(second.items.map((p) => p.title)).toEqual(['Post 2', 'Post 1']);
    expect(second.nextCursor).toBeNull();
    await expect(setClubPostPinned(viewers.membro, club.id, ids[1]!, true)).rejects.toMatchObject({ code: 'forbidden' });
    for (const id of ids.slice(1, PINNED_MAX)) await setClubPostPinned(viewers.admin, club.id, id, true);
    await expect(setClubPostPinned(viewers.dono, club.id, ids[10]!, true)).rejects.toMatchObject({ message: expect.stringMatching(/desafixe/) });
    await setClubPostPinned(viewers.dono, club.id, ids[0]!, false);
    await setClubPostPinned(viewers.dono, club.id, ids[10]!, true);
    const repinned = await listClubPosts(null, club.id, 'post');
    const pinnedOrder = [ids[10], ...ids.slice(1, PINNED_MAX).reverse()];
    expect(repinned.pinned.map((p) => p.id)).toEqual(pinnedOrder);
    expect(repinned.items.map((p) => p.id)).toEqual(
      ids
        .filter((id) => !pinnedOrder.includes(id))
        .reverse()
        .slice(0, 20),
    );
  });

  it('brings the plans a post may be written for to those who may publish, and to no one else', async () => {
    const { viewers, club, plans } = await createClubCast('aberto');
    const id = await createClubPost(viewers.dono, club.id, clubPost('Aviso', 'publico'));
    expect((await listClubPosts(viewers.dono, club.id, 'post')).plans.map((p) => p.id)).toEqual(expect.arrayContaining([plans.free, plans.paid]));
    expect((await getClubPost(viewers.admin, club.id, 'post', id))!.plans.map((p) => p.id)).toEqual(expect.arrayContaining([plans.free, plans.paid]));
    for (const who of ['membro', 'naoMembro'] as const) {
      expect((await listClubPosts(viewers[who], club.id, 'post')).plans).toEqual([]);
      expect((await getClubPost(viewers[who], club.id, 'post', id))!.plans).toEqual([]);
    }
    expect((await listClubPosts(null, club.id, 'post')).plans).toEqual([]);
    expect((await listClubPosts(viewers.dono, club.id, 'thread')).plans).toEqual([]);
  });
});

describe('club posts: the hourly limit', () => {
  it('refuses the post or thread past CLUB_POSTS_PER_HOUR a reader publishes in an hour, and the comment past CLUB_COMMENTS_PER_HOUR, writing nothing', async () => {
    const { viewers, club } = await createClubCast('aberto');
    const other = await createClub(viewers.moderador, { name: 'Outro clube', description: '', visibility: 'aberto', categories: ['geral'] });
    const postsCount = async () =>
      (await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM club_posts WHERE author_id = ${viewers.moderador.id}`))[0]!.n;
    let last = '';
    for (let i = 0; i < CLUB_POSTS_PER_HOUR - 1; i++) last = await createClubPost(viewers.moderador, club.id, clubPost(`Post ${i}`, 'publico'));
    // Threads count with posts, in every club together; a refused attempt does not count.
    await expect(createClubPost(viewers.naoMembro, club.id, clubPost('Não'))).rejects.toMatchObject({ code: 'forbidden' });
    await createClubPost(viewers.moderador, other.id, { kind: 'thread', content: { title: 'Tópico', body: 'Oi' } });
    expect(await postsCount()).toBe(CLUB_POSTS_PER_HOUR);
    const refused = createClubPost(viewers.moderador, club.id, clubPost('Um a mais', 'publico'));
    await expect(refused).rejects.toBeInstanceOf(RateLimitError);
    await expect(refused).rejects.toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: expect.any(Number),
      message: expect.stringMatching(new RegExp(`^Você chegou ao limite de ${CLUB_POSTS_PER_HOUR} posts e tópicos por hora nos clubes\\.`)),
    });
    await expect(createClubPost(viewers.moderador, other.id, { kind: 'thread', content: { title: 'Outro', body: 'Oi' } })).rejects.toMatchObject({
      code: 'rate_limited',
    });
    expect(await postsCount()).toBe(CLUB_POSTS_PER_HOUR);
    // Someone else still publishes.
    await createClubPost(viewers.dono, club.id, clubPost('Da dona', 'publico'));

    for (let i = 0; i < CLUB_COMMENTS_PER_HOUR - 1; i++) await hitRateLimit(CLUB_COMMENTS_RATE_LIMIT, viewers.admin.id);
    await addClubPostComment(viewers.admin, club.id, last, 'O último desta hora');
    await expect(addClubPostComment(viewers.admin, club.id, last, 'Um a mais')).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/comentários por hora/),
    });
    const [comments] = await queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM club_post_comments WHERE author_id = ${viewers.admin.id}`);
    expect(comments?.n).toBe(1);
  }, 60_000);
});

describe('club posts: editing, deleting, comments and reactions', () => {
  it('keeps the text before every edit, shown with "editado" to staff and the author only', async () => {
    const { viewers, club } = await createClubCast('aberto');
    await getDb().update(clubs).set({ membersCanPost: true }).where(eq(clubs.id, club.id));
    const id = await createClubPost(viewers.membro, club.id, clubPost('Primeiro título', 'publico'));
    await editClubPost(viewers.membro, club.id, id, { title: 'Segundo título', body: 'Texto novo.', visibility: 'publico', minPlanId: null });
    await editClubPost(viewers.moderador, club.id, id, { title: 'Terceiro título', body: 'Texto moderado.', visibility: 'membros', minPlanId: null });
    const change = { title: 'x', body: 'y', visibility: 'publico' as const, minPlanId: null };
    await expect(editClubPost(viewers.membroComPlano, club.id, id, change)).rejects.toMatchObject({ code: 'forbidden' });
    // Now for members only: a non-member no longer finds it.
    await expect(editClubPost(viewers.naoMembro, club.id, id, change)).rejects.toMatchObject({ code: 'not_found' });
    const byAuthor = await getClubPost(viewers.membro, club.id, 'post', id);
    expect(byAuthor).toMatchObject({ title: 'Terceiro título', body: 'Texto moderado.', visibility: 'membros' });
    expect(byAuthor!.editedAt).not.toBeNull();
    expect(byAuthor!.revisions!.map((r) => r.title)).toEqual(['Segundo título', 'Primeiro título']);
    expect(byAuthor!.revisions![1]!.body).toBe('Texto de **Primeiro título**.');
    expect((await getClubPost(viewers.admin, club.id, 'post', id))!.revisions).toHaveLength(2);
    const byOther = await getClubPost(viewers.membroComPlano, club.id, 'post', id);
    expect([byOther!.editedAt, byOther!.revisions, byOther!.may.edit]).toEqual([null, null, false]);
    expect(await getClubPost(viewers.naoMembro, club.id, 'post', id)).toBeNull();
  });

  it('lets active members comment and react on what they read; authors and moderators delete', async () => {
    const cast = await createClubCast('aberto');
    const { viewers, club, plans } = cast;
    const open = await createClubPost(viewers.dono, club.id, clubPost('Aberto', 'publico'));
    const paid = await createClubPost(viewers.dono, club.id, clubPost('Mecenas', 'plano', plans.paid));
    const comment = await addClubPostComment(viewers.membro, club.id, open, 'Adorei!');
    for (const who of ['naoMembro', 'pendente', 'convidado', 'banido', 'adminDoSite'] as const) {
      await expect(addClubPostComment(viewers[who], club.id, open, 'Oi')).rejects.toMatchObject({ code: 'forbidden' });
      await expect(toggleClubPostReaction(viewers[who], club.id, open, 'heart')).rejects.toMatchObject({ code: 'forbidden' });
    }
    await expect(addClubPostComment(viewers.membro, club.id, paid, 'Oi')).rejects.toMatchObject({ code: 'not_found' });
    await expect(toggleClubPostReaction(viewers.membro, club.id, paid, 'heart')).rejects.toMatchObject({ code: 'not_found' });
    await addClubPostComment(viewers.membroComPlano, club.id, paid, 'Vale o plano.');
    expect(await toggleClubPostReaction(viewers.membro, club.id, open, 'heart')).toEqual({ reacted: true });
    expect(await toggleClubPostReaction(viewers.membro, club.id, open, 'clap')).toEqual({ reacted: true });
    expect(await toggleClubPostReaction(viewers.membroComPlano, club.id, open, 'heart')).toEqual({ reacted: true });
    expect(await toggleClubPostReaction(viewers.membro, club.id, open, 'clap')).toEqual({ reacted: false });
    const seen = await getClubPost(viewers.membro, club.id, 'post', open);
    expect(seen!.reactions.filter((r) => r.count > 0)).toEqual([{ kind: 'heart', count: 2, mine: true }]);
    expect(seen!.comments.map((c) => [c.text, c.mayDelete])).toEqual([['Adorei!', true]]);
    expect((await listClubPosts(null, club.id, 'post')).items[0]).toMatchObject({ commentCount: 1, reactionCount: 2 });

    await expect(deleteClubPostComment(viewers.membroComPlano, club.id, comment)).rejects.toMatchObject({ code: 'forbidden' });
    await deleteClubPostComment(viewers.moderador, club.id, comment);
    await expect(deleteClubPostComment(viewers.membro, club.id, comment)).rejects.toMatchObject({ code: 'not_found' });
    expect((await getClubPost(viewers.membro, club.id, 'post', open))!.comments).toEqual([]);
    const mine = await addClubPostComment(viewers.membro, club.id, open, 'De novo');
    await deleteClubPostComment(viewers.membro, club.id, mine);

    await expect(deleteClubPost(viewers.membro, club.id, open)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(deleteClubPost(viewers.membro, club.id, paid)).rejects.toMatchObject({ code: 'not_found' });
    await deleteClubPost(viewers.moderador, club.id, paid);
    expect(await getClubPost(viewers.dono, club.id, 'post', paid)).toBeNull();
    // A post id of another club is not found through this one.
    const other = await createClubCast('aberto');
    const elsewhere = await createClubPost(other.viewers.dono, other.club.id, clubPost('Outro', 'publico'));
    await expect(deleteClubPost(viewers.dono, club.id, elsewhere)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('shuts a banned member out at once', async () => {
    const { viewers, club, users } = await createClubCast('aberto');
    const id = await createClubPost(viewers.dono, club.id, clubPost('Membros', 'membros'));
    await addClubPostComment(viewers.membro, club.id, id, 'Antes do banimento.');
    const { banMember } = await import('../membership.server');
    await banMember(viewers.dono, club.id, users.membro.id, 'Spam.');
    await expect(addClubPostComment(viewers.membro, club.id, id, 'Depois')).rejects.toMatchObject({ message: 'Você foi banido deste clube.' });
    expect(await getClubPost(viewers.membro, club.id, 'post', id)).toBeNull();
    expect((await listClubPosts(viewers.membro, club.id, 'post')).items).toEqual([]);
    await expect(listClubPosts(viewers.membro, club.id, 'thread')).rejects.toMatchObject({ code: 'forbidden' });
  });
});
