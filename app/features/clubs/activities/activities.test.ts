import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { clubActivityReminders, clubs, notifications, notificationSettings } from '~/db/schema';
import { useTestDatabase } from '../../../../test/db';
import { createClubCast } from '../../../../test/club-fixtures';
import { createEdition } from '../../../../test/factories';
import { enqueueDueRecurringJobs, runJobsOnce } from '~/server/jobs.server';
import { banMember } from '../membership.server';
import { agendaKey, getAgendaFeed, keyHolder } from './feed.server';
import { buildCalendar, escapeText, foldLine, utcStamp } from './ical';
import { createActivity, deleteActivity, updateActivity } from './mutations.server';
import { listActivitiesAdmin } from './queries.server';
import { sendActivityReminders } from './reminders.server';
import { saoPauloInstant, saoPauloParts } from './sao-paulo-time';
import { activityInput, activityValues, editionIdFrom, type ActivityValues } from './validation';

useTestDatabase();

const HOUR = 3600 * 1000;
const live = (startsAt: Date, over: Partial<ActivityValues> = {}): ActivityValues => ({
  kind: 'live',
  title: 'Encontro de dezembro',
  description: 'Vamos falar do livro; tragam perguntas, por favor.',
  startsAt,
  endsAt: new Date(startsAt.getTime() + HOUR),
  link: 'https://meet.exemplo.com/abc',
  editionId: null,
  ...over,
});

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and newlines', () => {
    expect(escapeText('a\\b; c, d\ne\r\nf')).toBe('a\\\\b\\; c\\, d\\ne\\nf');
    expect(utcStamp(new Date('2026-12-05T23:00:00.000Z'))).toBe('20261205T230000Z');
  });

  it('folds lines at 75 octets without cutting a multi-octet character', () => {
    const line = `SUMMARY:${'ã'.repeat(80)}`;
    const folded = foldLine(line);
    const pieces = folded.split('\r\n');
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(75);
    expect(pieces.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(pieces.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('writes a calendar with CRLF line endings and one VEVENT per activity', () => {
    const text = buildCalendar({
      name: 'Clube, da Foca',
      description: 'Agenda',
      now: new Date('2026-11-26T12:00:00Z'),
      events: [
        {
          uid: 'club-activity-1@maratona',
          start: new Date('2026-12-05T23:00:00Z'),
          end: new Date('2026-12-06T00:00:00Z'),
          summary: 'Encontro; ao vivo',
          description: 'Linha 1\nLinha 2',
          url: 'https://meet.exemplo.com/abc',
        },
      ],
    });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'X-WR-CALNAME:Clube\\, da Foca',
        'BEGIN:VEVENT',
        'UID:club-activity-1@maratona',
        'DTSTAMP:20261126T120000Z',
        'DTSTART:20261205T230000Z',
        'DTEND:20261206T000000Z',
        'SUMMARY:Encontro\\; ao vivo',
        'DESCRIPTION:Linha 1\\nLinha 2',
        'URL:https://meet.exemplo.com/abc',
        'END:VEVENT',
      ]),
    );
  });
});

describe('activity forms', () => {
  it('read São Paulo dates and times into instants, and an edition from its id or its page address', () => {
    expect(saoPauloInstant('2026-12-05', '20:00').toISOString()).toBe('2026-12-05T23:00:00.000Z');
    expect(saoPauloParts('2026-12-05T23:00:00.000Z')).toEqual({ day: '2026-12-05', time: '20:00' });
    expect(editionIdFrom('https://maratona.app/ed/abc_123-XYZ/resenhas?x=1')).toBe('abc_123-XYZ');
    expect(editionIdFrom('abc_123')).toBe('abc_123');
    expect(editionIdFrom('não é id')).toBeNull();
    const parsed = activityInput.parse({ kind: 'live', title: 'Papo', day: '2026-12-05', time: '20:00', duration: '90', link: 'https://meet.exemplo.com/x' });
    expect(activityValues(parsed)).toMatchObject({
      startsAt: new Date('2026-12-05T23:00:00Z'),
      endsAt: new Date('2026-12-06T00:30:00Z'),
      link: 'https://meet.exemplo.com/x',
    });
    const http = activityInput.safeParse({ kind: 'live', title: 'Papo', day: '2026-12-05', time: '20:00', link: 'http://meet.exemplo.com/x' });
    expect(http.error?.issues[0]?.message).toMatch(/https/);
    expect(activityInput.safeParse({ kind: 'marathon', title: 'M', startDay: '2026-02-30', endDay: '2026-03-01' }).success).toBe(false);
    const backwards = activityInput.parse({ kind: 'marathon', title: 'M', startDay: '2026-03-10', endDay: '2026-03-01' });
    expect(activityValues(backwards)).toEqual({ field: 'endDay', message: 'O fim vem depois do começo.' });
    expect(activityValues(activityInput.parse({ kind: 'marathon', title: 'M', startDay: '2026-03-01', endDay: '2026-03-10' }))).toMatchObject({
      startsAt: new Date('2026-03-01T03:00:00Z'),
      endsAt: new Date('2026-03-11T02:59:59Z'),
    });
  });
});

describe('club activities', () => {
  it('are scheduled, edited and deleted by the owner and admins only', async () => {
    const { club, viewers } = await createClubCast('aberto');
    const soon = new Date(Date.now() + 3 * 24 * HOUR);
    for (const who of ['membro', 'membroComPlano', 'moderador', 'naoMembro', 'pendente', 'convidado', 'banido', 'adminDoSite'] as const) {
      await expect(createActivity(viewers[who], club.id, live(soon))).rejects.toMatchObject({ code: 'forbidden' });
      await expect(listActivitiesAdmin(viewers[who], club.id)).rejects.toMatchObject({ code: 'forbidden' });
    }
    const id = await createActivity(viewers.admin, club.id, live(soon));
    await expect(updateActivity(viewers.moderador, club.id, id, live(soon, { title: 'X' }))).rejects.toMatchObject({ code: 'forbidden' });
    await expect(deleteActivity(viewers.membro, club.id, id)).rejects.toMatchObject({ code: 'forbidden' });
    const other = await createClubCast('aberto');
    await expect(deleteActivity(other.viewers.dono, other.club.id, id)).rejects.toMatchObject({ code: 'not_found' });

    const edition = await createEdition({ title: 'Dom Casmurro', authors: ['Machado de Assis'], pages: 256 });
    const lc = await createActivity(viewers.dono, club.id, {
      kind: 'group_read',
      title: null,
      description: '',
      startsAt: new Date(soon.getTime() + HOUR),
      endsAt: null,
      link: null,
      editionId: edition,
    });
    await expect(
      createActivity(viewers.dono, club.id, {
        kind: 'group_read',
        title: null,
        description: '',
        startsAt: soon,
        endsAt: null,
        link: null,
        editionId: 'nao-existe',
      }),
    ).rejects.toMatchObject({ field: 'edition' });
    const listed = await listActivitiesAdmin(viewers.dono, club.id);
    expect(listed.upcoming.map((a) => [a.title, a.edition?.title ?? null])).toEqual([
      ['Encontro de dezembro', null],
      ['LC do mês: Dom Casmurro', 'Dom Casmurro'],
    ]);
    await updateActivity(viewers.dono, club.id, id, live(soon, { title: 'Encontro remarcado' }));
    await deleteActivity(viewers.dono, club.id, lc);
    expect((await listActivitiesAdmin(viewers.dono, club.id)).upcoming.map((a) => a.title)).toEqual(['Encontro remarcado']);
  });

  it('remind each active member once the day before, respecting their switches, and again after a new date', async () => {
    const { club, viewers, users } = await createClubCast('aberto');
    const tomorrow = new Date(Date.now() + 20 * HOUR);
    const id = await createActivity(viewers.dono, club.id, live(tomorrow));
    await createActivity(viewers.dono, club.id, live(new Date(Date.now() + 3 * 24 * HOUR), { title: 'Longe ainda' }));
    await getDb().insert(notificationSettings).values({ userId: users.membroComPlano.id, type: 'club_activity', inApp: false, email: false });
    // Active members: dono, admin, moderador, membro, membroComPlano; not the pending, invited or banned.
    expect(await sendActivityReminders()).toBe(5);
    expect(await sendActivityReminders()).toBe(0);
    const got = async (userId: string) =>
      (await getDb().select({ text: notifications.text }).from(notifications).where(eq(notifications.userId, userId))).filter((n) =>
        n.text.startsWith('Lembrete'),
      );
    expect(await got(users.membro.id)).toEqual([{ text: expect.stringMatching(/Encontro ao vivo “Encontro de dezembro” começa em/) }]);
    expect(await got(users.membroComPlano.id)).toEqual([]);
    expect(await got(users.pendente.id)).toEqual([]);
    expect(await got(users.banido.id)).toEqual([]);
    await banMember(viewers.dono, club.id, users.membro.id, 'Spam.');
    await updateActivity(viewers.dono, club.id, id, live(new Date(tomorrow.getTime() + HOUR)));
    expect(await getDb().select().from(clubActivityReminders).where(eq(clubActivityReminders.activityId, id))).toEqual([]);
    // The hourly job is what sends them on a server.
    await enqueueDueRecurringJobs();
    while ((await runJobsOnce('teste')) > 0);
    expect(await got(users.admin.id)).toHaveLength(2);
    expect(await sendActivityReminders()).toBe(0);
    expect(await got(users.membro.id)).toHaveLength(1);
  });
});

describe('the agenda feed', () => {
  it('shows a public club to anyone, live links only to members, and a private club to members and their key alone', async () => {
    const { club, viewers, users } = await createClubCast('aberto');
    await createActivity(viewers.dono, club.id, live(new Date(Date.now() + 2 * 24 * HOUR)));
    const open = await getAgendaFeed(null, club.slug, null);
    expect(open).toContain('SUMMARY:Encontro de dezembro');
    expect(open).not.toContain('meet.exemplo.com');
    const asMember = await getAgendaFeed(viewers.membro, club.slug, null);
    expect(asMember).toContain('URL:https://meet.exemplo.com/abc');
    expect(await getAgendaFeed(null, 'nao-existe', null)).toBeNull();

    await getDb().update(clubs).set({ visibility: 'privado' }).where(eq(clubs.id, club.id));
    const key = agendaKey(club.id, users.membro.id);
    expect(keyHolder(club.id, key)).toBe(users.membro.id);
    expect(keyHolder('outro-clube', key)).toBeNull();
    expect(keyHolder(club.id, `${users.admin.id}.${key.split('.')[1]}`)).toBeNull();
    expect(await getAgendaFeed(null, club.slug, key)).toContain('meet.exemplo.com');
    for (const who of ['naoMembro', 'pendente', 'banido', 'adminDoSite'] as const) {
      await expect(getAgendaFeed(viewers[who], club.slug, null)).rejects.toMatchObject({ code: 'not_found' });
    }
    await expect(getAgendaFeed(null, club.slug, null)).rejects.toMatchObject({ code: 'not_found' });
    await expect(getAgendaFeed(null, club.slug, 'lixo')).rejects.toMatchObject({ code: 'not_found' });
    // A ban ends the key at once.
    await banMember(viewers.dono, club.id, users.membro.id, 'Spam.');
    await expect(getAgendaFeed(null, club.slug, key)).rejects.toMatchObject({ code: 'not_found' });
  });
});
