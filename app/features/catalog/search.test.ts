import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server';
import { listMostFollowedReaders, listRecentlyActiveReaders } from '~/features/profiles/directory.server';
import { seedDemo } from '../../../scripts/demo-data';
import { useSharedTestDatabase } from '../../../test/db';
import { listHomeGroupReads } from '~/features/lcs/home-card.server';
import { getMaterialFile, listMaterials } from '~/features/lcs/materials/materials.server';
import { listReaderGroupReads } from '~/features/lcs/profile-tab.server';
import { countUnreadConversations, listConversations } from '~/features/whispers/queries.server';
import { seedDemoWhispers } from '~/features/whispers/seed.server';
import { viewersOf } from '~/features/clubs/seed.server';
import { foldForMatch } from './normalize';
import { getAuthor, getCollection, getEdition, listCollections, listWorkEditions } from './queries.server';
import relevance from './search-relevance.json';
import { listClosestEditions, searchEditions, suggestEditions, typeaheadQuery } from './search.server';
import { countCatalog, seedDemoCatalog } from './seed.server';

// The whole demo (`npm run seed`), so the catalogue is searched as the demo's readers have shelved it.
useSharedTestDatabase(async () => {
  await seedDemo();
});

/** How many rows the demo wrote where a second run could write them again. */
const demoRows = () =>
  queryRows<Record<string, number>>(sql`SELECT
    (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM shelf_entries) AS shelf_entries,
    (SELECT count(*)::int FROM progress_entries) AS progress, (SELECT count(*)::int FROM atts) AS atts,
    (SELECT count(*)::int FROM follows) AS follows, (SELECT count(*)::int FROM notifications) AS notifications,
    (SELECT count(*)::int FROM shelves) AS shelves, (SELECT count(*)::int FROM news_posts) AS news,
    (SELECT count(*)::int FROM clubs) AS clubs, (SELECT count(*)::int FROM club_members) AS club_members,
    (SELECT count(*)::int FROM club_posts) AS club_posts, (SELECT count(*)::int FROM club_activities) AS club_activities,
    (SELECT count(*)::int FROM marathons) AS marathons, (SELECT count(*)::int FROM marathon_participants) AS marathon_participants`);

const fold = (title: string) => foldForMatch(title);

describe('the demo catalogue', () => {
  it('has enough books, authors and collections for every page to look alive', async () => {
    const counts = await countCatalog();
    expect(counts.editions).toBeGreaterThanOrEqual(600);
    expect(counts.authors).toBeGreaterThanOrEqual(300);
    expect(counts.collections).toBeGreaterThanOrEqual(20);
  });

  it('is idempotent: seeding again adds nothing', async () => {
    const before = await countCatalog();
    const again = await seedDemoCatalog();
    expect(again.created).toBe(0);
    expect(await countCatalog()).toEqual(before);
  });
});

describe('the demo readers', () => {
  it('give a visitor at least three readers in each of /u’s lists, lia_leitora among them', async () => {
    // What /u's loader lists for a visitor (viewer null).
    const [recent, mostFollowed] = await Promise.all([listRecentlyActiveReaders(null), listMostFollowedReaders(null)]);
    expect(recent.length).toBeGreaterThanOrEqual(3);
    expect(mostFollowed.length).toBeGreaterThanOrEqual(3);
    expect(recent.map((r) => r.username)).toContain('lia_leitora');
    expect(mostFollowed.map((r) => r.username)).toContain('lia_leitora');
  });

  it('are seeded once: the whole demo run again writes no row twice', async () => {
    const before = await demoRows();
    await seedDemo();
    expect(await demoRows()).toEqual(before);
  });
});

describe('the demo clubs', () => {
  it('hold an open, a moderated and a private club, every role and standing, a plan with benefits, posts and activities', async () => {
    const clubs = await queryRows<{
      name: string;
      visibility: string;
      roles: string[];
      statuses: string[];
      plans: number;
      benefits: number;
      posts: string[];
      activities: number;
    }>(sql`
      SELECT c.name, c.visibility,
        (SELECT array_agg(DISTINCT m.role ORDER BY m.role) FROM club_members m WHERE m.club_id = c.id AND m.status = 'active') AS roles,
        (SELECT array_agg(DISTINCT m.status ORDER BY m.status) FROM club_members m WHERE m.club_id = c.id) AS statuses,
        (SELECT count(*)::int FROM club_members m WHERE m.club_id = c.id AND m.plan_id IS NOT NULL) AS plans,
        (SELECT count(*)::int FROM club_plan_benefits pb JOIN club_plans p ON p.id = pb.plan_id WHERE p.club_id = c.id) AS benefits,
        (SELECT array_agg(DISTINCT p.visibility || ':' || p.kind ORDER BY p.visibility || ':' || p.kind) FROM club_posts p WHERE p.club_id = c.id) AS posts,
        (SELECT count(*)::int FROM club_activities a WHERE a.club_id = c.id AND a.starts_at > now()) AS activities
      FROM clubs c ORDER BY c.visibility`);
    expect(clubs).toEqual([
      {
        name: 'Clube da Foca',
        visibility: 'aberto',
        roles: ['admin', 'member', 'moderator', 'owner'],
        statuses: ['active'],
        plans: 2,
        benefits: 2,
        posts: ['membros:post', 'membros:thread', 'plano:post', 'publico:post'],
        activities: 3,
      },
      {
        name: 'Clássicos Brasileiros',
        visibility: 'moderado',
        roles: ['member', 'owner'],
        statuses: ['active', 'banned', 'pending'],
        plans: 0,
        benefits: 0,
        posts: ['publico:post'],
        activities: 0,
      },
      {
        name: 'Sala Secreta',
        visibility: 'privado',
        roles: ['member', 'owner'],
        statuses: ['active', 'invited'],
        plans: 0,
        benefits: 0,
        posts: ['membros:post'],
        activities: 0,
      },
    ]);
  });
});

describe('the demo whispers', () => {
  it('give lia_leitora three conversations, marcos_tavares’s unread, and are written once', async () => {
    const viewer = (await viewersOf(['lia_leitora'])).get('lia_leitora')!;
    const conversations = await listConversations(viewer);
    expect(conversations.map((c) => [c.counterpart?.username, c.unread])).toEqual([
      ['marcos_tavares', 2],
      ['joana_moura', 0],
      ['beto_leitor', 0],
    ]);
    expect(await countUnreadConversations(viewer)).toBe(1);
    expect(await seedDemoWhispers()).toBe(0);
  });
});

describe('the demo LCs', () => {
  it('give lia_leitora a /home card, a profile tab and materials to show, an LC in each phase', async () => {
    const [lia] = await queryRows<{ id: string; username: string }>(sql`SELECT id, username FROM users WHERE username = 'lia_leitora'`);
    const viewer = {
      id: lia!.id,
      role: 'reader' as const,
      username: 'lia_leitora',
      name: 'Lia',
      image: null,
      emailVerified: true,
      sessionId: 't',
      unreadNotifications: 0,
      unreadWhispers: 0,
    };
    const home = await listHomeGroupReads(viewer);
    expect(home.groupReads.map((lc) => [lc.title, lc.stage?.today])).toEqual(
      expect.arrayContaining([
        ['Clássicos curtos do Clube da Foca', true],
        ['Vidas secas em duas semanas', true],
      ]),
    );
    const tab = await listReaderGroupReads(null, lia!.id);
    expect(tab.hosting.map((lc) => lc.title)).toEqual(['Dom Casmurro em quatro semanas']);
    expect(tab.joined.map((lc) => lc.phase).sort()).toEqual(['em-andamento', 'em-andamento', 'encerrada']);
    const [casmurro] = await queryRows<{ id: string; slug: string }>(sql`SELECT id, slug FROM group_reads WHERE title = 'Dom Casmurro em quatro semanas'`);
    const materials = await listMaterials(casmurro!);
    expect(materials.map((m) => [m.kind, m.fileKind])).toEqual([
      ['link', null],
      ['link', null],
      ['file', 'pdf'],
    ]);
    const guide = await getMaterialFile(null, casmurro!.id, materials[2]!.id);
    expect(
      Buffer.from(await new Response(guide!.file.body).arrayBuffer())
        .subarray(0, 8)
        .toString(),
    ).toBe('%PDF-1.4');
  });
});

describe('search relevance table', () => {
  it('has at least 40 queries', () => {
    expect(relevance.length).toBeGreaterThanOrEqual(40);
  });

  it.each(relevance)('"$query" ($kind) finds "$title" in the top 3', async ({ query, title }) => {
    const { items } = await searchEditions(query);
    expect(items.slice(0, 3).map((e) => fold(e.title))).toContain(fold(title));
  });
});

describe('search', () => {
  it('filters by format, language and genre, and counts every match', async () => {
    const all = await searchEditions('memorias postumas');
    expect(all.total).toBe(2);
    const ebooks = await searchEditions('memorias postumas', { format: 'ebook' });
    expect(ebooks.items.map((e) => e.format)).toEqual(['ebook']);
    const physical = await searchEditions('memorias postumas', { format: 'fisico' });
    expect(physical.items.map((e) => e.format)).toEqual(['brochura']);
    expect((await searchEditions('memorias postumas', { language: 'en' })).total).toBe(0);
    const manga = await searchEditions('', { genre: 'manga' });
    expect(manga.total).toBeGreaterThan(20);
  });

  it('paginates without repeating or losing results', async () => {
    const first = await searchEditions('', { genre: 'filosofia' }, 1);
    const second = await searchEditions('', { genre: 'filosofia' }, 2);
    expect(first.items).toHaveLength(20);
    expect(second.total).toBe(first.total);
    const ids = new Set([...first.items, ...second.items].map((e) => e.id));
    expect(ids.size).toBe(first.items.length + second.items.length);
  });

  it('finds nothing for gibberish, then suggests the closest titles', async () => {
    expect((await searchEditions('xqzw vvkj')).total).toBe(0);
    expect((await searchEditions('9788500000000')).total).toBe(0);
    const closest = await listClosestEditions('memorias de um sargento milicia portugues');
    expect(closest.map((e) => fold(e.title))).toContain(fold('Memórias de um Sargento de Milícias'));
  });

  it('treats punctuation and SQL-looking input as plain words', async () => {
    await expect(searchEditions("dom' OR 1=1; --")).resolves.toMatchObject({ page: 1 });
    await expect(searchEditions('& | ! :* ()')).resolves.toMatchObject({ total: 0 });
  });

  it('suggests editions for the header as the reader types', async () => {
    expect(await suggestEditions('c')).toEqual([]);
    const suggestions = await suggestEditions('capitaes da ar');
    expect(fold(suggestions[0]?.title ?? '')).toBe(fold('Capitães da Areia'));
    expect(suggestions.length).toBeLessThanOrEqual(6);
    // A one-letter word being typed waits for its second letter; numbers and lone words stay as typed.
    expect([typeaheadQuery('Débora E'), typeaheadQuery(' Mar e Ó '), typeaheadQuery('978 8'), typeaheadQuery('Os Ma'), typeaheadQuery('E')]).toEqual([
      'Débora',
      'Mar e',
      '978 8',
      'Os Ma',
      'E',
    ]);
    expect((await suggestEditions('capitaes da a')).map((e) => e.id)).toEqual((await suggestEditions('capitaes da')).map((e) => e.id));
  });
});

describe('catalogue pages data', () => {
  it('gives an edition with its work, contributors and other editions', async () => {
    const [found] = (await searchEditions('9788573266467')).items;
    const edition = await getEdition(found!.id);
    expect(edition).toMatchObject({ title: 'Crime e Castigo', isbn13: '9788573266467', isbn10: '8573266465', publisher: '34' });
    const extra = (await searchEditions('crime e castigo')).items.find((e) => e.publisher === 'Editora 34');
    const translated = await getEdition(extra!.id);
    expect(translated?.contributors).toEqual([expect.objectContaining({ name: 'Paulo Bezerra', role: 'translator' })]);
    // Both editions belong to one work, which the second source enriched with its original title.
    expect(translated?.workId).toBe(edition?.workId);
    expect(edition?.originalTitle).toBe('Преступление и наказание');
    expect((await listWorkEditions(edition!.workId)).length).toBe(2);
    expect(await getEdition('nao-existe')).toBeNull();
  });

  it('gives an author with nationality, years and works, merging misspelled names', async () => {
    const author = await getAuthor('lygia-fagundes-telles');
    expect(author).toMatchObject({ name: 'Lygia Fagundes Telles', nationality: 'Brasil', birthYear: 1918, deathYear: 2022 });
    expect(author?.works.map((w) => w.title)).toContain('Ciranda de Pedra');
    expect(await getAuthor('lygia-faundes-telles')).toBeNull();
  });

  it('lists collections by name and gives their members in order', async () => {
    const { items } = await listCollections('senhor dos aneis');
    const lotr = items.find((c) => c.name === 'O Senhor dos Anéis');
    const collection = await getCollection(lotr!.id);
    expect(collection?.members.map((m) => [m.position, m.title])).toEqual([
      [1, 'A Sociedade do Anel'],
      [2, 'As Duas Torres'],
      [3, 'O Retorno do Rei'],
      // The one-volume edition has no position: it comes after the numbered volumes.
      [null, 'O Senhor dos Anéis'],
    ]);
    expect((await listCollections('')).items.length).toBeGreaterThan(10);
  });
});

describe('the demo marathons', () => {
  it('hold an official one with levels, a community one with two teams, and one finished', async () => {
    const rows = await queryRows<{ official: boolean; mode: string; groups: number; finished: boolean; participants: number }>(sql`
      SELECT m.official, m.mode, m.participant_count AS participants,
        (SELECT count(*)::int FROM marathon_levels l WHERE l.marathon_id = m.id) + (SELECT count(*)::int FROM marathon_teams t WHERE t.marathon_id = m.id) AS groups,
        m.ends_on < (now() AT TIME ZONE m.time_zone)::date AS finished
      FROM marathons m ORDER BY m.official DESC, m.mode`);
    expect(rows).toEqual([
      { official: true, mode: 'levels', groups: 3, finished: false, participants: 3 },
      { official: false, mode: 'none', groups: 0, finished: true, participants: 3 },
      { official: false, mode: 'teams', groups: 2, finished: false, participants: 3 },
    ]);
  });
});
