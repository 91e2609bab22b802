import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/db';
import { createEdition, createUser, testViewer } from '../../../test/factories';
import { getDb } from '~/db/client.server';
import { authors, blocks, collections, digestSends, follows, jobs, notifications, outboxEmails } from '~/db/schema';
import { runJobsOnce } from '~/server/jobs.server';
import { sendNewEditionAlerts, setCatalogFollow, isFollowingCatalog } from './catalog-follows.server';
import { previousWeek, sendWeeklyDigests } from './digest.server';
import { notify } from './mutations.server';
import { getNotificationSwitches, saveNotificationSwitches } from './notification-settings.server';
import { NOTIFICATION_TYPES, type NotificationSwitches } from './notification-types';

useTestDatabase();

const allOff = () => Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, { inApp: false, email: false }])) as NotificationSwitches;
const inbox = (userId: string) => getDb().select().from(notifications).where(eq(notifications.userId, userId));

describe('notification switches', () => {
  it('default per type, and notify() respects them: in-app off leaves no row, e-mail on queues an e-mail', async () => {
    const ana = await createUser();
    const switches = await getNotificationSwitches(testViewer(ana));
    expect(switches.new_follower).toEqual({ inApp: true, email: false });
    expect(switches.weekly_digest).toEqual({ inApp: false, email: false });

    expect(await notify({ userId: ana.id, kind: 'follow', text: 'Bia começou a seguir você.' })).toEqual(expect.any(String));
    await saveNotificationSwitches(testViewer(ana), { ...allOff(), comment: { inApp: true, email: true }, weekly_digest: { inApp: true, email: true } });
    expect(await getNotificationSwitches(testViewer(ana))).toMatchObject({
      new_follower: { inApp: false, email: false },
      comment: { inApp: true, email: true },
      weekly_digest: { inApp: false, email: true },
    });

    expect(await notify({ userId: ana.id, kind: 'follow', text: 'Caio começou a seguir você.' })).toBeNull();
    await notify({ userId: ana.id, kind: 'att_comment', text: 'Bia comentou sua att.', link: '/att/1' });
    // Kinds without a switch (a change request's decision) always reach the app and are never e-mailed.
    await notify({ userId: ana.id, kind: 'change_request_decided', text: 'Sua solicitação foi aprovada.' });
    expect((await inbox(ana.id)).map((n) => n.text).sort()).toEqual(['Bia comentou sua att.', 'Bia começou a seguir você.', 'Sua solicitação foi aprovada.']);

    while ((await runJobsOnce('test')) > 0) continue;
    const mails = await getDb().select().from(outboxEmails).where(eq(outboxEmails.to, ana.email));
    const sent = mails.filter((m) => m.subject.startsWith('Maratona:'));
    expect(sent.map((m) => m.subject)).toEqual(['Maratona: Bia comentou sua att.']);
    expect(sent[0]!.text).toContain('http://localhost:3000/att/1');
  });

  it('are the reader’s own: saving never touches another reader', async () => {
    const [ana, bia] = [await createUser(), await createUser()];
    await saveNotificationSwitches(testViewer(ana), allOff());
    expect((await getNotificationSwitches(testViewer(bia))).new_follower).toEqual({ inApp: true, email: false });
  });
});

describe('following authors and collections', () => {
  it('alerts each follower once per author or collection when editions arrive, batched; unfollowing stops it', async () => {
    const [ana, bia, caio] = [await createUser(), await createUser(), await createUser()];
    await createEdition({ title: 'Capitães da Areia', authors: ['Jorge Amado'], collection: { name: 'Coleção Jorge Amado' } });
    await sendNewEditionAlerts(); // the seeding edition had no followers yet
    const [author] = await getDb().select().from(authors).where(eq(authors.slug, 'jorge-amado'));
    const [collection] = await getDb().select().from(collections);
    await setCatalogFollow(testViewer(ana), { kind: 'author', id: author!.id }, true);
    await setCatalogFollow(testViewer(ana), { kind: 'author', id: author!.id }, true); // twice is once
    await setCatalogFollow(testViewer(bia), { kind: 'collection', id: collection!.id }, true);
    await setCatalogFollow(testViewer(caio), { kind: 'author', id: author!.id }, true);
    await setCatalogFollow(testViewer(caio), { kind: 'author', id: author!.id }, false);
    expect(await isFollowingCatalog(testViewer(ana), { kind: 'author', id: author!.id })).toBe(true);
    expect(await isFollowingCatalog(testViewer(caio), { kind: 'author', id: author!.id })).toBe(false);
    await expect(setCatalogFollow(testViewer(ana), { kind: 'author', id: 'nao-existe' }, true)).rejects.toMatchObject({ code: 'not_found' });
    await expect(setCatalogFollow(testViewer(ana), { kind: 'collection', id: 'nao-existe' }, true)).rejects.toMatchObject({ code: 'not_found' });

    const gabriela = await createEdition({ title: 'Gabriela, Cravo e Canela', authors: ['Jorge Amado'], collection: { name: 'Coleção Jorge Amado' } });
    // The catalogue's transaction queued the alert job for the end of the minute.
    const [job] = await getDb()
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = 'catalog-follows.alerts' AND ${jobs.status} = 'pending'`);
    expect(job?.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await sendNewEditionAlerts()).toBe(2);
    expect((await inbox(ana.id)).map((n) => [n.kind, n.text, n.link])).toEqual([
      ['new_edition', 'Nova edição de Jorge Amado: Gabriela, Cravo e Canela.', `/ed/${gabriela}`],
    ]);
    expect((await inbox(bia.id)).map((n) => n.text)).toEqual(['Nova edição na coleção Coleção Jorge Amado: Gabriela, Cravo e Canela.']);
    expect(await inbox(caio.id)).toHaveLength(0);

    await createEdition({ title: 'Tieta do Agreste', authors: ['Jorge Amado'] });
    await createEdition({ title: 'Dona Flor e Seus Dois Maridos', authors: ['Jorge Amado'] });
    expect(await sendNewEditionAlerts()).toBe(1);
    expect((await inbox(ana.id)).map((n) => n.text)).toContain('2 novas edições de Jorge Amado.');
    expect(await sendNewEditionAlerts()).toBe(0); // drained: nothing twice
  });
});

describe('the weekly digest', () => {
  it('names the last whole ISO week in São Paulo time', () => {
    // Monday 2026-11-23 02:00 UTC is still Sunday 23:00 in São Paulo: the last whole week is W46.
    expect(previousWeek(new Date('2026-11-23T02:00:00Z'))).toEqual({
      key: '2026-W46',
      start: new Date('2026-11-09T03:00:00Z'),
      end: new Date('2026-11-16T03:00:00Z'),
    });
    expect(previousWeek(new Date('2026-11-23T03:00:00Z')).key).toBe('2026-W47');
    expect(previousWeek(new Date('2027-01-04T12:00:00Z')).key).toBe('2026-W53');
  });

  it('goes once per week to readers who opted in, with their unread count, new followers and what followed readers they may see finished', async () => {
    const [ana, bia, caio] = [await createUser(), await createUser(), await createUser()];
    await saveNotificationSwitches(testViewer(ana), { ...(await getNotificationSwitches(testViewer(ana))), weekly_digest: { inApp: false, email: true } });
    const now = new Date();
    const week = previousWeek(now);
    const during = new Date(week.start.getTime() + 3600 * 1000);
    await getDb().insert(follows).values({ followerId: bia.id, followeeId: ana.id, status: 'accepted', createdAt: during });
    await notify({ userId: ana.id, kind: 'follow', text: 'Bia começou a seguir você.' });

    expect(await sendWeeklyDigests(now)).toBe(1);
    expect(await sendWeeklyDigests(now)).toBe(0);
    const digests = (await getDb().select().from(outboxEmails)).filter((m) => m.subject.startsWith('Seu resumo da semana'));
    expect(digests.map((m) => m.to)).toEqual([ana.email]);
    expect(digests[0]!.text).toContain('Você tem 1 notificação não lida');
    expect(digests[0]!.text).toContain(`Novos seguidores (1):\n- ${bia.username}`);
    expect(await getDb().select().from(digestSends).where(eq(digestSends.userId, caio.id))).toHaveLength(0);
    // What followed readers finished that week, as far as the recipient may see it: a block hides it.
    const edition = await createEdition({ title: 'Memórias Póstumas de Brás Cubas', authors: ['Machado de Assis'] });
    const dani = await createUser();
    for (const [reader, entry] of [
      [bia, 'e-bia'],
      [caio, 'e-caio'],
      [dani, 'e-dani'],
    ] as const) {
      await getDb().execute(sql`INSERT INTO shelf_entries (id, user_id, edition_id, status) VALUES (${entry}, ${reader.id}, ${edition}, 'read')`);
      await getDb().execute(
        sql`INSERT INTO read_throughs (id, user_id, shelf_entry_id, finished_on) SELECT ${`rt-${entry}`}, user_id, id, ${during.toISOString().slice(0, 10)} FROM shelf_entries WHERE id = ${entry}`,
      );
    }
    await getDb()
      .insert(follows)
      .values([
        { followerId: ana.id, followeeId: bia.id, status: 'accepted' },
        { followerId: ana.id, followeeId: caio.id, status: 'accepted' },
      ]);
    await getDb().insert(blocks).values({ blockerId: caio.id, blockedId: ana.id });
    await getDb().delete(digestSends);
    expect(await sendWeeklyDigests(now)).toBe(1);
    const [again] = (await getDb().select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt))).filter((m) =>
      m.subject.startsWith('Seu resumo da semana'),
    );
    expect(again!.text).toContain(`Quem você segue terminou de ler:\n- ${bia.username} terminou Memórias Póstumas de Brás Cubas`);
    expect(again!.text).not.toContain(caio.username);
    expect(again!.text).not.toContain(dani.username);
    // The next week is owed again.
    expect(await sendWeeklyDigests(new Date(now.getTime() + 7 * 24 * 3600 * 1000))).toBe(1);
  });
});
