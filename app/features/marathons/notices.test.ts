import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { marathonLevels, marathonNotices, marathons, notificationSettings, notifications, users } from '~/db/schema';
import { joinClub, leaveClub } from '~/features/clubs/membership.server';
import { createClub } from '~/features/clubs/mutations.server';
import { addDays } from '~/features/lcs/schedule';
import { enqueueDueRecurringJobs, runJobsOnce } from '~/server/jobs.server';
import { useTestDatabase } from '../../../test/db';
import { marathonInput, noticeReader } from '../../../test/marathon-fixtures';
import { block } from '../../../test/reading-factories';
import { createMarathon, joinMarathon } from './mutations.server';
import { sendMarathonNotices } from './notices.server';

useTestDatabase();

const texts = async (userId: string) =>
  (
    await getDb()
      .select({ text: notifications.text, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.createdAt), asc(notifications.text))
  ).map((n) => `${n.text} → ${n.link}`);
/** Noon in São Paulo on `day`: that day in the marathon's time zone, whatever the server's. */
const noonOn = (day: string) => new Date(`${day}T12:00:00-03:00`);

describe('marathon notifications', () => {
  it('tell each active participant once that it starts, of the challenges revealed for their level, and that it ended', async () => {
    const organizer = await noticeReader();
    const input = marathonInput({
      name: 'Maratona do Cerrado',
      mode: 'levels',
      groups: [{ name: 'Principiante' }, { name: 'Hardcore' }],
    });
    const fifth = addDays(input.startsOn, 4);
    input.challenges = [
      { category: 0, kind: 'leitura', description: 'Leia um clássico', points: 3, revealsOn: null, level: null },
      { category: 0, kind: 'atividade', description: 'Foto da pilha', points: 1, revealsOn: fifth, level: null },
      { category: 0, kind: 'leitura', description: 'Um livro de mais de 500 páginas', points: 5, revealsOn: fifth, level: 1 },
    ];
    const marathon = await createMarathon(organizer.viewer, input);
    const [low, high] = await getDb().select().from(marathonLevels).where(eq(marathonLevels.marathonId, marathon.id)).orderBy(asc(marathonLevels.position));
    const [ana, bia, caio, dani] = await Promise.all([1, 2, 3, 4].map(() => noticeReader()));
    await joinMarathon(ana!.viewer, marathon.id, low!.id);
    await joinMarathon(bia!.viewer, marathon.id, high!.id);
    await joinMarathon(caio!.viewer, marathon.id, high!.id);
    await joinMarathon(dani!.viewer, marathon.id, low!.id);
    // caio is suspended (never told); dani switched the dates off (her row is kept, so she is not told later).
    await getDb().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, caio!.user.id));
    await getDb().insert(notificationSettings).values({ userId: dani!.user.id, type: 'marathon_dates', inApp: false, email: false });

    // The day before it starts: nothing.
    expect(await sendMarathonNotices(noonOn(addDays(input.startsOn, -1)))).toBe(0);
    // Its first day: ana, bia and dani (switched off in the app) are told once; a second run finds them told.
    expect(await sendMarathonNotices(noonOn(input.startsOn))).toBe(3);
    expect(await sendMarathonNotices(noonOn(input.startsOn))).toBe(0);
    const start = `Começa hoje a maratona “Maratona do Cerrado”. Boas leituras! → /m/${marathon.slug}/progresso`;
    expect(await texts(ana!.user.id)).toEqual([start]);
    expect(await texts(caio!.user.id)).toEqual([]);
    expect(await texts(dani!.user.id)).toEqual([]);

    // The fifth day: the principiante hears of one challenge, the hardcore of two (theirs and the one of no level).
    expect(await sendMarathonNotices(noonOn(fifth))).toBe(3);
    expect((await texts(ana!.user.id)).at(-1)).toBe(`Um desafio novo foi revelado hoje na maratona “Maratona do Cerrado”. → /m/${marathon.slug}/desafios`);
    expect((await texts(bia!.user.id)).at(-1)).toBe(`2 desafios novos foram revelados hoje na maratona “Maratona do Cerrado”. → /m/${marathon.slug}/desafios`);
    expect((await texts(dani!.user.id)).at(-1)).toBe(`Um desafio novo foi revelado hoje na maratona “Maratona do Cerrado”. → /m/${marathon.slug}/desafios`);

    // The day after the last one: it ended.
    expect(await sendMarathonNotices(noonOn(input.endsOn))).toBe(0);
    expect(await sendMarathonNotices(noonOn(addDays(input.endsOn, 1)))).toBe(3);
    expect((await texts(bia!.user.id)).at(-1)).toBe(`A maratona “Maratona do Cerrado” terminou. Veja como ficou o ranking. → /m/${marathon.slug}/ranking`);
    expect(await texts(caio!.user.id)).toEqual([]);
  });

  it('follow the marathon’s own calendar day, and the hourly job tells who was not told yet', async () => {
    const organizer = await noticeReader();
    const input = marathonInput({ name: 'Maratona dos Açores', timeZone: 'Atlantic/Azores' });
    const marathon = await createMarathon(organizer.viewer, input);
    const ana = await noticeReader();
    await joinMarathon(ana.viewer, marathon.id, null);
    // In winter (the Azores at UTC−1), 22:30 in São Paulo the evening before is already its first day there: 00:30.
    const winter = { startsOn: '2027-01-10', endsOn: '2027-01-20', registrationOpensOn: '2027-01-01', registrationClosesOn: '2027-01-20' };
    await getDb().update(marathons).set(winter).where(eq(marathons.id, marathon.id));
    const eve = new Date('2027-01-09T22:30:00-03:00');
    expect(await sendMarathonNotices(new Date(eve.getTime() - 60 * 60 * 1000))).toBe(0);
    expect(await sendMarathonNotices(eve)).toBe(1);
    // The recurring job runs sendMarathonNotices at the real time: a marathon starting today in its zone is told.
    await getDb().delete(marathonNotices);
    await getDb().delete(notifications);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Atlantic/Azores' }).format(new Date());
    await getDb()
      .update(marathons)
      .set({ startsOn: today, endsOn: today, registrationOpensOn: today, registrationClosesOn: today })
      .where(eq(marathons.id, marathon.id));
    await enqueueDueRecurringJobs();
    while ((await runJobsOnce('teste')) > 0);
    expect(await texts(ana.user.id)).toEqual([`Começa hoje a maratona “Maratona dos Açores”. Boas leituras! → /m/${marathon.slug}/progresso`]);
  });

  it('never tell a reader a club’s marathon they can no longer open, nor one whose organiser they blocked', async () => {
    const organizer = await noticeReader();
    const club = await createClub(organizer.viewer, { name: 'Clube do Cerrado', description: '', visibility: 'aberto', categories: [] });
    const [ana, bia, caio] = await Promise.all([1, 2, 3].map(() => noticeReader()));
    for (const reader of [ana!, bia!]) await joinClub(reader.viewer, club.id);
    const input = marathonInput({ organizer: `clube:${club.id}`, visibility: 'clube' });
    const clubMarathon = await createMarathon(organizer.viewer, input);
    for (const reader of [ana!, bia!]) await joinMarathon(reader.viewer, clubMarathon.id, null);
    await leaveClub(bia!.viewer, club.id);
    const own = await createMarathon(organizer.viewer, marathonInput({ name: 'Maratona de quem organiza' }));
    await joinMarathon(caio!.viewer, own.id, null);
    await block(caio!.user.id, organizer.user.id);

    expect(await sendMarathonNotices(noonOn(input.startsOn))).toBe(1);
    expect(await texts(ana!.user.id)).toHaveLength(1);
    expect(await texts(bia!.user.id)).toEqual([]);
    expect(await texts(caio!.user.id)).toEqual([]);
    expect(
      await getDb()
        .select()
        .from(marathonNotices)
        .where(and(eq(marathonNotices.userId, caio!.user.id))),
    ).toEqual([]);
  });
});
