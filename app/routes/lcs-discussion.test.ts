import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { groupReadParticipants, notifications } from '~/db/schema';
import { setSuspended } from '~/features/accounts/admin.server';
import { archiveData } from '~/features/export/archive.server';
import { THREAD_PAGE_SIZE as PAGE, addGroupReadComment, deleteGroupReadComment, getDiscussion, getThread, revealStage } from '~/features/lcs/discussion.server';
import { createGroupRead } from '~/features/lcs/mutations.server';
import { joinGroupRead } from '~/features/lcs/participants.server';
import { saoPauloToday } from '~/features/lcs/policy';
import { scheduleStanding } from '~/features/lcs/progress';
import { listParticipantsProgress } from '~/features/lcs/progress.server';
import { listStages } from '~/features/lcs/queries.server';
import { addDays } from '~/features/lcs/schedule';
import { logProgress } from '~/features/reading/progress/progress.server';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { clearHtmlCache, listenForInvalidations } from '~/server/html-cache.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer, type TestUser } from '../../test/factories';
import { block, suspend } from '../../test/reading-factories';
import { lcInput } from '../../test/lc-fixtures';
import { dropped, visit, type Page } from '../../test/page-cache';
import { renderPage } from '../../test/render';
import { call, statusOf } from '../../test/routes';
import * as discussion from './lc.$identificador.discussao';
import * as participants from './lc.$identificador.participantes';
import * as progress from './lc.$identificador.progresso';

useTestDatabase();

const verified = (user: TestUser, role: Viewer['role'] = 'reader'): Viewer => ({ ...testViewer(user, role), emailVerified: true });
const byPage = (value: number) => ({ value, unit: 'page' as const, comment: null, emotion: null, spoiler: false });

const SPOILER = 'SPOILER-DA-ETAPA-2: o narrador era o culpado';
const SAFE = 'Comentário da etapa 1, sem spoiler';

/**
 * A public LC of one 264-page book in two etapas (pp. 1–132, 133–264), and everyone the spoiler matrix asks:
 * participants behind (no progress), at etapa 2 (page 200), past it (finished), one who revealed etapa 2, the host,
 * a reader outside, a site admin. The host wrote on etapa 2, the finished participant on etapa 1.
 */
async function spoilerCast() {
  const names = ['host', 'behind', 'at', 'past', 'revealed', 'outsider', 'admin'] as const;
  const users = Object.fromEntries(
    await Promise.all(names.map(async (n) => [n, await createUser({ verified: true, ...(n === 'admin' ? { role: 'admin' as const } : {}) })])),
  ) as Record<(typeof names)[number], TestUser>;
  const v = Object.fromEntries(names.map((n) => [n, verified(users[n], n === 'admin' ? 'admin' : 'reader')])) as Record<(typeof names)[number], Viewer>;
  const input = await lcInput();
  const editionId = input.editions[0]!.editionId;
  const lc = await createGroupRead(v.host, input);
  for (const who of ['behind', 'at', 'past', 'revealed'] as const) await joinGroupRead(v[who], lc.id);
  await logProgress(v.at, editionId, byPage(200));
  await setShelfStatus(v.past, editionId, 'read');
  const stages = await listStages(lc.id);
  await revealStage(v.revealed, lc.id, stages[1]!.id);
  await addGroupReadComment(v.host, lc.id, { stageId: stages[1]!.id, body: SPOILER, parentId: null });
  await addGroupReadComment(v.past, lc.id, { stageId: stages[0]!.id, body: SAFE, parentId: null });
  return { users, v, lc, stages, editionId };
}
type Cast = Awaited<ReturnType<typeof spoilerCast>>;
type Who = keyof Cast['users'] | 'visitor';
const EVERYONE: Who[] = ['visitor', 'outsider', 'behind', 'at', 'past', 'revealed', 'host', 'admin'];

const threadUrl = (cast: Cast, n: number) => `/lc/${cast.lc.slug}/discussao?etapa=${n}`;
const cookieOf = (cast: Cast, who: Who) => (who === 'visitor' ? undefined : cast.users[who].cookie);
const loaderBody = async (cast: Cast, who: Who, path: string) =>
  JSON.stringify(await call(discussion.loader, getRequest(path, cookieOf(cast, who)), { identificador: cast.lc.slug }));

describe('the discussion’s spoiler gate', () => {
  it('shows etapa 2’s comments to who passed it, revealed it, hosts or runs the site — and to no one else, on every surface', async () => {
    const cast = await spoilerCast();
    const seen: Record<string, boolean> = {};
    for (const who of EVERYONE) seen[who] = (await loaderBody(cast, who, threadUrl(cast, 2))).includes(SPOILER);
    expect(seen).toEqual({ visitor: false, outsider: false, behind: false, at: false, past: true, revealed: true, host: true, admin: true });

    // The list of threads carries counts, never a body, for anyone.
    for (const who of EVERYONE) {
      const body = await loaderBody(cast, who, `/lc/${cast.lc.slug}/discussao`);
      expect(body).not.toContain(SPOILER);
      expect(body).toContain('"commentCount":1');
    }
    // Etapa 1: the participant at etapa 2 passed it; the one behind did not.
    expect(await loaderBody(cast, 'at', threadUrl(cast, 1))).toContain(SAFE);
    expect(await loaderBody(cast, 'behind', threadUrl(cast, 1))).not.toContain(SAFE);

    // The data function itself, as any other caller would use it.
    const thread = await getThread(cast.v.behind, cast.lc.id, 2, 1);
    expect(thread).toMatchObject({ comments: [], thread: { open: false, commentCount: 1 }, may: { reveal: true, comment: false } });

    // Progress moves the gate: page 264 passes etapa 2.
    await logProgress(cast.v.at, cast.editionId, byPage(264));
    expect(await loaderBody(cast, 'at', threadUrl(cast, 2))).toContain(SPOILER);
    // Leaving the LC closes it again (revealing was a participant's choice).
    await getDb().delete(groupReadParticipants).where(eq(groupReadParticipants.userId, cast.users.revealed.id));
    expect(await loaderBody(cast, 'revealed', threadUrl(cast, 2))).not.toContain(SPOILER);
  });

  it('refuses a comment in an etapa the participant has not reached, keeps what they typed, and lets them in after "mostrar mesmo assim"', async () => {
    const cast = await spoilerCast();
    const fields = { intent: 'comentar', stageId: cast.stages[1]!.id, comment: 'Não li ainda, mas…' };
    const post = (who: Who, f: Record<string, string>) =>
      call(discussion.action, formRequest(`/lc/${cast.lc.slug}/discussao?etapa=2`, f, { cookie: cookieOf(cast, who) ?? '' }), { identificador: cast.lc.slug });
    const refused = (await post('behind', fields)) as { data: { formError: string; fields: Record<string, string> }; init: { status: number } };
    expect(refused.init.status).toBe(403);
    expect(refused.data.formError).toMatch(/mostrar mesmo assim/);
    expect(refused.data.fields.comment).toBe('Não li ainda, mas…');
    expect(await statusOf(post('outsider', fields))).toBe(403);
    expect(await statusOf(post('admin', fields))).toBe(403);
    expect(await statusOf(post('visitor', fields))).toBe(302);
    // An empty comment: the message is next to the field.
    expect(await post('past', { ...fields, comment: '  ' })).toMatchObject({ data: { fieldErrors: { comment: 'Escreva o comentário.' } } });

    expect(await post('behind', { intent: 'mostrar', stageId: cast.stages[1]!.id })).toMatchObject({ success: expect.any(String) });
    expect(await post('behind', fields)).toMatchObject({ success: 'Comentário publicado.' });
    expect(await loaderBody(cast, 'behind', threadUrl(cast, 2))).toContain(SPOILER);
  });

  it('tells the author of a comment about a reply with a link and never the reply’s text', async () => {
    const cast = await spoilerCast();
    const stage = cast.stages[1]!.id;
    const first = await addGroupReadComment(cast.v.past, cast.lc.id, { stageId: stage, body: 'Que final!', parentId: null });
    const reply = 'RESPOSTA-COM-SPOILER: ela volta no fim';
    await addGroupReadComment(cast.v.revealed, cast.lc.id, { stageId: stage, body: reply, parentId: first.id });
    // A reply to one's own comment tells no one.
    await addGroupReadComment(cast.v.past, cast.lc.id, { stageId: stage, body: 'Eu mesma.', parentId: first.id });
    const inbox = await getDb().select().from(notifications).where(eq(notifications.userId, cast.users.past.id));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ kind: 'group_read_reply', link: expect.stringContaining(`/lc/${cast.lc.slug}/discussao?etapa=2#comentario-`) });
    expect(JSON.stringify(inbox)).not.toContain('RESPOSTA');
    const everything = await queryRows<{ text: string }>(sql`SELECT text FROM notifications`);
    expect(everything.map((n) => n.text).join('\n')).not.toContain('RESPOSTA');
    // The reader's "Comentário" switch governs it: off in the app, nothing more arrives there.
    await getDb().execute(sql`INSERT INTO notification_settings (user_id, type, in_app, email) VALUES (${cast.users.past.id}, 'comment', false, false)`);
    await addGroupReadComment(cast.v.revealed, cast.lc.id, { stageId: stage, body: 'De novo.', parentId: first.id });
    expect(await getDb().select().from(notifications).where(eq(notifications.userId, cast.users.past.id))).toHaveLength(1);
    // Replies nest under the comment, for who may read them.
    const thread = await getThread(cast.v.host, cast.lc.id, 2, 1);
    expect(thread?.comments.find((c) => c.id === first.id)?.replies.map((r) => r.body)).toEqual([reply, 'Eu mesma.', 'De novo.']);
  });

  it('tells no one of a reply in an LC whose host is hidden from them (in a block with them, or suspended)', async () => {
    const cast = await spoilerCast();
    const stage = cast.stages[1]!.id;
    const first = await addGroupReadComment(cast.v.past, cast.lc.id, { stageId: stage, body: 'Que final!', parentId: null });
    const inbox = async () => (await getDb().select().from(notifications).where(eq(notifications.userId, cast.users.past.id))).length;
    await block(cast.users.past.id, cast.users.host.id);
    await addGroupReadComment(cast.v.revealed, cast.lc.id, { stageId: stage, body: 'Resposta 1', parentId: first.id });
    expect(await inbox()).toBe(0);
    await getDb().execute(sql`DELETE FROM blocks WHERE blocker_id = ${cast.users.past.id}`);
    await addGroupReadComment(cast.v.revealed, cast.lc.id, { stageId: stage, body: 'Resposta 2', parentId: first.id });
    expect(await inbox()).toBe(1);
    await suspend(cast.users.host.id);
    await addGroupReadComment(cast.v.revealed, cast.lc.id, { stageId: stage, body: 'Resposta 3', parentId: first.id });
    expect(await inbox()).toBe(1);
  });

  it('hides the comments of a reader in a block with the viewer, or suspended, as the rest of their content, and takes no reply to them', async () => {
    const cast = await spoilerCast();
    const bodies = async (who: Viewer, n: number) => (await getThread(who, cast.lc.id, n, 1))?.comments.map((c) => c.body) ?? [];
    const counts = async (who: Viewer | null) => (await getDiscussion(who, cast.lc.id)).threads.map((t) => t.commentCount);
    expect(await bodies(cast.v.past, 2)).toEqual([SPOILER]);
    expect(await counts(cast.v.past)).toEqual([1, 1]);
    await block(cast.users.past.id, cast.users.host.id);
    // The threads' counts are of what the viewer is shown.
    expect([await counts(cast.v.past), await counts(cast.v.host), await counts(cast.v.admin)]).toEqual([
      [1, 0],
      [0, 1],
      [1, 1],
    ]);
    expect((await getThread(cast.v.past, cast.lc.id, 2, 1))?.thread.commentCount).toBe(0);
    // Both ways: the one who blocked and the one blocked see nothing of the other; a site admin sees both.
    expect(await bodies(cast.v.past, 2)).toEqual([]);
    expect(await bodies(cast.v.host, 1)).toEqual([]);
    expect(await bodies(cast.v.admin, 1)).toEqual([SAFE]);
    expect(await bodies(cast.v.past, 1)).toEqual([SAFE]);
    const spoiler = (await getThread(cast.v.admin, cast.lc.id, 2, 1))!.comments[0]!;
    await expect(addGroupReadComment(cast.v.past, cast.lc.id, { stageId: cast.stages[1]!.id, body: 'Oi', parentId: spoiler.id })).rejects.toMatchObject({
      code: 'not_found',
    });
    // A suspended reader's comments leave everyone's thread but their own.
    await suspend(cast.users.past.id);
    expect(await bodies(cast.v.at, 1)).toEqual([]);
    expect(await bodies(cast.v.admin, 1)).toEqual([]);
    expect([await counts(cast.v.at), await counts(null)]).toEqual([
      [0, 1],
      [0, 1],
    ]);
  });

  it('counts what the thread shows: a reply leaves the counts with its deleted comment, or with one whose author the viewer is not shown', async () => {
    const cast = await spoilerCast();
    const counts = async (who: Viewer | null) => (await getDiscussion(who, cast.lc.id)).threads.map((t) => t.commentCount);
    const shown = async (who: Viewer, n: number) => {
      const thread = (await getThread(who, cast.lc.id, n, 1))!;
      return [thread.thread.commentCount, thread.comments.reduce((sum, c) => sum + 1 + c.replies.length, 0)];
    };
    const [safe] = (await getThread(cast.v.past, cast.lc.id, 1, 1))!.comments;
    await addGroupReadComment(cast.v.at, cast.lc.id, { stageId: cast.stages[0]!.id, body: 'Resposta ao seguro.', parentId: safe!.id });
    const [spoiler] = (await getThread(cast.v.past, cast.lc.id, 2, 1))!.comments;
    await addGroupReadComment(cast.v.past, cast.lc.id, { stageId: cast.stages[1]!.id, body: 'Resposta ao spoiler.', parentId: spoiler!.id });
    expect(await counts(null)).toEqual([2, 2]);
    // The one who blocked the author of etapa 1's comment is shown neither it nor the reply under it (nor their reply).
    await block(cast.users.revealed.id, cast.users.past.id);
    expect(await shown(cast.v.revealed, 1)).toEqual([0, 0]);
    expect(await shown(cast.v.revealed, 2)).toEqual([1, 1]);
    expect(await counts(cast.v.revealed)).toEqual([0, 1]);
    // The host deletes their comment on etapa 2: its reply goes with it, for everyone.
    await deleteGroupReadComment(cast.v.host, cast.lc.id, spoiler!.id);
    for (const who of [cast.v.past, cast.v.host, cast.v.admin]) expect(await shown(who, 2)).toEqual([0, 0]);
    expect(await counts(null)).toEqual([2, 0]);
    expect(await counts(cast.v.past)).toEqual([2, 0]);
  });

  it('puts a reader’s own comments in their archive and no one else’s', async () => {
    const cast = await spoilerCast();
    const behind = JSON.stringify((await archiveData(cast.users.behind.id)).data);
    expect(behind).not.toContain(SPOILER);
    expect(behind).not.toContain(SAFE);
    expect(JSON.stringify((await archiveData(cast.users.host.id)).data)).toContain(SPOILER);
  });

  it(`pages a long thread (${PAGE} comments a page, oldest first) and opens one reply form at a time: "Responder" links to ?responder=`, async () => {
    const cast = await spoilerCast();
    // PAGE more top-level comments on etapa 1, a minute apart, after SAFE: one more than a page.
    await getDb().execute(sql`
      INSERT INTO group_read_comments (id, group_read_id, stage_id, author_id, body, created_at)
      SELECT 'paged-' || k, ${cast.lc.id}, ${cast.stages[0]!.id}, ${cast.users.at.id}, 'Comentário número ' || k, now() + k * interval '1 minute'
      FROM generate_series(1, ${PAGE}) AS k`);
    const render = async (path: string) => {
      const loaded = (await call(discussion.loader, getRequest(path, cast.users.past.cookie), { identificador: cast.lc.slug })) as { data: unknown };
      return renderPage(discussion.default, loaded.data, path);
    };
    const replyForms = (html: string) => [...html.matchAll(/name="parentId" value="([^"]+)"/g)].map((m) => m[1]);
    const first = await render(threadUrl(cast, 1));
    expect(first).toContain(SAFE);
    expect(first).toContain(`Comentário número ${PAGE - 1}`);
    expect(first).not.toContain(`Comentário número ${PAGE}`);
    // Every comment has its link, none a form of its own: the page has the thread's form alone.
    expect(first.match(/aria-label="Responder a /g)).toHaveLength(PAGE);
    expect(replyForms(first)).toEqual([]);
    expect(first.match(/<form[^>]*aria-label="Comentar nesta etapa"/g)).toHaveLength(1);
    expect(first).toContain(`href="/lc/${cast.lc.slug}/discussao?etapa=1&amp;responder=paged-7#comentario-paged-7"`);

    // The link's page opens that comment's form alone; the forms post to the page without it, and the next page's
    // link leaves it out too.
    const replying = await render(`${threadUrl(cast, 1)}&responder=paged-7`);
    expect(replyForms(replying)).toEqual(['paged-7']);
    expect(replying).toMatch(/<form[^>]*aria-label="Responder a [^"]+"[^>]*action="\/lc\/[^"]+\/discussao\?etapa=1"/);
    expect(replying).toMatch(/href="\/lc\/[^"]+\/discussao\?etapa=1&amp;pagina=2"/);
    expect(replying).toContain('Cancelar');

    const second = await render(`${threadUrl(cast, 1)}&pagina=2&responder=paged-${PAGE}`);
    expect(second).toContain(`Comentário número ${PAGE}`);
    expect(second).not.toContain(SAFE);
    expect(replyForms(second)).toEqual([`paged-${PAGE}`]);
    expect(second).toMatch(/<form[^>]*aria-label="Responder a [^"]+"[^>]*action="\/lc\/[^"]+\/discussao\?etapa=1&amp;pagina=2"/);

    // A reader who may not comment gets neither the links nor a form.
    const visitorData = (await call(discussion.loader, getRequest(threadUrl(cast, 1)), { identificador: cast.lc.slug })) as { data: unknown };
    const visitor = renderPage(discussion.default, visitorData.data, `${threadUrl(cast, 1)}&responder=paged-7`);
    expect(visitor).not.toContain('Responder');
    expect(visitor).not.toContain('<form');
  });

  describe('the visitors’ cached page', () => {
    beforeEach(async () => {
      clearHtmlCache();
      await listenForInvalidations();
    });

    it('holds the counts only, and a new comment drops it', async () => {
      const cast = await spoilerCast();
      const page = (path: string): Page => ({ url: new URL(`http://localhost:3000${path}`), route: discussion, params: { identificador: cast.lc.slug } });
      const list = page(`/lc/${cast.lc.slug}/discussao`);
      const thread = page(threadUrl(cast, 2));
      for (const p of [list, thread]) expect(await visit(p)).not.toContain(SPOILER);
      await addGroupReadComment(cast.v.past, cast.lc.id, { stageId: cast.stages[1]!.id, body: 'Mais um.', parentId: null });
      await dropped(list, thread);
      expect(await visit(list)).toContain('"commentCount":2');
      expect(await visit(thread)).not.toContain('Mais um.');
    });

    it('forgets a suspended commenter’s comments at once, and counts them again once they are restored', async () => {
      const cast = await spoilerCast();
      const page: Page = { url: new URL(`http://localhost:3000/lc/${cast.lc.slug}/discussao`), route: discussion, params: { identificador: cast.lc.slug } };
      expect(await visit(page)).toContain('"commentCount":1');
      await setSuspended(cast.v.admin, cast.users.past.id, true);
      await dropped(page);
      expect(await visit(page)).toMatch(/"commentCount":0.*"commentCount":1/);
      await setSuspended(cast.v.admin, cast.users.past.id, false);
      await dropped(page);
      expect(await visit(page)).toMatch(/"commentCount":1.*"commentCount":1/);
    });
  });
});

describe('progress along the schedule', () => {
  it('derives each participant’s etapas from reading progress (pages, percent, finished) and their "li esta etapa" marks', async () => {
    const host = verified(await createUser({ verified: true }));
    const chapters = await createEdition({ title: 'Sem páginas', authors: ['Autora'] });
    const input = await lcInput();
    const pagesBook = input.editions[0]!.editionId;
    const start = input.startsOn;
    const lc = await createGroupRead(host, {
      ...input,
      editions: [...input.editions, { editionId: chapters, pages: 100 }],
      stages: [...input.stages, { editionIndex: 1, unit: 'chapters', fromNumber: 1, toNumber: 10, startsOn: addDays(start, 13), endsOn: addDays(start, 13) }],
    });
    const people = await Promise.all([1, 2, 3, 4].map(() => createUser({ verified: true })));
    const [pct, pages, done, marker] = people.map((u) => verified(u)) as [Viewer, Viewer, Viewer, Viewer];
    for (const r of [pct, pages, done, marker]) await joinGroupRead(r, lc.id);
    await logProgress(pct, pagesBook, { ...byPage(50), unit: 'percent' });
    await logProgress(pages, pagesBook, byPage(131));
    await setShelfStatus(done, pagesBook, 'read');
    const stages = await listStages(lc.id);
    const mark = (stageId: string, intent = 'li-etapa') =>
      call(progress.action, formRequest(`/lc/${lc.slug}/progresso`, { intent, stageId }, { cookie: people[3]!.cookie }), { identificador: lc.slug });
    // "Li esta etapa" through the tab's form on the chapter etapa; an etapa in pages moves with progress only.
    expect(await mark(stages[0]!.id)).toMatchObject({ data: { formError: expect.stringMatching(/progresso de leitura/) } });
    expect(await mark(stages[2]!.id)).toMatchObject({ success: 'Etapa marcada como lida.' });
    // An etapa in pages of a book without a page count is marked too; once the catalogue learns the count, it moves
    // with progress, and the mark made before can still be taken back.
    await getDb().execute(sql`UPDATE group_read_stages SET unit = 'pages' WHERE id = ${stages[2]!.id}`);
    await getDb().execute(sql`UPDATE editions SET pages = 100 WHERE id = ${chapters}`);
    expect(await mark(stages[2]!.id)).toMatchObject({ data: { formError: expect.stringMatching(/progresso de leitura/) } });
    expect(await mark(stages[2]!.id, 'nao-li-etapa')).toMatchObject({ success: 'Marca desfeita.' });
    await getDb().execute(sql`UPDATE editions SET pages = NULL WHERE id = ${chapters}`);
    await getDb().execute(sql`UPDATE group_read_stages SET unit = 'chapters' WHERE id = ${stages[2]!.id}`);
    expect(await mark(stages[2]!.id)).toMatchObject({ success: 'Etapa marcada como lida.' });

    const list = await listParticipantsProgress(pct, lc.id, 1);
    const passed = Object.fromEntries(list!.participants.map((p) => [p.userId, p.passedStageIds.length]));
    // 50 % of 264 pages is page 132, the end of etapa 1; page 131 is not; finishing passes both of that book's.
    expect(passed).toEqual({ [pct.id]: 1, [pages.id]: 0, [done.id]: 2, [marker.id]: 1 });
    // Only those reading along (and hosts, site admins) see everyone's progress.
    expect(await listParticipantsProgress(verified(await createUser()), lc.id, 1)).toBeNull();
    expect(await listParticipantsProgress(null, lc.id, 1)).toBeNull();
    const tab = (await call(participants.loader, getRequest(`/lc/${lc.slug}/participantes`), { identificador: lc.slug })) as {
      data: { participants: unknown };
    };
    expect(tab.data.participants).toBeNull();

    // progresso's form logs through the reading domain and moves the reader along.
    const logged = await call(
      progress.action,
      formRequest(`/lc/${lc.slug}/progresso`, { intent: 'progresso', editionId: pagesBook, value: '264', unit: 'paginas' }, { cookie: people[1]!.cookie }),
      { identificador: lc.slug },
    );
    expect(logged).toMatchObject({ success: 'Progresso registrado.' });
    const mine = (await call(progress.loader, getRequest(`/lc/${lc.slug}/progresso`, people[1]!.cookie), { identificador: lc.slug })) as {
      mine: { standing: { passed: number } };
    };
    expect(mine.mine.standing.passed).toBe(2);
    const tooFar = await call(
      progress.action,
      formRequest(`/lc/${lc.slug}/progresso`, { intent: 'progresso', editionId: pagesBook, value: '999', unit: 'paginas' }, { cookie: people[0]!.cookie }),
      { identificador: lc.slug },
    );
    expect(tooFar).toMatchObject({ data: { fieldErrors: { value: 'Este livro tem 264 páginas.' }, fields: { value: '999' } } });
  });

  it('ahead, on time and behind against today’s etapa', () => {
    const today = saoPauloToday();
    const stages = [
      { id: 'a', startsOn: addDays(today, -14), endsOn: addDays(today, -8) },
      { id: 'b', startsOn: addDays(today, -7), endsOn: addDays(today, 1) },
      { id: 'c', startsOn: addDays(today, 2), endsOn: addDays(today, 9) },
    ];
    expect(scheduleStanding(stages, new Set(), today).pace).toBe('behind');
    expect(scheduleStanding(stages, new Set(['a']), today)).toMatchObject({ pace: 'on_time', passed: 1, total: 3, nextStageId: 'b' });
    expect(scheduleStanding(stages, new Set(['a', 'b']), today).pace).toBe('ahead');
    expect(scheduleStanding(stages, new Set(['b', 'c']), today).pace).toBe('behind');
    expect(scheduleStanding(stages, new Set(['a', 'b', 'c']), today)).toMatchObject({ pace: 'ahead', nextStageId: null });
  });
});
