import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { notificationSettings } from '~/db/schema';
import { clearHtmlCache, lookupPage, storeWhileStreaming } from '~/server/html-cache.server';
import { runJobsOnce } from '~/server/jobs.server';
import { clubPost, createClubCast } from '../../../../test/club-fixtures';
import { useTestDatabase } from '../../../../test/db';
import { clubCacheTag } from '../cache';
import {
  addClubPostComment,
  createClubPost,
  deleteClubPost,
  deleteClubPostComment,
  editClubPost,
  setClubPostPinned,
  toggleClubPostReaction,
} from './mutations.server';

useTestDatabase();

describe('new post notifications', () => {
  it('tell, through a job, the members who may read the post and whose settings allow it, once', async () => {
    const cast = await createClubCast('aberto');
    const { viewers, club, users, plans } = cast;
    await getDb().insert(notificationSettings).values({ userId: users.admin.id, type: 'club_post', inApp: false, email: false });
    const id = await createClubPost(viewers.moderador, club.id, clubPost('Só Mecenas', 'plano', plans.paid));
    await createClubPost(viewers.membro, club.id, { kind: 'thread', content: { title: 'Conversa', body: 'Sem aviso.' } });
    const told = () => queryRows<{ user_id: string; link: string }>(sql`SELECT user_id, link FROM notifications WHERE kind = 'club_post' ORDER BY user_id`);
    expect(await told()).toEqual([]);
    while ((await runJobsOnce('teste')) > 0);
    const rows = await told();
    const names = Object.fromEntries(Object.entries(users).map(([name, u]) => [u.id, name]));
    expect(rows.map((r) => names[r.user_id]).sort()).toEqual(['dono', 'membroComPlano']);
    expect(rows[0]!.link).toBe(`/clube/${club.slug}/posts?post=${id}`);
    // Running the batch again (a job taken twice) tells no one twice.
    const { runClubPostNotifyBatch } = await import('./notify.server');
    await runClubPostNotifyBatch({ postId: id, after: null });
    expect(await told()).toHaveLength(2);
  });
});

describe("the visitors' cached club pages", () => {
  it('are dropped by every post, comment, reaction, pin, edit and delete', async () => {
    const { viewers, club } = await createClubCast('aberto');
    const url = new URL(`http://localhost/clube/${club.slug}/posts`);
    const cache = async () => {
      const sent = storeWhileStreaming(
        new Request(url),
        new Response('<h1>Posts</h1>', { headers: { 'Content-Type': 'text/html; charset=utf-8', 'X-Cache-Tags': `clubs,${clubCacheTag(club.id)}` } }),
      );
      await sent.text();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(lookupPage('GET', url, undefined)).toBeDefined();
    };
    const dropped = () => expect(lookupPage('GET', url, undefined)).toBeUndefined();
    clearHtmlCache();
    await cache();
    const id = await createClubPost(viewers.dono, club.id, clubPost('Público', 'publico'));
    dropped();
    const steps: (() => Promise<unknown>)[] = [
      () => addClubPostComment(viewers.membro, club.id, id, 'Oi'),
      () => toggleClubPostReaction(viewers.membro, club.id, id, 'wow'),
      () => setClubPostPinned(viewers.moderador, club.id, id, true),
      () => editClubPost(viewers.dono, club.id, id, { title: 'Novo', body: 'Texto', visibility: 'publico', minPlanId: null }),
      async () => {
        const [comment] = await queryRows<{ id: string }>(sql`SELECT id FROM club_post_comments WHERE post_id = ${id}`);
        await deleteClubPostComment(viewers.membro, club.id, comment!.id);
      },
      () => deleteClubPost(viewers.dono, club.id, id),
    ];
    for (const step of steps) {
      await cache();
      await step();
      dropped();
    }
  });
});
