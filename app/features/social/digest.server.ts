import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { digestSends } from '~/db/schema';
import { sendEmail } from '~/server/email.server';
import { getEnv } from '~/server/env.server';
import { registerRecurringJob } from '~/server/jobs.server';
import { log } from '~/server/logger.server';
import { followedBy, visibleTo } from './audience.server';

/**
 * The weekly digest (PRODUCT.md §C, docs/decisions/0024): an e-mail, for readers who switched it on, about
 * the last whole week — Monday 00:00 to Monday 00:00 in São Paulo (UTC−3, no daylight saving since 2019).
 * A row in digest_sends per reader and ISO week is written before the e-mail, so a reader gets each
 * week's digest at most once however often and on however many servers the job runs.
 */
const SAO_PAULO_OFFSET_MS = -3 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
const BATCH = 100;
const HIGHLIGHTS = 5;

export type DigestWeek = { key: string; start: Date; end: Date };

/** The last whole ISO week before `now`: its key (`2026-W47`) and its bounds as instants. */
export function previousWeek(now: Date): DigestWeek {
  const local = new Date(now.getTime() + SAO_PAULO_OFFSET_MS);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  const thisMondayLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - sinceMonday);
  const startLocal = new Date(thisMondayLocal - 7 * DAY_MS);
  // ISO week number: the week's Thursday decides the year.
  const thursday = new Date(startLocal.getTime() + 3 * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / DAY_MS / 7) + 1;
  return {
    key: `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`,
    start: new Date(startLocal.getTime() - SAO_PAULO_OFFSET_MS),
    end: new Date(thisMondayLocal - SAO_PAULO_OFFSET_MS),
  };
}

type Recipient = { id: string; name: string; email: string };

/** Sends the digests still owed for the last whole week; returns how many were sent. */
export async function sendWeeklyDigests(now = new Date()): Promise<number> {
  const week = previousWeek(now);
  let sent = 0;
  for (;;) {
    const recipients = await queryRows<Recipient>(sql`
      SELECT u.id, u.name, u.email FROM notification_settings s JOIN users u ON u.id = s.user_id
      WHERE s.type = 'weekly_digest' AND s.email AND u.suspended_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM digest_sends d WHERE d.user_id = u.id AND d.week = ${week.key})
      ORDER BY u.id LIMIT ${BATCH}`);
    if (!recipients.length) return sent;
    for (const reader of recipients) {
      const claimed = await getDb()
        .insert(digestSends)
        .values({ userId: reader.id, week: week.key })
        .onConflictDoNothing()
        .returning({ userId: digestSends.userId });
      if (!claimed.length) continue;
      await sendEmail(await digestEmail(reader, week));
      sent += 1;
    }
    log.info('digest.batch_sent', { week: week.key, sent });
  }
}

type Digest = {
  unread: number;
  followers: string[];
  followerCount: number;
  editions: string[];
  editionCount: number;
  finished: string[];
  finishedCount: number;
};

async function digestOf(userId: string, week: DigestWeek): Promise<Digest> {
  const within = (column: ReturnType<typeof sql>) => sql`${column} >= ${week.start.toISOString()} AND ${column} < ${week.end.toISOString()}`;
  const [[unread], followers, editions, finished] = await Promise.all([
    queryRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId} AND read_at IS NULL`),
    queryRows<{ label: string; total: number }>(sql`
      SELECT u.name AS label, count(*) OVER ()::int AS total FROM follows f JOIN users u ON u.id = f.follower_id
      WHERE f.followee_id = ${userId} AND f.status = 'accepted' AND u.suspended_at IS NULL AND ${within(sql`f.created_at`)}
      ORDER BY f.created_at DESC LIMIT ${HIGHLIGHTS}`),
    queryRows<{ label: string; total: number }>(sql`
      SELECT e.title AS label, count(*) OVER ()::int AS total FROM editions e
      WHERE ${within(sql`e.created_at`)} AND (
        EXISTS (SELECT 1 FROM work_authors wa JOIN author_follows af ON af.author_id = wa.author_id WHERE wa.work_id = e.work_id AND af.user_id = ${userId})
        OR EXISTS (SELECT 1 FROM collection_members cm JOIN collection_follows cf ON cf.collection_id = cm.collection_id WHERE cm.edition_id = e.id AND cf.user_id = ${userId}))
      ORDER BY e.created_at DESC LIMIT ${HIGHLIGHTS}`),
    // What the people the reader follows finished, as far as the reader may see their reading (a profile's content).
    queryRows<{ label: string; total: number }>(sql`
      SELECT u.name || ' terminou ' || e.title AS label, count(*) OVER ()::int AS total
      FROM read_throughs rt JOIN shelf_entries se ON se.id = rt.shelf_entry_id JOIN users u ON u.id = se.user_id JOIN editions e ON e.id = se.edition_id
      WHERE ${followedBy(userId, sql`se.user_id`)} AND ${visibleTo(userId, sql`se.user_id`, sql`'publico'`)}
        AND rt.finished_on >= ${week.start.toISOString().slice(0, 10)}::date AND rt.finished_on < ${week.end.toISOString().slice(0, 10)}::date
      ORDER BY rt.finished_on DESC, rt.id LIMIT ${HIGHLIGHTS}`),
  ]);
  return {
    unread: Number(unread?.n ?? 0),
    followers: followers.map((r) => r.label),
    followerCount: Number(followers[0]?.total ?? 0),
    editions: editions.map((r) => r.label),
    editionCount: Number(editions[0]?.total ?? 0),
    finished: finished.map((r) => r.label),
    finishedCount: Number(finished[0]?.total ?? 0),
  };
}

const more = (shown: number, total: number) => (total > shown ? [`…e mais ${total - shown}.`] : []);

async function digestEmail(reader: Recipient, week: DigestWeek) {
  const d = await digestOf(reader.id, week);
  const origin = getEnv().publicUrl;
  const sections: string[] = [`Olá, ${reader.name}! Este é o seu resumo da semana no Maratona.`];
  sections.push(
    d.unread
      ? `Você tem ${d.unread} ${d.unread === 1 ? 'notificação não lida' : 'notificações não lidas'}: ${origin}/notificacoes`
      : 'Nenhuma notificação esperando por você.',
  );
  if (d.followerCount)
    sections.push([`Novos seguidores (${d.followerCount}):`, ...d.followers.map((n) => `- ${n}`), ...more(d.followers.length, d.followerCount)].join('\n'));
  if (d.editionCount)
    sections.push(
      [
        `Edições novas de autores e coleções que você segue (${d.editionCount}):`,
        ...d.editions.map((t) => `- ${t}`),
        ...more(d.editions.length, d.editionCount),
      ].join('\n'),
    );
  if (d.finishedCount)
    sections.push([`Quem você segue terminou de ler:`, ...d.finished.map((t) => `- ${t}`), ...more(d.finished.length, d.finishedCount)].join('\n'));
  if (!d.followerCount && !d.editionCount && !d.finishedCount) sections.push('Foi uma semana calma por aqui. Que tal registrar o que você está lendo?');
  sections.push(`Para não receber mais este resumo: ${origin}/configuracoes/notificacoes`, '— Equipe Maratona');
  return { to: reader.email, subject: `Seu resumo da semana ${week.key.replace('-W', ', semana ')} no Maratona`, text: sections.join('\n\n') };
}

// Hourly: the first run after Monday 00:00 sends the week's digests; later runs find them all sent.
registerRecurringJob('notifications.weekly-digest', 3600, async () => {
  await sendWeeklyDigests();
});
