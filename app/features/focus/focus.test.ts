import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '~/db/client.server';
import { createMarathon, joinMarathon } from '~/features/marathons/mutations.server';
import { todayIn } from '~/lib/calendar';
import { addDays } from '~/features/lcs/schedule';
import { logProgress } from '~/features/reading/progress/progress.server';
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

const page = (value: number) => ({ value, unit: 'page' as const });

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
    expect(await giveUpFocusSession(viewer, id)).toEqual({ status: 'given_up', credited: 10 });
    expect(await sessionRow(id)).toMatchObject({ status: 'given_up', credited_minutes: 10, credited_on: todayIn('America/Sao_Paulo') });
    await expect(giveUpFocusSession(viewer, id)).rejects.toMatchObject({ code: 'invalid_input', message: 'Esta sessão já terminou.' });
    await expect(finishFocusSession(viewer, id, null)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('finishing waits for the end, credits the planned minutes once, and a second finish is refused', async () => {
    const { viewer, book } = await readerWithBook();
    const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 25 });
    await expect(finishFocusSession(viewer, id, page(40))).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('Desistir') });
    await startedAgo(id, 26);
    expect(await finishFocusSession(viewer, id, page(40))).toEqual({ status: 'finished', credited: 25 });
    await expect(finishFocusSession(viewer, id, page(60))).rejects.toMatchObject({ code: 'invalid_input', message: 'Esta sessão já terminou.' });
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
    await expect(finishFocusSession(viewer, id, page(101))).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'value',
      message: 'Este livro tem 100 páginas.',
    });
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

/** A reader in a marathon running today, reading `source`, and their marathon score. */
async function marathonReader(source: Parameters<typeof createEdition>[0]) {
  const { viewer: organizer } = await noticeReader();
  const marathon = await createMarathon(organizer, marathonInput({ startsOn: todayIn('America/Sao_Paulo') }));
  const { user, viewer } = await noticeReader();
  await joinMarathon(viewer, marathon.id, null);
  const book = await createEdition(source);
  await setShelfStatus(viewer, book, 'reading');
  const scores = async () =>
    (
      await queryRows<{ pages: number; minutes: number }>(
        sql`SELECT pages, minutes FROM marathon_participants WHERE marathon_id = ${marathon.id} AND user_id = ${user.id}`,
      )
    )[0];
  return { viewer, book, scores, cookie: user.cookie };
}

const currentProgress = async (viewer: Viewer) =>
  (
    await queryRows<{ value: number; unit: string }>(
      sql`SELECT rt.progress_value AS value, rt.progress_unit AS unit FROM read_throughs rt JOIN shelf_entries s ON s.id = rt.shelf_entry_id WHERE s.user_id = ${viewer.id}`,
    )
  )[0];

describe('marathons', () => {
  it('count the minutes of a session once, and the pages it reached once', async () => {
    const { viewer, book, scores } = await marathonReader({ title: 'Dom Casmurro', authors: ['Machado de Assis'], pages: 256 });
    const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 5 });
    await startedAgo(id, 6);
    const results = await Promise.allSettled([finishFocusSession(viewer, id, page(30)), finishFocusSession(viewer, id, page(30))]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await scores()).toEqual({ pages: 30, minutes: 5 });
    await expect(finishFocusSession(viewer, id, page(30))).rejects.toMatchObject({ code: 'invalid_input' });
    await closeExpiredSessions();
    expect(await scores()).toEqual({ pages: 30, minutes: 5 });

    const given = await startFocusSession(viewer, { editionId: book, plannedMinutes: 20 });
    await startedAgo(given.id, 10);
    await giveUpFocusSession(viewer, given.id);
    expect(await scores()).toEqual({ pages: 30, minutes: 10 });
  });

  it('an audiobook finished at the minute reached counts its minutes once: the larger of the session and the listening', async () => {
    const { viewer, book, scores } = await marathonReader({
      title: 'Torto Arado (audiolivro)',
      authors: ['Itamar Vieira Junior'],
      format: 'audiolivro',
      audioMinutes: 600,
    });
    const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 60 });
    await startedAgo(id, 61);
    expect((await getFocusToday(viewer)).running?.unit).toBe('minute');
    expect(await finishFocusSession(viewer, id, { value: 60, unit: 'minute' })).toEqual({ status: 'finished', credited: 60 });
    expect(await scores()).toEqual({ pages: 0, minutes: 60 });
    expect(await sessionRow(id)).toMatchObject({ credited_minutes: 60 }); // the session's own minutes stay whole

    // Listening less than the session: the session tops it up to its minutes.
    const shorter = await startFocusSession(viewer, { editionId: book, plannedMinutes: 40 });
    await startedAgo(shorter.id, 41);
    await finishFocusSession(viewer, shorter.id, { value: 80, unit: 'minute' });
    expect(await scores()).toEqual({ pages: 0, minutes: 100 });
    // Listening more (at 1.5×): the listening counts, the session adds nothing.
    const faster = await startFocusSession(viewer, { editionId: book, plannedMinutes: 20 });
    await startedAgo(faster.id, 21);
    await finishFocusSession(viewer, faster.id, { value: 110, unit: 'minute' });
    expect(await scores()).toEqual({ pages: 0, minutes: 130 });
  });
});

describe('races', () => {
  it('finishes, a give-up, the sweep, a lazy read and a new start at the same moment close the session once and credit it once', async () => {
    const { viewer, book, scores } = await marathonReader({ title: 'Lucíola', authors: ['José de Alencar'], pages: 256 });
    for (let round = 0; round < 3; round += 1) {
      const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 5 });
      await startedAgo(id, 6);
      const results = await Promise.allSettled([
        finishFocusSession(viewer, id, page(10 + round)),
        finishFocusSession(viewer, id, page(10 + round)),
        closeExpiredSessions(),
        getFocusToday(viewer),
        giveUpFocusSession(viewer, id),
        startFocusSession(viewer, { editionId: book, plannedMinutes: 5 }),
      ]);
      const closes = results.slice(0, 2).concat(results[4]!);
      expect(closes.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((await sessionRow(id)).status).toBe('finished');
      await getDb().execute(sql`UPDATE focus_sessions SET status = 'given_up', finished_at = now() WHERE user_id = ${viewer.id} AND status = 'running'`);
    }
    const [sum] = await queryRows<{ minutes: number }>(sql`SELECT sum(credited_minutes)::int AS minutes FROM focus_sessions WHERE user_id = ${viewer.id}`);
    expect(sum!.minutes).toBe(15);
    // The pages are those of the furthest finish that won (a losing finish logs nothing).
    expect(await scores()).toEqual({ pages: (await currentProgress(viewer))?.value ?? 0, minutes: 15 });
  });
});

describe('the unit of the page reached', () => {
  it('is the one the form showed, posted with it: a percent logged meanwhile in another tab does not turn the page into a percentage', async () => {
    const { viewer, book, cookie, scores } = await marathonReader({ title: 'Dom Casmurro', authors: ['Machado de Assis'], pages: 256 });
    const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 5 });
    await startedAgo(id, 6);
    expect((await getFocusToday(viewer)).running?.unit).toBe('page');
    await logProgress(viewer, book, { value: 10, unit: 'percent', comment: null, emotion: null, spoiler: false });
    const result = await call(focaPage.action, formRequest('/foca', { intent: 'concluir', session: id, value: '80', unit: 'page' }, { cookie }));
    expect(result).toMatchObject({ success: 'Sessão concluída: 5 min de foco.' });
    expect(await currentProgress(viewer)).toMatchObject({ value: 80, unit: 'page' });
    expect(await scores()).toEqual({ pages: 80, minutes: 5 });
  });

  it('is checked against the edition, next to the field, keeping the value typed; without a unit the value is refused', async () => {
    const { viewer, book, cookie } = await readerWithBook(100);
    const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 5 });
    await startedAgo(id, 6);
    const minute = (await call(focaPage.action, formRequest('/foca', { intent: 'concluir', session: id, value: '30', unit: 'minute' }, { cookie }))) as {
      data: { fieldErrors: Record<string, string>; fields: Record<string, string> };
    };
    expect(minute.data.fieldErrors.value).toBe('Minutos só para audiolivros com duração informada; use a porcentagem.');
    expect(minute.data.fields.value).toBe('30');
    const forged = (await call(focaPage.action, formRequest('/foca', { intent: 'concluir', session: id, value: '30', unit: 'capitulo' }, { cookie }))) as {
      data: { fieldErrors: Record<string, string> };
    };
    expect(forged.data.fieldErrors.value).toBe('Recarregue a página e informe de novo onde parou.');
    const missing = (await call(focaPage.action, formRequest('/foca', { intent: 'concluir', session: id, value: '30' }, { cookie }))) as {
      data: { fieldErrors: Record<string, string> };
    };
    expect(missing.data.fieldErrors.value).toBe('Recarregue a página e informe de novo onde parou.');
    expect((await sessionRow(id)).status).toBe('running');
    expect(await call(focaPage.action, formRequest('/foca', { intent: 'concluir', session: id, value: '30', unit: 'percent' }, { cookie }))).toMatchObject({
      success: expect.any(String),
    });
    expect(await currentProgress(viewer)).toMatchObject({ value: 30, unit: 'percent' });
  });
});

describe('closing late', () => {
  it('"Desistir" pressed after the end finishes the session with its full minutes, or expires it past the grace', async () => {
    const { viewer, book, cookie } = await readerWithBook();
    const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 60 });
    await startedAgo(id, 70);
    expect(await call(focaPage.action, formRequest('/foca', { intent: 'desistir', session: id }, { cookie }))).toMatchObject({
      success: 'Sessão concluída: 60 min de foco.',
    });
    expect(await sessionRow(id)).toMatchObject({ status: 'finished', credited_minutes: 60 });

    const late = await startFocusSession(viewer, { editionId: book, plannedMinutes: 25 });
    await startedAgo(late.id, 25 + 31);
    expect(await giveUpFocusSession(viewer, late.id)).toEqual({ status: 'expired', credited: 25 });
    expect(await sessionRow(late.id)).toMatchObject({ status: 'expired', credited_minutes: 25 });
  });

  it('"Concluir" past the grace (before or after the sweep) still logs the page typed, and says the session had closed itself', async () => {
    const { viewer, book, cookie, scores } = await marathonReader({ title: 'Iracema', authors: ['José de Alencar'], pages: 200 });
    const { id } = await startFocusSession(viewer, { editionId: book, plannedMinutes: 5 });
    await startedAgo(id, 5 + 31);
    expect(await call(focaPage.action, formRequest('/foca', { intent: 'concluir', session: id, value: '50', unit: 'page' }, { cookie }))).toMatchObject({
      success: 'A sessão já tinha se encerrado sozinha (5 min de foco); seu progresso foi anotado.',
    });
    expect(await sessionRow(id)).toMatchObject({ status: 'expired', credited_minutes: 5 });
    expect(await currentProgress(viewer)).toMatchObject({ value: 50, unit: 'page' });
    expect(await scores()).toEqual({ pages: 50, minutes: 5 });

    const swept = await startFocusSession(viewer, { editionId: book, plannedMinutes: 5 });
    await startedAgo(swept.id, 5 + 31);
    expect(await closeExpiredSessions()).toBe(1);
    expect(await finishFocusSession(viewer, swept.id, page(70))).toEqual({ status: 'expired', credited: 5 });
    expect(await currentProgress(viewer)).toMatchObject({ value: 70, unit: 'page' });
    expect(await scores()).toEqual({ pages: 70, minutes: 10 });
    // Without a page there is nothing left to do with it.
    await expect(finishFocusSession(viewer, swept.id, null)).rejects.toMatchObject({ message: 'Esta sessão já terminou.' });
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
    expect(html).toContain('Sim, desistir'); // the give-up is confirmed in a second step (a native <details>)
    expect(html).not.toMatch(/role="timer"[^>]*aria-label/); // the time itself is the timer's content, read as it is
    // serverNow is the database's clock, the one ends_at was set by: 30 minutes left exactly, give or take the test.
    const left = (Date.parse(during.running!.endsAt) - Date.parse(during.serverNow)) / 60_000;
    expect(left).toBeGreaterThan(29.9);
    expect(left).toBeLessThanOrEqual(30);
    const homeHtml = renderPage(home.default, await call(home.loader, getRequest('/home', cookie)), '/home');
    expect(homeHtml).toContain('Abrir a sessão');

    await startedAgo(id, 41);
    const ended = renderPage(focaPage.default, await call(focaPage.loader, getRequest('/foca', cookie)), '/foca');
    expect(ended).toContain('Concluir sessão');
    expect(ended).toContain('Página em que parou');
    expect(ended).toContain('Tempo esgotado');
    expect(ended).not.toContain('Sessão concluída');
    expect(ended).toMatch(/name="unit" value="page"/);

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
