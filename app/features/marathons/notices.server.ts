import { type SQL, sql } from 'drizzle-orm';
import { getDb, queryRows } from '~/db/client.server';
import { marathons } from '~/db/schema';
import { notify } from '~/features/social/mutations.server';
import { registerRecurringJob } from '~/server/jobs.server';
import { mayStillOpenSql } from './access.server';

/**
 * A marathon's notifications to its participants (PRODUCT.md §G): it starts today, it ended (see the ranking), and
 * challenges revealed today — each on the marathon's own calendar day, in its time zone. A row in marathon_notices is
 * written in the same transaction as the notification and claimed with ON CONFLICT DO NOTHING, so however often (and
 * on however many servers) the job runs, a reader hears of each once. Told are the active participants who may still
 * open the marathon: not suspended, its organising reader not hidden from them (suspended, or a block either way),
 * and, for a club's marathon that is not public, still active members of the club. The reader's switches
 * (`marathon_dates`, `marathon_challenges`) decide whether it shows and is e-mailed.
 */
export const MARATHON_NOTICE_BATCH = 500;
/** Marathons read at once; a run reads as many pages of them as it takes. */
const MARATHONS_PER_RUN = 200;

type NoticeMarathon = { id: string; name: string; slug: string; starts: boolean; ended: boolean; revealing: boolean; today: string };

/** The marathon's calendar day at `now`, in its own time zone, as SQL over the `marathons` row. */
const todaySql = (now: Date) => sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${marathons.timeZone})::date`;

/**
 * Tells the participants of every marathon that starts today, ended yesterday, or reveals challenges today (days in
 * each marathon's time zone); returns how many notices were sent.
 */
export async function sendMarathonNotices(now: Date = new Date()): Promise<number> {
  const today = todaySql(now);
  let sent = 0;
  // Keyset pages on id until none is left: a busy day still tells every marathon's readers in this run.
  for (let after = ''; ;) {
    const page = await queryRows<NoticeMarathon>(sql`
      SELECT id, name, slug, ${today}::text AS today,
        starts_on = ${today} AS starts,
        ends_on = ${today} - 1 AS ended,
        EXISTS (SELECT 1 FROM marathon_challenges c WHERE c.marathon_id = marathons.id AND c.reveals_on = ${today}
          AND c.reveals_on > marathons.starts_on) AS revealing
      FROM marathons
      WHERE id > ${after} AND (starts_on = ${today} OR ends_on = ${today} - 1 OR EXISTS (
        SELECT 1 FROM marathon_challenges c WHERE c.marathon_id = marathons.id AND c.reveals_on = ${today} AND c.reveals_on > marathons.starts_on))
      ORDER BY id LIMIT ${MARATHONS_PER_RUN}`);
    for (const marathon of page) {
      if (marathon.starts) sent += await tell(marathon, 'inicio', sql`1`, (): Notice => startNotice(marathon));
      if (marathon.ended) sent += await tell(marathon, 'fim', sql`1`, (): Notice => endNotice(marathon));
      // Challenges revealed today, counted per reader: those of no level, or of their level or one below it.
      if (marathon.revealing) sent += await tell(marathon, `desafios:${marathon.today}`, revealedFor(marathon), (n): Notice => revealNotice(marathon, n));
    }
    if (page.length < MARATHONS_PER_RUN) return sent;
    after = page.at(-1)!.id;
  }
}

type Notice = { kind: 'marathon_starts' | 'marathon_ended' | 'marathon_challenges_revealed'; text: string; link: string };

const startNotice = (m: NoticeMarathon): Notice => ({
  kind: 'marathon_starts',
  text: `Começa hoje a maratona “${m.name}”. Boas leituras!`,
  link: `/m/${m.slug}/progresso`,
});
const endNotice = (m: NoticeMarathon): Notice => ({
  kind: 'marathon_ended',
  text: `A maratona “${m.name}” terminou. Veja como ficou o ranking.`,
  link: `/m/${m.slug}/ranking`,
});
const revealNotice = (m: NoticeMarathon, n: number): Notice => ({
  kind: 'marathon_challenges_revealed',
  text: `${n === 1 ? 'Um desafio novo foi revelado' : `${n} desafios novos foram revelados`} hoje na maratona “${m.name}”.`,
  link: `/m/${m.slug}/desafios`,
});

/** SQL over `p` (the participant) and `marathons`: how many challenges revealed today are theirs. */
function revealedFor(marathon: NoticeMarathon): SQL {
  return sql`(SELECT count(*)::int FROM marathon_challenges c LEFT JOIN marathon_levels cl ON cl.id = c.level_id
    WHERE c.marathon_id = ${marathon.id} AND c.reveals_on = ${marathon.today}::date
      AND (cl.id IS NULL OR cl.position <= coalesce((SELECT pl.position FROM marathon_levels pl WHERE pl.id = p.level_id), 32767)))`;
}

/**
 * Tells the marathon's readers who were not told of `subject` yet and for whom `count` (SQL over the participant `p`)
 * is above zero, MARATHON_NOTICE_BATCH at a time; returns how many were told.
 */
async function tell(marathon: NoticeMarathon, subject: string, count: SQL, notice: (count: number) => Notice): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await getDb().transaction(async (tx) => {
      const claimed = await queryRows<{ user_id: string; n: number }>(
        sql`
        WITH due AS (SELECT * FROM (
          SELECT p.user_id, ${count} AS n
          FROM marathon_participants p JOIN marathons ON marathons.id = p.marathon_id
          WHERE p.marathon_id = ${marathon.id} AND p.status = 'active' AND ${mayStillOpenSql(sql`marathons`, sql`p.user_id`)}
            AND NOT EXISTS (SELECT 1 FROM marathon_notices n WHERE n.marathon_id = p.marathon_id AND n.user_id = p.user_id AND n.subject = ${subject})
        ) candidates WHERE n > 0 ORDER BY user_id LIMIT ${MARATHON_NOTICE_BATCH}
        ), claimed AS (
          INSERT INTO marathon_notices (marathon_id, user_id, subject)
          SELECT ${marathon.id}, user_id, ${subject} FROM due
          ON CONFLICT DO NOTHING RETURNING user_id
        )
        SELECT claimed.user_id, due.n FROM claimed JOIN due USING (user_id)`,
        tx,
      );
      for (const { user_id, n } of claimed) {
        const { kind, text, link } = notice(n);
        await notify({ userId: user_id, kind, text, link, data: { marathonId: marathon.id } }, tx);
      }
      return claimed.length;
    });
    sent += batch;
    if (batch < MARATHON_NOTICE_BATCH) return sent;
  }
}

// Hourly: the first run of a marathon's day tells everyone; later runs find them told (and a reader who joins during
// the day is told on the next run).
registerRecurringJob('marathons.notices', 3600, async () => {
  await sendMarathonNotices();
});
