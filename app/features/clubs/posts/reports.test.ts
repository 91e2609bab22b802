import { describe, expect, it } from 'vitest';
import { actOnReport, createReport } from '~/features/moderation/mutations.server';
import { getReportTarget, listReportGroups } from '~/features/moderation/queries.server';
import type { ReportableKind } from '~/features/moderation/reasons';
import { clearHtmlCache, lookupPage, storeWhileStreaming } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { type ClubCast, clubPost, createClubCast } from '../../../../test/club-fixtures';
import { useTestDatabase } from '../../../../test/db';
import { clubCacheTag } from '../cache';
import { addClubPostComment, createClubPost, toggleClubPostReaction } from './mutations.server';
import { getClubPost, listClubPosts } from './queries.server';

useTestDatabase();

const report = (viewer: Viewer, kind: ReportableKind, target: string) => createReport(viewer, { kind, target, reason: 'spam', details: '' });

/** Every reader of the cast but the visitor, with whether they are shown `postId` (as getClubPost says). */
async function whoSees(cast: ClubCast, kind: 'post' | 'thread', postId: string) {
  const seen: Record<string, boolean> = {};
  for (const [who, viewer] of Object.entries(cast.viewers)) {
    seen[who] = await getClubPost(viewer, cast.club.id, kind, postId).then(
      (post) => post !== null,
      () => false,
    );
  }
  return seen;
}

describe('reporting club posts and comments', () => {
  it('lets exactly the readers who see a post, thread or comment report it; everyone else is told it does not exist', async () => {
    for (const visibility of ['aberto', 'privado'] as const) {
      const cast = await createClubCast(visibility);
      const { viewers, club, plans } = cast;
      const targets = {
        publico: await createClubPost(viewers.dono, club.id, clubPost('Aberto a todos', 'publico')),
        membros: await createClubPost(viewers.dono, club.id, clubPost('Para membros')),
        plano: await createClubPost(viewers.dono, club.id, clubPost('Para mecenas', 'plano', plans.paid)),
        thread: await createClubPost(viewers.membro, club.id, { kind: 'thread', content: { title: 'Conversa', body: 'Olá.' } }),
      };
      const comment = await addClubPostComment(viewers.membroComPlano, club.id, targets.plano, 'Um comentário de mecenas.');
      for (const [name, id] of Object.entries(targets)) {
        const kind = name === 'thread' ? 'thread' : 'post';
        const seen = await whoSees(cast, kind, id);
        for (const [who, viewer] of Object.entries(viewers)) {
          const mine = (name === 'thread' && who === 'membro') || (name !== 'thread' && who === 'dono');
          const outcome = report(viewer, 'club_post', id);
          if (mine) await expect(outcome, `${visibility} ${name} ${who}`).rejects.toMatchObject({ code: 'forbidden' });
          else if (seen[who]) await expect(outcome, `${visibility} ${name} ${who}`).resolves.toEqual({ collapsed: false });
          else await expect(outcome, `${visibility} ${name} ${who}`).rejects.toMatchObject({ code: 'not_found' });
        }
        // Someone was refused each time but the public post of the open club, which every reader but the banned sees.
        expect(Object.values(seen).filter(Boolean).length).toBeLessThan(Object.keys(viewers).length);
      }
      const seesComment = await whoSees(cast, 'post', targets.plano);
      for (const [who, viewer] of Object.entries(viewers)) {
        const outcome = await getReportTarget(viewer, 'club_post_comment', comment);
        expect(outcome !== null, `${visibility} comment ${who}`).toBe(seesComment[who]);
      }
      expect(await getReportTarget(viewers.membro, 'club_post_comment', comment)).toBeNull();
      expect(await getReportTarget(viewers.moderador, 'club_post_comment', comment)).toMatchObject({
        excerpt: 'Um comentário de mecenas.',
        link: `/clube/${club.slug}/posts?post=${targets.plano}#comentario-${comment}`,
      });
    }
  }, 240_000);

  it('shows them in the queue; hiding takes the post or comment from everyone but its author (and the visitors’ cache), unhiding brings it back', async () => {
    const cast = await createClubCast('aberto');
    const { viewers, club } = cast;
    const admin = viewers.adminDoSite;
    const id = await createClubPost(viewers.moderador, club.id, clubPost('Propaganda', 'publico'));
    const comment = await addClubPostComment(viewers.membroComPlano, club.id, id, 'Compre já!');
    const kept = await addClubPostComment(viewers.admin, club.id, id, 'Isso é spam.');
    await report(viewers.naoMembro, 'club_post', id);
    await report(viewers.dono, 'club_post_comment', comment);

    const { groups } = await listReportGroups(admin, { status: 'open', page: 1 });
    const byKind = Object.fromEntries(groups.map((g) => [g.kind, g]));
    expect(byKind.club_post).toMatchObject({
      targetId: id,
      target: { excerpt: 'Propaganda — Texto de **Propaganda**.', link: `/clube/${club.slug}/posts?post=${id}`, hidden: false },
      hideable: true,
    });
    expect(byKind.club_post_comment).toMatchObject({
      targetId: comment,
      target: { excerpt: 'Compre já!', link: `/clube/${club.slug}/posts?post=${id}#comentario-${comment}`, hidden: false },
      hideable: true,
    });
    expect((await listReportGroups(admin, { status: 'open', page: 1, kind: 'club_post_comment' })).groups.map((g) => g.targetId)).toEqual([comment]);

    // The comment: gone for the others and from the count; its author sees it with the notice.
    await actOnReport(admin, { report: byKind.club_post_comment!.reportId, intent: 'hide', note: '' });
    const forMember = (await getClubPost(viewers.membro, club.id, 'post', id))!;
    expect(forMember.comments.map((c) => c.id)).toEqual([kept]);
    expect(forMember.commentCount).toBe(1);
    const forAuthor = (await getClubPost(viewers.membroComPlano, club.id, 'post', id))!;
    expect(forAuthor.comments.map((c) => [c.text, c.hidden])).toEqual([
      ['Compre já!', true],
      ['Isso é spam.', false],
    ]);
    expect(await getReportTarget(viewers.naoMembro, 'club_post_comment', comment)).toBeNull();

    // The post: gone from the list and its page for everyone but its author, the staff included; nobody acts on it.
    const url = new URL(`http://localhost/clube/${club.slug}/posts`);
    clearHtmlCache();
    const sent = storeWhileStreaming(
      new Request(url),
      new Response('<h1>Posts</h1>', { headers: { 'Content-Type': 'text/html; charset=utf-8', 'X-Cache-Tags': clubCacheTag(club.id) } }),
    );
    await sent.text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lookupPage('GET', url, undefined)).toBeDefined();
    await actOnReport(admin, { report: byKind.club_post!.reportId, intent: 'hide', note: '' });
    expect(lookupPage('GET', url, undefined)).toBeUndefined();
    for (const viewer of [null, viewers.naoMembro, viewers.membro, viewers.dono]) {
      expect(await getClubPost(viewer, club.id, 'post', id)).toBeNull();
      expect((await listClubPosts(viewer, club.id, 'post')).items).toEqual([]);
    }
    await expect(toggleClubPostReaction(viewers.dono, club.id, id, 'wow')).rejects.toMatchObject({ code: 'not_found' });
    await expect(addClubPostComment(viewers.dono, club.id, id, 'Oi')).rejects.toMatchObject({ code: 'not_found' });
    expect(await getClubPost(viewers.moderador, club.id, 'post', id)).toMatchObject({ hidden: true, title: 'Propaganda' });
    expect((await listClubPosts(viewers.moderador, club.id, 'post')).items.map((p) => [p.title, p.hidden])).toEqual([['Propaganda', true]]);
    const resolved = await listReportGroups(admin, { status: 'resolved', page: 1 });
    expect(resolved.groups.map((g) => [g.kind, g.target?.hidden])).toEqual(
      expect.arrayContaining([
        ['club_post', true],
        ['club_post_comment', true],
      ]),
    );

    await actOnReport(admin, { report: byKind.club_post!.reportId, intent: 'unhide', note: '' });
    await actOnReport(admin, { report: byKind.club_post_comment!.reportId, intent: 'unhide', note: '' });
    const restored = (await getClubPost(null, club.id, 'post', id))!;
    expect(restored.hidden).toBe(false);
    expect(restored.commentCount).toBe(2);
  }, 120_000);
});
