import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { clubMembers } from '~/db/schema';
import { createClubCast } from '../../../../test/club-fixtures';
import { useTestDatabase } from '../../../../test/db';
import { createUser } from '../../../../test/factories';
import { listClubMembers } from './members.server';
import { addClubPostComment, createClubPost } from './mutations.server';
import { getClubPost, listClubPosts } from './queries.server';

useTestDatabase();

describe('club threads and the member directory', () => {
  it('lets any active member open a thread (always for members), and keeps them from everyone else', async () => {
    const { viewers, club } = await createClubCast('aberto');
    const id = await createClubPost(viewers.membro, club.id, { kind: 'thread', content: { title: 'Qual o próximo livro?', body: 'Sugestões!' } });
    for (const who of ['naoMembro', 'pendente', 'convidado', 'banido', 'adminDoSite'] as const) {
      await expect(createClubPost(viewers[who], club.id, { kind: 'thread', content: { title: 'x', body: 'y' } })).rejects.toMatchObject({ code: 'forbidden' });
      await expect(listClubPosts(viewers[who], club.id, 'thread')).rejects.toMatchObject({ code: 'forbidden' });
      await expect(getClubPost(viewers[who], club.id, 'thread', id)).rejects.toMatchObject({ code: 'forbidden' });
    }
    await expect(listClubPosts(null, club.id, 'thread')).rejects.toMatchObject({ code: 'forbidden' });
    const thread = await getClubPost(viewers.membroComPlano, club.id, 'thread', id);
    expect(thread).toMatchObject({ kind: 'thread', visibility: 'membros', may: { comment: true, edit: false, delete: false } });
    expect((await listClubPosts(viewers.dono, club.id, 'post')).items).toEqual([]);
    expect((await listClubPosts(viewers.dono, club.id, 'thread')).items.map((t) => t.title)).toEqual(['Qual o próximo livro?']);
    await addClubPostComment(viewers.membroComPlano, club.id, id, 'Duna!');
    expect((await getClubPost(viewers.membro, club.id, 'thread', id))!.comments).toHaveLength(1);
  });

  it('lists active members with their role and plan, searches and pages, only for members', async () => {
    const cast = await createClubCast('aberto');
    const { viewers, club, users } = cast;
    const page = await listClubMembers(viewers.membro, club.id, { q: '' });
    const byName = Object.fromEntries(page.items.map((m) => [m.reader.username, m]));
    expect(Object.keys(byName).sort()).toEqual([users.admin, users.dono, users.membro, users.membroComPlano, users.moderador].map((u) => u.username).sort());
    expect(byName[users.dono.username]).toMatchObject({ role: 'owner', plan: null });
    expect(byName[users.membroComPlano.username]).toMatchObject({ role: 'member', plan: 'Mecenas' });
    const found = await listClubMembers(viewers.membro, club.id, { q: users.moderador.username.toUpperCase() });
    expect(found.items.map((m) => m.role)).toEqual(['moderator']);
    for (const who of ['naoMembro', 'pendente', 'convidado', 'banido', 'adminDoSite'] as const) {
      await expect(listClubMembers(viewers[who], club.id, { q: '' })).rejects.toMatchObject({ code: 'forbidden' });
    }
    const extra = await Promise.all(Array.from({ length: 30 }, () => createUser()));
    await getDb()
      .insert(clubMembers)
      .values(extra.map((u, i) => ({ clubId: club.id, userId: u.id, status: 'active' as const, joinedAt: new Date(Date.UTC(2020, 0, 1, 0, 0, i % 3)) })));
    const first = await listClubMembers(viewers.membro, club.id, { q: '' });
    expect(first.items).toHaveLength(30);
    const { communityPageQuery } = await import('./validation');
    const second = await listClubMembers(viewers.membro, club.id, { q: '', cursor: communityPageQuery.parse({ cursor: first.nextCursor }).cursor });
    expect(second.items).toHaveLength(5);
    expect(new Set([...first.items, ...second.items].map((m) => m.reader.username)).size).toBe(35);
    expect(second.nextCursor).toBeNull();
  });
});
