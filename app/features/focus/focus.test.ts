import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { createMarathon, joinMarathon } from '~/features/marathons/mutations.server';
import { todayIn } from '~/features/marathons/policy';
import { addDays } from '~/features/lcs/schedule';
import { setShelfStatus } from '~/features/reading/shelves/mutations.server';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, formRequest, getRequest, testViewer } from '../../../test/factories';
import { marathonInput, noticeReader } from '../../../test/marathon-fixtures';
import { call } from '../../../test/routes';
import * as focaPage from '../../routes/foca';
import * as focaLogs from '../../routes/foca.logs';
import * as home from '../../routes/home';
import { renderPage } from '../../../test/render';
import { closeExpiredSessions, finishFocusSession, giveUpFocusSession, startFocusSession } from './sessions.server';
import { getFocusToday, listFocusSessions } from './queries.server';

useTestDatabase();

type SessionRow = { status: string; planned_minutes: number; credited_minutes: number; credited_on: string | null; length_seconds: number };

const sessionRow = async (id: string) =>
  (
    await queryRows<SessionRow>(
      sql`SELECT status, planned_minutes, credited_minutes, credited_on::text AS credited_on, extract(epoch FROM ends_at - started_at)::int AS length_seconds FROM focus_sessions WHERE id = ${id}`,
    )
  )[0]!;

/** Moves a session in time as if it had started `minutesAgo` minutes ago (the clock is the server's: tests move the rows). */
const startedAgo = (id: string, minutesAgo: number) =>
  getDb().execute(
    sql`UPDATE focus_sessions SET started_at = now() - make_interval(mins => ${minutesAgo}), ends_at = now() - make_interval(mins => ${minutesAgo}) + make_interval(mins => planned_minutes) WHERE id = ${id}`,
  );

async function readerWithBook(pages = 300): Promise<{ viewer: Viewer; book: string; cookie: string }> {
  const user = await createUser();
  const viewer = testViewer(user);
  const book = await createEdition({ title: `Grande Sertão ${newId()}`, authors: ['Guimarães Rosa'], pages });
  await setShelfStatus(viewer, book, 'reading');
  return { viewer, book, cookie: user.cookie };
}

describe('starting a focus session', () => {
  it('takes only the book and the duration from the form: times and minutes sent by the browser are ignored', async () => {
    const { viewer, book, cookie } = await readerWithBook();
    const result = await call(
      focaPage.action,
      formRequest(
        '/foca',
        {
          intent: 'iniciar',
          edition: book,
          minutes: '25',
          startedAt: '2020-01-01T00:00:00Z',
          endsAt: '2020-01-01T03:00:00Z',
          creditedMinutes: '180',
          plannedMinutes: '180',
        },
        { cookie },
      ),
    );
    expect(result).toMatchObject({ success: expect.stringContaining('começou') });
    const { running } = await getFocusToday(viewer);
    expect(running).toMatchObject({ plannedMinutes: 25, status: 'running', edition: { id: book } });
    const row = await sessionRow(running!.id);
    expect(row.length_seconds).toBe(25 * 60);
    expect(Math.abs(Date.parse(running!.startedAt) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses durations outside 5–180 with the message next to the field, keeping what was typed', async () => {
    const { book, cookie } = await readerWithBook();
    const result = (await call(
      focaPage.action,
      formRequest('/foca', { intent: 'iniciar', edition: book, minutes: 'outra', customMinutes: '181' }, { cookie }),
    )) as {
      data: { fieldErrors: Record<string, string>; fields: Record<string, string> };
    };
    expect(result.data.fieldErrors.customMinutes).toBe('A sessão dura de 5 a 180 minutos, em minutos inteiros.');
    expect(result.data.fields.customMinutes).toBe('181');
    const custom = await call(focaPage.action, formRequest('/foca', { intent: 'iniciar', edition: book, minutes: 'outra', customMinutes: '7' }, { cookie }));
    expect(custom).toMatchObject({ success: expect.any(String) });
  });

  it('only with a book the reader is reading', async () => {
    const { viewer } = await readerWithBook();
    const other = await createEdition({ title: 'Quarto de Despejo', authors: ['Carolina Maria de Jesus'], pages: 200 });
    await expect(startFocusSession(viewer, { editionId: other, plannedMinutes: 25 })).rejects.toMatchObject({ code: 'invalid_input', field: 'editionId' });
    await setShelfStatus(viewer, other, 'want_to_read');
    await expect(startFocusSession(viewer, { editionId: other, plannedMinutes: 25 })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('lets exactly one of two parallel starts win (the database allows one running session per reader)', async () => {
    const { viewer, book } = await readerWithBook();
    const results = await Promise.allSettled([
      startFocusSession(viewer, { editionId: book, plannedMinutes: 25 }),
      startFocusSession(viewer, { editionId: book, plannedMinutes: 40 }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { code: 'conflict', message: 'Você já tem uma sessão de foco em andamento.' },
    });
    const [{ n }] = (await queryRows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM focus_sessions WHERE user_id = ${viewer.id} AND status = 'running'`,
    )) as [{ n: number }];
    expect(n).toBe(1);
    // And the index itself refuses a second running row, whatever the code does.
    await expect(
      getDb().execute(
        sql`INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, ends_at) VALUES (${newId()}, ${viewer.id}, ${book}, 25, now() + interval '25 minutes')`,
      ),
    ).rejects.toThrow();
  });
});

describe('giving up and finishing', () => {
  it('giving up ends the session as interrompida with half the whole minutes elapsed', async () => {
    const { viewer, book } = await readerWithBook();
    const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 25 });
    await startedAgo(id, 21);
    expect(await giveUpFocusSession(viewer, id)).toEqual({ credited: 10 });
    expect(await sessionRow(id)).toMatchObject({ status: 'given_up', credited_minutes: 10, credited_on: todayIn('America/Sao_Paulo') });
    await expect(giveUpFocusSession(viewer, id)).rejects.toMatchObject({ code: 'invalid_input', message: 'Esta sessão já terminou.' });
    await expect(finishFocusSession(viewer, id, null)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('finishing waits for the end, credits the planned minutes once, and a second finish is refused', async () => {
    const { viewer, book } = await readerWithBook();
    const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 25 });
    await expect(finishFocusSession(viewer, id, 40)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('Desistir') });
    await startedAgo(id, 26);
    expect(await finishFocusSession(viewer, id, 40)).toEqual({ credited: 25 });
    await expect(finishFocusSession(viewer, id, 60)).rejects.toMatchObject({ code: 'invalid_input', message: 'Esta sessão já terminou.' });
    expect(await sessionRow(id)).toMatchObject({ status: 'finished', credited_minutes: 25 });
    const [reading] = await queryRows<{ value: number; unit: string }>(
      sql`SELECT rt.progress_value AS value, rt.progress_unit AS unit FROM read_throughs rt JOIN shelf_entries s ON s.id = rt.shelf_entry_id WHERE s.user_id = ${viewer.id}`,
    );
    expect(reading).toMatchObject({ value: 40, unit: 'page' });
    expect((await getFocusToday(viewer)).minutesToday).toBe(25);
  });

  it('refuses a page past the end of the book next to the field, and leaves the session open', async () => {
    const { viewer, book } = await readerWithBook(100);
    const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 5 });
    await startedAgo(id, 6);
    await expect(finishFocusSession(viewer, id, 101)).rejects.toMatchObject({ code: 'invalid_input', field: 'value', message: 'Este livro tem 100 páginas.' });
    expect((await sessionRow(id)).status).toBe('running');
  });

  it("answers not_found for another reader's session and for a forged id", async () => {
    const { viewer, book, cookie } = await readerWithBook();
    const { viewer: other, cookie: otherCookie } = await readerWithBook();
    const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 25 });
    await startedAgo(id, 30);
    await expect(finishFocusSession(other, id, null)).rejects.toMatchObject({ code: 'not_found' });
    await expect(giveUpFocusSession(other, id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(finishFocusSession(viewer, 'forjado', null)).rejects.toMatchObject({ code: 'not_found' });
    const answer = (await call(focaPage.action, formRequest('/foca', { intent: 'concluir', session: id }, { cookie: otherCookie }))) as {
      init: { status: number };
    };
    expect(answer.init.status).toBe(404);
    expect((await sessionRow(id)).status).toBe('running');
    expect(await call(focaPage.action, formRequest('/foca', { intent: 'concluir', session: id }, { cookie }))).toMatchObject({ success: expect.any(String) });
  });
});

describe('sessions left open', () => {
  it('close themselves past the grace after their end, by the recurring sweep or lazily on read, crediting the planned minutes', async () => {
    const { viewer, book } = await readerWithBook();
    const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 25 });
    await startedAgo(id, 25 + 29);
    expect(await closeExpiredSessions()).toBe(0); // still within the grace: the reader may come back to finish
    await startedAgo(id, 25 + 31);
    expect(await closeExpiredSessions()).toBe(1);
    expect(await sessionRow(id)).toMatchObject({ status: 'expired', credited_minutes: 25 });
    expect(await closeExpiredSessions()).toBe(0);

    const second = await startFocusSession(viewer, { editionId: book, plannedMinutes: 40 });
    await startedAgo(second.id, 40 + 31);
    const today = await getFocusToday(viewer);
    expect(today.running).toBeNull();
    expect(await sessionRow(second.id)).toMatchObject({ status: 'expired', credited_minutes: 40 });
    // A new start closes a stale one too (the one-running index would refuse it otherwise).
    const third = await startFocusSession(viewer, { editionId: book, plannedMinutes: 5 });
    await startedAgo(third.id, 5 + 31);
    await startFocusSession(viewer, { editionId: book, plannedMinutes: 5 });
    expect((await sessionRow(third.id)).status).toBe('expired');
    expect((await listFocusSessions(viewer)).total).toBe(4);
  });
});

describe('the daily cap', () => {
  it('credits at most 16 h per São Paulo day, the day counted where the session ended', async () => {
    const { viewer, book } = await readerWithBook();
    const yesterday = addDays(todayIn('America/Sao_Paulo'), -1);
    const dayBefore = addDays(yesterday, -1);
    // 960 minutes already credited the day before yesterday.
    for (let i = 0; i < 6; i += 1)
      await getDb()
        .execute(sql`INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, status, started_at, ends_at, finished_at, credited_minutes, credited_on)
        VALUES (${newId()}, ${viewer.id}, ${book}, 160, 'finished', ${`${dayBefore}T12:00:00-03:00`}::timestamptz, ${`${dayBefore}T14:40:00-03:00`}::timestamptz, ${`${dayBefore}T14:40:00-03:00`}::timestamptz, 160, ${dayBefore})`);
    const leftOpen = async (endsAt: string) => {
      const id = newId();
      await getDb().execute(sql`INSERT INTO focus_sessions (id, user_id, edition_id, planned_minutes, started_at, ends_at)
        VALUES (${id}, ${viewer.id}, ${book}, 25, ${endsAt}::timestamptz - interval '25 minutes', ${endsAt}::timestamptz)`);
      await closeExpiredSessions();
      return sessionRow(id);
    };
    // Ending at 23:55 in São Paulo, the day is full: nothing more counts.
    expect(await leftOpen(`${dayBefore}T23:55:00-03:00`)).toMatchObject({ status: 'expired', credited_minutes: 0, credited_on: dayBefore });
    // Ten minutes later it is another day there (02:05 UTC): all of it counts.
    expect(await leftOpen(`${yesterday}T00:05:00-03:00`)).toMatchObject({ status: 'expired', credited_minutes: 25, credited_on: yesterday });
    // A day with 950 minutes takes only 10 of the next session.
    await getDb()
      .execute(sql`UPDATE focus_sessions SET credited_minutes = 150 WHERE user_id = ${viewer.id} AND credited_on = ${dayBefore} AND credited_minutes = 160
      AND id = (SELECT id FROM focus_sessions WHERE user_id = ${viewer.id} AND credited_on = ${dayBefore} AND credited_minutes = 160 LIMIT 1)`);
    expect(await leftOpen(`${dayBefore}T22:00:00-03:00`)).toMatchObject({ credited_minutes: 10, credited_on: dayBefore });
  });
});

describe('marathons', () => {
  it('count the minutes of a session once, and the pages it reached once', async () => {
    const { viewer: organizer } = await noticeReader();
    const marathon = await createMarathon(organizer, marathonInput({ startsOn: todayIn('America/Sao_Paulo') }));
    const { user, viewer } = await noticeReader();
    await joinMarathon(viewer, marathon.id, null);
    const book = await createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'], pages: 256 });
    await setShelfStatus(viewer, book, 'reading');
    const scores = async () =>
      (
        await queryRows<{ pages: number; minutes: number }>(
          sql`SELECT pages, minutes FROM marathon_participants WHERE marathon_id = ${marathon.id} AND user_id = ${user.id}`,
        )
      )[0];

    const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 5 });
    await startedAgo(id, 6);
    const results = await Promise.allSettled([finishFocusSession(viewer, id, 30), finishFocusSession(viewer, id, 30)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await scores()).toEqual({ pages: 30, minutes: 5 });
    await expect(finishFocusSession(viewer, id, 30)).rejects.toMatchObject({ code: 'invalid_input' });
    await closeExpiredSessions();
    expect(await scores()).toEqual({ pages: 30, minutes: 5 });

    const given = await startFocusSession(viewer, { editionId: book, plannedMinutes: 20 });
    await startedAgo(given.id, 10);
    await giveUpFocusSession(viewer, given.id);
    expect(await scores()).toEqual({ pages: 30, minutes: 10 });
  });
});

describe('the pages', () => {
  it('/foca offers the books being read, then shows the running session with its countdown; /home and /foca/logs show it too', async () => {
    const { viewer, book, cookie } = await readerWithBook();
    const before = await call(focaPage.loader, getRequest('/foca', cookie));
    const empty = renderPage(focaPage.default, before, '/foca');
    expect(empty).toContain('<h1');
    expect(empty).toContain('Começar uma sessão');
    expect(empty).toContain('Nenhuma sessão ainda.');

    const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 40 });
    await startedAgo(id, 10);
    const during = (await call(focaPage.loader, getRequest('/foca', cookie))) as Awaited<ReturnType<typeof focaPage.loader>>;
    expect(during.running).toMatchObject({ id, plannedMinutes: 40, unit: 'page' });
    const html = renderPage(focaPage.default, during, '/foca');
    expect(html).toContain('Sessão em andamento');
    expect(html).toMatch(/role="timer"[^>]*>(29:5\d|30:00)</);
    expect(html).toContain('Desistir');
    const homeHtml = renderPage(home.default, await call(home.loader, getRequest('/home', cookie)), '/home');
    expect(homeHtml).toContain('Abrir a sessão');

    await startedAgo(id, 41);
    const ended = renderPage(focaPage.default, await call(focaPage.loader, getRequest('/foca', cookie)), '/foca');
    expect(ended).toContain('Concluir sessão');
    expect(ended).toContain('Página em que parou');

    const logsHtml = renderPage(focaLogs.default, await call(focaLogs.loader, getRequest('/foca/logs', cookie)), '/foca/logs');
    expect(logsHtml).toContain('Sessões de foco');
    expect(logsHtml).toContain('Em andamento');
  });

  it('/foca without a book being read points to the bookshelf', async () => {
    const user = await createUser();
    const html = renderPage(focaPage.default, await call(focaPage.loader, getRequest('/foca', user.cookie)), '/foca');
    expect(html).toContain('Escolha um livro para começar');
  });
});
