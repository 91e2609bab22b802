import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { groupReadStageNotices, notificationSettings, notifications, outboxEmails, users } from '~/db/schema';
import { joinClub, leaveClub } from '~/features/clubs/membership.server';
import { createClub } from '~/features/clubs/mutations.server';
import { enqueueDueRecurringJobs, runJobsOnce } from '~/server/jobs.server';
import type { Viewer } from '~/server/viewer.server';
import { useTestDatabase } from '../../../test/db';
import { createUser, testViewer, type TestUser } from '../../../test/factories';
import { lcInput } from '../../../test/lc-fixtures';
import { block, suspend } from '../../../test/reading-factories';
import { closeGroupReadEarly, createGroupRead, shiftGroupReadSchedule } from './mutations.server';
import { sendStageNotices } from './notices.server';
import { inviteToGroupRead, joinGroupRead } from './participants.server';
import { saoPauloToday } from './policy';
import { addDays } from './schedule';

useTestDatabase();

const verified = (user: TestUser): Viewer => ({ ...testViewer(user), emailVerified: true });
const texts = async (userId: string) =>
  (await getDb().select({ text: notifications.text, link: notifications.link }).from(notifications).where(eq(notifications.userId, userId))).map(
    (n) => `${n.text} → ${n.link}`,
  );
const drainJobs = async () => {
  while ((await runJobsOnce('teste')) > 0);
};

describe('LC notifications', () => {
  it('tell an invited reader who invited them, in the app and by e-mail, as their switches say', async () => {
    const [host, ana, bia] = await Promise.all([1, 2, 3].map(() => createUser({ verified: true })));
    const lc = await createGroupRead(verified(host!), await lcInput({ title: 'LC secreta', visibility: 'privado' }));
    await getDb().insert(notificationSettings).values({ userId: bia!.id, type: 'group_read_invitation', inApp: false, email: false });
    await inviteToGroupRead(verified(host!), lc.id, ana!.username);
    await inviteToGroupRead(verified(host!), lc.id, bia!.username);
    await drainJobs();
    expect(await texts(ana!.id)).toEqual([`@${host!.username} convidou você para a LC “LC secreta”. → /lc/${lc.slug}`]);
    expect(await texts(bia!.id)).toEqual([]);
    const mail = async (user: TestUser) =>
      (await getDb().select().from(outboxEmails).where(eq(outboxEmails.to, user.email))).map((e) => e.subject).filter((s) => s.startsWith('Maratona:'));
    expect(await mail(ana!)).toEqual([`Maratona: @${host!.username} convidou você para a LC “LC secreta”.`]);
    expect(await mail(bia!)).toEqual([]);
  });

  it('tell each active participant once the day an etapa opens, never the waiting, the suspended, a club’s leaver, or an LC closed early', async () => {
    const [host, ana, bia, caio, dani, edu] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createUser({ verified: true })));
    const hostV = verified(host!);
    const lc = await createGroupRead(hostV, await lcInput({ title: 'Torto Arado juntos', participantCap: 3 }));
    for (const reader of [ana!, bia!, caio!, dani!]) await joinGroupRead(verified(reader), lc.id);
    await getDb().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, caio!.id));
    await getDb().insert(notificationSettings).values({ userId: bia!.id, type: 'group_read_stage', inApp: false, email: false });
    const club = await createClub(hostV, { name: 'Clube da Foca', description: '', visibility: 'aberto', categories: [] });
    await joinClub(verified(edu!), club.id);
    const clubLc = await createGroupRead(hostV, await lcInput({ title: 'LC do clube', hostClubId: club.id, visibility: 'clube' }));
    await joinGroupRead(verified(edu!), clubLc.id);
    await leaveClub(verified(edu!), club.id);
    const closed = await createGroupRead(hostV, await lcInput({ title: 'LC encerrada' }));
    await joinGroupRead(verified(ana!), closed.id);
    await closeGroupReadEarly(hostV, closed.id);

    // Nothing opens today: the LCs start in three days.
    expect(await sendStageNotices()).toBe(0);
    await shiftGroupReadSchedule(hostV, lc.id, -3);
    await shiftGroupReadSchedule(hostV, clubLc.id, -3);
    await shiftGroupReadSchedule(hostV, closed.id, -3).catch(() => undefined);
    // ana is told; bia switched it off (her row is kept, so she is not told later); caio is suspended; dani waits.
    expect(await sendStageNotices()).toBe(2);
    expect(await sendStageNotices()).toBe(0);
    expect(await texts(ana!.id)).toEqual([`Começa hoje a etapa 1 da LC “Torto Arado juntos”: pp. 1–132. → /lc/${lc.slug}/cronograma`]);
    for (const reader of [bia!, caio!, dani!, edu!]) expect(await texts(reader.id)).toEqual([]);

    // The next etapa, a week later, through the hourly job a server runs.
    expect(await sendStageNotices(addDays(saoPauloToday(), 7))).toBe(2);
    expect((await texts(ana!.id)).at(-1)).toBe(`Começa hoje a etapa 2 da LC “Torto Arado juntos”: pp. 133–264. → /lc/${lc.slug}/cronograma`);
    await getDb().delete(groupReadStageNotices);
    await enqueueDueRecurringJobs();
    await drainJobs();
    expect(await texts(ana!.id)).toHaveLength(3);
  });

  it('tell of every etapa opening today in one run, however many more than a page of them there are', async () => {
    const [host, ana] = await Promise.all([1, 2].map(() => createUser({ verified: true })));
    const lc = await createGroupRead(verified(host!), await lcInput({ title: 'LC longa' }));
    await joinGroupRead(verified(ana!), lc.id);
    await shiftGroupReadSchedule(verified(host!), lc.id, -3);
    // 250 more etapas opening today (ids on both sides of the first one's), 251 in all.
    await getDb().execute(sql`
      INSERT INTO group_read_stages (id, group_read_id, edition_id, unit, from_number, to_number, starts_on, ends_on, position)
      SELECT (CASE WHEN k % 2 = 0 THEN '0' ELSE 'z' END) || lpad(k::text, 4, '0'), s.group_read_id, s.edition_id, s.unit, 1, 2, s.starts_on, s.ends_on, 100 + k
      FROM group_read_stages s, generate_series(1, 250) AS k
      WHERE s.group_read_id = ${lc.id} AND s.position = (SELECT min(position) FROM group_read_stages WHERE group_read_id = ${lc.id})`);
    expect(await sendStageNotices()).toBe(251);
    expect(await getDb().$count(notifications, eq(notifications.userId, ana!.id))).toBe(251);
    expect(await sendStageNotices()).toBe(0);
  });

  it('tell no participant of an LC whose host is suspended or in a block with them', async () => {
    const [host, other, ana, bia, caio] = await Promise.all([1, 2, 3, 4, 5].map(() => createUser({ verified: true })));
    const lc = await createGroupRead(verified(host!), await lcInput({ title: 'LC da anfitriã' }));
    const suspended = await createGroupRead(verified(other!), await lcInput({ title: 'LC de quem foi suspensa' }));
    for (const reader of [ana!, bia!]) await joinGroupRead(verified(reader), lc.id);
    await joinGroupRead(verified(caio!), suspended.id);
    await shiftGroupReadSchedule(verified(host!), lc.id, -3);
    await shiftGroupReadSchedule(verified(other!), suspended.id, -3);
    await block(host!.id, ana!.id);
    await suspend(other!.id);
    expect(await sendStageNotices()).toBe(1);
    expect(await texts(bia!.id)).toHaveLength(1);
    for (const reader of [ana!, caio!]) expect(await texts(reader.id)).toEqual([]);
  });
});
